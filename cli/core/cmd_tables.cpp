// `arbiter variants` and `arbiter check-table FILE`.
#include <fmt/format.h>

#include <iostream>

#include "cli/core/commands.hpp"
#include "cli/core/option_checks.hpp"
#include "present/core/json_writer.hpp"
#include "present/core/knob_json.hpp"
#include "rules/core/load_variant.hpp"

namespace arbiter::cli {
namespace {

std::string piece_summary(const RuleTable& t) {
  std::string s;
  for (const PieceDef& p : t.pieces) {
    if (!s.empty()) s += ' ';
    s += fmt::format("{}={}", p.letter, p.betza);
  }
  return s;
}

int list_variants(bool json) {
  JsonWriter w;
  w.begin_array();
  int status = 0;
  for (const std::string& name : bundled_table_names()) {
    try {
      const RuleTable t = load_bundled_table(name);
      if (json) {
        w.begin_object().field("name", t.name).field("file", t.source_file);
        w.field("description", t.description).field("protocol", to_string(t.protocol));
        w.key("pieces").begin_array();
        for (const PieceDef& p : t.pieces)
          w.begin_object()
              .field("letter", std::string(1, p.letter))
              .field("name", p.name)
              .field("betza", p.betza)
              .end_object();
        w.end_array();
        write_knobs(w, t.knobs);
        w.end_object();
      } else {
        std::cout << fmt::format("{:<14} {:<13} {}\n", t.name, to_string(t.protocol),
                                 t.description);
        std::cout << fmt::format("{:<14} pieces: {}\n", "", piece_summary(t));
        // One knob a line: its name, default and every alternative (the default first).
        if (t.knobs.empty()) std::cout << fmt::format("{:<14} knobs:  (none)\n", "");
        for (std::size_t i = 0; i < t.knobs.size(); ++i) {
          const KnobDef& k = t.knobs[i];
          std::string others;
          for (const std::string& a : k.alternatives)
            if (a != k.default_value) others += " | " + a;
          std::cout << fmt::format("{:<14} {:<7} {} = {}{}\n", "", i == 0 ? "knobs:" : "", k.name,
                                   k.default_value, others);
        }
      }
    } catch (const TableError& e) {
      for (const Diagnostic& d : e.diagnostics())
        std::cerr << "arbiter: error: " << d.str() << '\n';
      status = 1;
    }
  }
  w.end_array();
  if (json) std::cout << w.str() << '\n';
  return status;
}

int check_table(const std::string& path, bool json) {
  // No file to check is an input error (the loader's message, exit status 2), not an invalid
  // table.
  if (!readable_file(path)) (void)load_table_file(path);
  try {
    RuleTable table = load_table_file(path);
    const std::string name = table.name;
    const auto chain = table.extends_chain;
    const std::size_t pieces = table.pieces.size(), knobs = table.knobs.size();
    (void)Variant::compile(std::move(table));
    if (json) {
      JsonWriter w;
      w.begin_object().field("file", path).field("valid", true).field("name", name);
      w.key("extends").begin_array();
      for (const auto& p : chain) w.value(p);
      w.end_array().field("pieces", static_cast<int>(pieces));
      w.field("knobs", static_cast<int>(knobs)).key("errors").begin_array().end_array();
      std::cout << w.end_object().str() << '\n';
    } else {
      std::string ext;
      for (const auto& p : chain) ext += " -> " + p;
      std::cout << fmt::format("{}: valid table '{}'{} ({} pieces, {} knobs)\n", path, name, ext,
                               pieces, knobs);
    }
    return 0;
  } catch (const TableError& e) {
    if (json) {
      JsonWriter w;
      w.begin_object().field("file", path).field("valid", false).key("errors").begin_array();
      for (const Diagnostic& d : e.diagnostics())
        w.begin_object()
            .field("file", d.where.file)
            .field("line", d.where.line)
            .field("column", d.where.column)
            .field("message", d.message)
            .end_object();
      std::cout << w.end_array().end_object().str() << '\n';
    }
    for (const Diagnostic& d : e.diagnostics()) std::cerr << d.str() << '\n';
    std::cerr << fmt::format("{}: {} error(s)\n", path, e.diagnostics().size());
    return 1;
  }
}

}  // namespace

void register_table_commands(CLI::App& app, int& status) {
  auto* variants = app.add_subcommand("variants", "List the bundled rule tables");
  auto vjson = std::make_shared<bool>(false);
  variants->add_flag("--json", *vjson, "Print a JSON array");
  variants->callback([&status, vjson] { status = list_variants(*vjson); });

  auto* check = app.add_subcommand("check-table",
                                   "Validate a rule table file (exit 1 with file:line:col errors)");
  auto path = std::make_shared<std::string>();
  check->add_option("file", *path, "The .toml rule table")->required();
  auto cjson = std::make_shared<bool>(false);
  check->add_flag("--json", *cjson, "Print the verdict as JSON");
  check->callback([&status, path, cjson] { status = check_table(*path, *cjson); });
}

}  // namespace arbiter::cli
