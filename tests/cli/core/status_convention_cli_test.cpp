// The exit statuses every subcommand gives (docs/cli.md, Conventions;
// present/core/exit_status.hpp): 0 the claim holds, 1 it does not, 2 usage or input error.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "present/core/exit_status.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using test::run_arbiter;

const std::string kBadFen = "'8/8/8 w - - 0 1'";

void expect_status(const std::vector<std::string>& commands, int status,
                   const std::string& stdin_text = "") {
  for (const std::string& command : commands) {
    const test::CommandResult r = run_arbiter(command, stdin_text);
    EXPECT_EQ(r.status, status) << "arbiter " << command << '\n' << r.out << r.err;
  }
}

TEST(ExitStatus, UsageAndInputErrorsAreTwoInEveryCommand) {
  const std::string missing = "/nonexistent/arbiter/file";
  expect_status(
      {
          // unknown subcommand or option, missing argument
          "frobnicate",
          "perft --dept 3",
          "puzzle slove",
          "find",
          "replay",
          // bad FEN
          "moves --fen " + kBadFen,
          "perft -d 1 --fen " + kBadFen,
          "resolve --white e4 --black e5 --fen " + kBadFen,
          "puzzle solve --stip '#2' --fen " + kBadFen,
          // bad move on the command line
          "moves --play Zz9",
          "resolve --white Zz4 --black e5",
          // unknown table, knob, alternative, scenario
          "perft -d 1 -v nosuch",
          "moves -v nosuch",
          "verify --table nosuch",
          "find -v nosuch double-check",
          "coverage -v nosuch",
          "ambiguities -v nosuch",
          "ambiguities -v conversion --knob nosuch",
          "diff orthodox nosuch",
          "perft -d 1 -v conversion --knob nosuch=x",
          "perft -d 1 -v conversion --knob castling-threatens=maybe",
          "perft -d 1 -v conversion --knob castling-threatens",
          "find no-such-scenario",
          // unreadable or unwritable file
          "check-table " + missing,
          "replay " + missing,
          "verify --table " + missing + ".toml",
          "verify --no-solver --table orthodox --report /proc/arbiter-report",
          "resolve --white e4 --black e5 --svg /nonexistent-dir/x.svg",
      },
      2);
  // A record to read, so that the FEN is what is wrong (an empty one is no game: status 1).
  expect_status({"replay - --fen " + kBadFen}, 2, "1. e4\n");
}

TEST(ExitStatus, AClaimThatDoesNotHoldIsOne) {
  const std::string wrong_count = test::write_temp_file("exit_status_bad_perft.toml", R"(
[table]
name = "bad-perft"
extends = "orthodox"
description = "orthodox with a wrong perft count"

[[perft]]
name = "wrong"
fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
nodes = [6]
)");
  const std::string invalid = test::data_path("tables/two_royals.toml");
  expect_status({"check-table " + invalid, "verify --no-solver -q --table " + invalid,
                 "perft --bench --bench-nodes 30 -v " + wrong_count},
                1);
  expect_status({"replay -"}, 1, "1. e4 e5 2. Ke3\n");  // a record rejected
}

TEST(ExitStatus, AClaimThatHoldsIsZero) {
  expect_status({"check-table " + test::data_path("tables/fairy_child.toml"), "moves", "perft -d 2",
                 "find --list", "verify --no-solver -q --table orthodox"},
                0);
  expect_status({"replay -"}, 0, "1. e4 e5 2. Nf3\n");
}

TEST(ExitStatus, TheConventionsTableOfTheDocsGivesEachStatusTheCodeUses) {
  const std::string docs = test::slurp(std::string(ARBITER_SOURCE_DIR) + "/docs/cli.md");
  const std::pair<int, const char*> rows[] = {
      {present::kHolds, "the claim holds"},
      {present::kFails, "it does not"},
      {present::kBadInput, "usage or input error"},
      {present::kInternal, "a bug: the solver and the engine disagree"},
      {present::kUndecided, "undecided: a search hit its limit"},
  };
  for (const auto& [status, meaning] : rows)
    EXPECT_NE(docs.find("| " + std::to_string(status) + " | " + meaning), std::string::npos)
        << status << " " << meaning;
}

}  // namespace
}  // namespace arbiter

namespace arbiter::cli {
namespace {

using test::run_arbiter;

// Status 5: a valid table the solver cannot encode (solver::CannotEncode). Every command that
// reaches the Z3 encoding with it says so, where a broken table exits 2. (In the namespace of
// the statuses, which these tests name unqualified.)

TEST(ExitStatus, TheConventionsTableOfTheDocsGivesStatusFiveToWhatTheSolverCannotEncode) {
  const std::string docs = test::slurp(std::string(ARBITER_SOURCE_DIR) + "/docs/cli.md");
  EXPECT_NE(docs.find("| " + std::to_string(kCannotEncode) + " | the solver cannot encode it"),
            std::string::npos);
}

/// Conversion with threat-by-pinned-piece=ignored by default: the engine plays it, the attack
/// encoding refuses it (solver/core/attack_encoding.cpp).
constexpr const char* kIgnoredThreatTable = R"([table]
name = "conversion-ignored-threat"
extends = "conversion"

[knobs.threat-by-pinned-piece]
alternatives = ["ignored", "counts"]
default = "ignored"
clause = "a test of the solver's refusal"
description = "a test of the solver's refusal"
)";

/// The table, written once a process into the temporary directory.
const std::string& ignored_threat_table() {
  static const std::string path =
      test::write_temp_file("arbiter_cannot_encode_ignored_threat.toml", kIgnoredThreatTable);
  return path;
}

void expect_refusal(const std::string& command) {
  const test::CommandResult r = run_arbiter(command);
  EXPECT_EQ(r.status, kCannotEncode) << "arbiter " << command << '\n' << r.out << r.err;
  EXPECT_NE(r.err.find("arbiter: error: the solver cannot encode this (the engine reads it): "
                       "solver: threat-by-pinned-piece=ignored is not encoded yet"),
            std::string::npos)
      << r.err;
}

TEST(CannotEncodeCli, TheTableIsValidAndTheEnginePlaysIt) {
  EXPECT_EQ(run_arbiter("check-table " + ignored_threat_table()).status, kHolds);
  EXPECT_EQ(run_arbiter("perft -d 1 -v " + ignored_threat_table()).status, kHolds);
}

TEST(CannotEncodeCli, CoverageExitsFiveAndSaysTheSolverCannotEncodeIt) {
  expect_refusal("coverage -q -v " + ignored_threat_table());
}

TEST(CannotEncodeCli, AmbiguitiesExitsFiveAndSaysTheSolverCannotEncodeIt) {
  expect_refusal("ambiguities -q -v " + ignored_threat_table());
}

}  // namespace
}  // namespace arbiter::cli
