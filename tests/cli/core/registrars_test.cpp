// run() registers only the command the first word names (cli/core/commands.hpp): each
// registrar's names must be the subcommands it adds, and every subcommand must have one. The
// arbiter program holds some commands and hands the others to the solver program
// (cli/core/solver_program.hpp).
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <string>

#include "cli/core/commands.hpp"
#include "cli/core/solver_program.hpp"
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

TEST(CommandRegistrars, TheArbiterProgramsCommandsAreTheSolverProgramsToo) {
  const auto all = cli::command_registrars();
  for (const cli::CommandRegistrar& r : cli::engine_command_registrars()) {
    const auto same = std::find_if(all.begin(), all.end(), [&](const cli::CommandRegistrar& a) {
      return a.names == r.names && a.add == r.add;
    });
    EXPECT_NE(same, all.end()) << r.names[0];
  }
  EXPECT_LT(cli::engine_command_registrars().size(), all.size());
}

TEST(CommandRegistrars, TheArbiterProgramHandsASolverCommandToTheSolverProgram) {
  // `verify` is the solver program's: its verdict comes back through the hand-off.
  const auto r = test::run_arbiter("verify --table orthodox --no-report");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("PASS orthodox"));
  // The hand-off keeps the command line as it was, so a mistyped option is still named.
  const auto typo = test::run_arbiter("verify --tabel orthodox");
  EXPECT_EQ(typo.status, 2);
  EXPECT_THAT(typo.err, HasSubstr("--table"));
}

TEST(CommandRegistrars, AnArbiterWithoutItsSolverProgramSaysSoForASolverCommandOnly) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / "arbiter-without-solver";
  std::filesystem::create_directories(dir);
  const std::filesystem::path lone = dir / "arbiter";
  std::filesystem::copy_file(ARBITER_BINARY, lone,
                             std::filesystem::copy_options::overwrite_existing);
  const std::string out = (dir / "out").string();
  const auto run = [&](const std::string& args) {
    const int raw = std::system((lone.string() + " " + args + " >" + out + " 2>&1").c_str());
    return WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  };
  EXPECT_EQ(run("perft --depth 1"), 0);  // the arbiter program's own command
  EXPECT_EQ(run("verify --table orthodox"), 2);
  EXPECT_THAT(test::slurp(out), HasSubstr("cannot run the solver program"));
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace arbiter
