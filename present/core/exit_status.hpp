// The exit statuses every subcommand gives (docs/cli.md, Conventions), written once.
#pragma once

#include <stdexcept>

namespace arbiter::inline present {

enum ExitStatus : int {
  kHolds = 0,         ///< the claim holds: the record replays, the check passes, nothing changed
  kFails = 1,         ///< it does not: a record rejected, a check failed, a difference found
  kBadInput = 2,      ///< usage or input error: unknown option, bad FEN, unreadable file, ...
  kInternal = 3,      ///< a bug: the solver and the engine disagree on a position
  kUndecided = 4,     ///< a search hit its limit (--timeout, --rlimit, rounds) before deciding
  kCannotEncode = 5,  ///< the input is valid but the solver cannot encode it (solver::CannotEncode)
};

/// A check that failed where the command cannot go on (a benchmark's count differs from the
/// table's): exit status kFails. Every other error that reaches the command line is kBadInput.
class CheckFailed : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace arbiter::inline present
