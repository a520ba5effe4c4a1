#include "solver/core/engine_disagreement.hpp"

#include <fmt/format.h>

namespace arbiter::solver {

EngineDisagreement::EngineDisagreement(const std::string& fen, const std::string& solver_view,
                                       const std::string& engine_view)
    : std::runtime_error(fmt::format("solver and engine disagree on {}: solver: {}; engine: {}",
                                     fen, solver_view, engine_view)),
      fen_(fen),
      solver_view_(solver_view),
      engine_view_(engine_view) {}

}  // namespace arbiter::solver
