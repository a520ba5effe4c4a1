// A valid table the solver cannot encode (solver::CannotEncode) is not bad input: every command
// that reaches the Z3 encoding with it exits 5 and says the solver cannot encode it (docs/cli.md,
// Conventions), where a broken table exits 2.
#include <gtest/gtest.h>

#include <string>

#include "cli/core/exit_status.hpp"
#include "tests/support/scratch_dir_test_fixture.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using test::run_arbiter;

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

class CannotEncodeCli : public test::ScratchDirTest {
 protected:
  void expect_refusal(const std::string& command) {
    const test::CommandResult r = run_arbiter(command);
    EXPECT_EQ(r.status, cli::kCannotEncode) << "arbiter " << command << '\n' << r.out << r.err;
    EXPECT_NE(r.err.find("arbiter: error: the solver cannot encode this (the engine reads it): "
                         "solver: threat-by-pinned-piece=ignored is not encoded yet"),
              std::string::npos)
        << r.err;
  }
  std::string table() const { return write("ignored-threat.toml", kIgnoredThreatTable); }
};

TEST_F(CannotEncodeCli, TheTableIsValidAndTheEnginePlaysIt) {
  EXPECT_EQ(run_arbiter("check-table " + table()).status, cli::kHolds);
  EXPECT_EQ(run_arbiter("perft -d 1 -v " + table()).status, cli::kHolds);
}

TEST_F(CannotEncodeCli, CoverageExitsFiveAndSaysTheSolverCannotEncodeIt) {
  expect_refusal("coverage -q -v " + table());
}

TEST_F(CannotEncodeCli, AmbiguitiesExitsFiveAndSaysTheSolverCannotEncodeIt) {
  expect_refusal("ambiguities -q -v " + table());
}

}  // namespace
}  // namespace arbiter
