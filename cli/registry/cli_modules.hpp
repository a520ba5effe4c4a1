// The command line's registry: what each rules module does for `perft`, `moves`, `replay` and
// `verify`, one entry per rules kind (rules/core/rules_kind.hpp). The commands in cli/core call
// the entry of the table they load and never ask which protocol it has; a module's entries
// live in its own folder (cli/conditional/, cli/simultaneous/, cli/core/ for the sequential
// protocol).
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "cli/core/moves_options.hpp"
#include "cli/core/perft_front_end.hpp"
#include "cli/core/replay_io.hpp"
#include "cli/core/verify.hpp"
#include "cli/puzzle/cmd_puzzle.hpp"
#include "rules/core/game_record.hpp"
#include "rules/core/variant.hpp"
#include "rules/simultaneous/sim_record.hpp"

namespace arbiter::cli {

struct CliModule {
  /// `perft`: the position (--fen, else the setup) counted to --depth.
  PerftCount (*perft)(const PerftOptions& o, const VariantPtr& v);
  /// `perft --bench` (and --compare).
  int (*perft_bench)(const PerftOptions& o, const VariantPtr& v);
  /// `moves`; null where the protocol has no single side to move (the simultaneous ones).
  int (*moves)(const MovesOptions& o, const VariantPtr& v);
  /// `replay`: a replayer of the table's records (`sets` only where traits().move_sets).
  std::unique_ptr<GameReplay> (*replay)(const VariantPtr& v, const ReplayOptions& options,
                                        TurnSets sets);
  /// `verify`: the protocol's self-checks of a table (perft, notation, FENs, knobs).
  void (*self_checks)(const std::string& name, const VariantPtr& v, const VerifyOptions& o,
                      TableVerdict& verdict);
  /// Stipulated problems (#n, h#n, s#n: `puzzle solve`, `generate`, `corpus`) need one move a
  /// ply: the sequential protocol's.
  bool stipulations;
  /// `puzzle task`: the protocol's own problem tasks; null where it has none.
  TaskAnswer (*task)(const VariantPtr& v, const std::string& fen, const std::string& task,
                     Color side);
  /// The task and position the report shows as a sample (empty: generated stipulations).
  std::string_view sample_task;
  std::string_view sample_fen;
};

/// The entry of the module that serves `v`.
const CliModule& cli_module(const Variant& v);

/// Throws std::invalid_argument ("puzzle generate needs a table with the sequential protocol:
/// ...") unless `v`'s module has stipulated problems.
void require_stipulations(const Variant& v, const std::string& what);

// The entries the modules' folders define (registered in cli_modules.cpp).
std::unique_ptr<GameReplay> sequential_replay(const VariantPtr& v, const ReplayOptions& options,
                                              TurnSets sets);
int run_sequential_moves(const MovesOptions& o, const VariantPtr& v);
void sequential_self_checks(const std::string& name, const VariantPtr& v, const VerifyOptions& o,
                            TableVerdict& verdict);
void conditional_self_checks(const std::string& name, const VariantPtr& v, const VerifyOptions& o,
                             TableVerdict& verdict);
void sim_self_checks(const std::string& name, const VariantPtr& v, const VerifyOptions& o,
                     TableVerdict& verdict);

}  // namespace arbiter::cli
