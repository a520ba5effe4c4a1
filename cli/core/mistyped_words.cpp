#include "cli/core/mistyped_words.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cctype>

#include "rules/core/closest_name.hpp"

namespace arbiter::cli {
namespace {

/// "arbiter puzzle solve" for the subcommand solve of puzzle.
std::string command_path(const CLI::App* app) {
  std::string path = app->get_name();
  for (const CLI::App* up = app->get_parent(); up; up = up->get_parent())
    path = up->get_name() + " " + path;
  return path;
}

std::string subcommand_message(const CLI::App& app, const std::string& word) {
  std::vector<std::string> names;
  for (const CLI::App* sub : app.get_subcommands({})) {
    if (sub->check_name(word)) return "";
    names.push_back(sub->get_name());
  }
  const std::string path = command_path(&app);
  const std::string hint = did_you_mean(word, names);
  return fmt::format(
      "unknown subcommand '{}'{}: {} (see {} --help)", word, app.get_parent() ? " of " + path : "",
      hint.empty() ? fmt::format("expected one of {}", fmt::join(names, ", ")) : hint, path);
}

std::vector<std::string> option_names(const CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::Option* o : app.get_options()) {
    for (const std::string& l : o->get_lnames()) names.push_back("--" + l);
    for (const std::string& s : o->get_snames()) names.push_back("-" + s);
  }
  return names;
}

bool looks_like_option(const std::string& word) {
  return word.size() > 1 && word[0] == '-' && !std::isdigit(static_cast<unsigned char>(word[1]));
}

}  // namespace

std::string unknown_subcommand(const CLI::App& app, const std::string& word) {
  return subcommand_message(app, word);
}

std::vector<std::string> unknown_words(const CLI::App& app) {
  // The words belong to the last subcommand given ("perft" in "arbiter perft --dept 3").
  const CLI::App* at = &app;
  while (!at->get_subcommands().empty()) at = at->get_subcommands().front();
  const std::string path = command_path(at);
  std::vector<std::string> messages;
  for (const std::string& word : app.remaining(true)) {
    if (looks_like_option(word)) {
      const std::string name = word.substr(0, word.find('='));
      const std::string hint = did_you_mean(name, option_names(*at));
      messages.push_back(fmt::format("unknown option '{}' of {}: {} (see {} --help)", name, path,
                                     hint.empty() ? "no option of that name" : hint, path));
    } else if (!at->get_subcommands({}).empty()) {
      if (std::string message = subcommand_message(*at, word); !message.empty())
        messages.push_back(std::move(message));
    }
  }
  return messages;
}

}  // namespace arbiter::cli
