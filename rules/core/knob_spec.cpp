#include "rules/core/knob_spec.hpp"

#include <stdexcept>

namespace arbiter {

std::optional<std::size_t> KnobSpec::index_of(std::string_view spelling) const {
  for (std::size_t a = 0; a < alternatives.size(); ++a)
    if (alternatives[a] == spelling) return a;
  return std::nullopt;
}

std::string KnobSpec::alternatives_text() const {
  std::string out;
  for (const std::string_view a : alternatives) {
    if (!out.empty()) out += ", ";
    out += a;
  }
  return out;
}

std::optional<std::pair<std::string, std::string>> split_knob_setting(std::string_view text) {
  const std::size_t eq = text.find('=');
  if (eq == std::string_view::npos || eq == 0 || eq + 1 == text.size()) return std::nullopt;
  return std::pair{std::string(text.substr(0, eq)), std::string(text.substr(eq + 1))};
}

std::string knob_setting(std::string_view name, std::string_view alternative) {
  std::string out(name);
  out += '=';
  out += alternative;
  return out;
}

namespace detail {
void unbound_member() {
  throw std::logic_error("a knob member without a binding in its knob_bindings()");
}
}  // namespace detail

bool is_setting_of(std::string_view setting, std::string_view knob) {
  return setting.size() > knob.size() && setting.substr(0, knob.size()) == knob &&
         setting[knob.size()] == '=';
}

}  // namespace arbiter
