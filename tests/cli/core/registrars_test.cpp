// run() registers only the command the first word names (cli/core/commands.hpp): each
// registrar's names must be the subcommands it adds, and every subcommand must have one.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "cli/core/commands.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using ::testing::HasSubstr;

std::set<std::string> subcommand_names(const CLI::App& app) {
  std::set<std::string> names;
  for (const CLI::App* sub : app.get_subcommands({})) names.insert(sub->get_name());
  return names;
}

TEST(CommandRegistrars, EachNamesExactlyTheSubcommandsItAdds) {
  for (const cli::CommandRegistrar& r : cli::command_registrars()) {
    CLI::App app;
    int status = 0;
    r.add(app, status);
    std::set<std::string> named;
    for (std::string_view name : r.names)
      if (!name.empty()) named.insert(std::string(name));
    EXPECT_EQ(subcommand_names(app), named) << "registrar of " << r.names[0];
  }
}

TEST(CommandRegistrars, NoTwoRegistrarsNameOneSubcommand) {
  std::set<std::string_view> seen;
  for (const cli::CommandRegistrar& r : cli::command_registrars())
    for (std::string_view name : r.names)
      if (!name.empty()) {
        EXPECT_TRUE(seen.insert(name).second) << name;
      }
}

TEST(CommandRegistrars, TheTopLevelHelpStillListsEveryCommand) {
  const auto r = test::run_arbiter("--help");
  EXPECT_EQ(r.status, 0);
  for (const cli::CommandRegistrar& reg : cli::command_registrars())
    for (std::string_view name : reg.names)
      if (!name.empty()) {
        EXPECT_THAT(r.out, HasSubstr(std::string(name))) << name;
      }
}

TEST(CommandRegistrars, ANamedCommandStillRunsAndRefusesAStrayWord) {
  const auto ok = test::run_arbiter("perft --depth 1");
  EXPECT_EQ(ok.status, 0);
  EXPECT_THAT(ok.out, HasSubstr("20"));
  // A sibling command's name after a command is a stray word, as when all were registered.
  const auto stray = test::run_arbiter("perft --depth 1 verify");
  EXPECT_EQ(stray.status, 2);
}

}  // namespace
}  // namespace arbiter
