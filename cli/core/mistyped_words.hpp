// Messages for a mistyped subcommand or option, with the nearest known name ("did you mean
// --depth?"): CLI11's own "The following arguments were not expected: 3 --dept" names none.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace arbiter::cli {

/// "unknown subcommand 'perfy': did you mean perft? (see arbiter --help)", or "" when `word`
/// names a subcommand of `app`.
std::string unknown_subcommand(const CLI::App& app, const std::string& word);

/// After a failed parse, one message per word CLI11 left over that looks like an option or a
/// subcommand of the (sub)command it was given to; empty when there is none such.
std::vector<std::string> unknown_words(const CLI::App& app);

}  // namespace arbiter::cli
