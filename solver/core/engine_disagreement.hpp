// The error a search throws when Z3 proposes a position for an exact formula that the engine
// rejects (or cannot read): a bug in the encoding or the engine, not bad input. Part of the
// solver's facade (no Z3 types): the commands catch it (`arbiter` exits 3).
#pragma once

#include <stdexcept>
#include <string>

namespace arbiter::solver {

class EngineDisagreement : public std::runtime_error {
 public:
  EngineDisagreement(const std::string& fen, const std::string& solver_view,
                     const std::string& engine_view);
  const std::string& fen() const { return fen_; }
  const std::string& solver_view() const { return solver_view_; }
  const std::string& engine_view() const { return engine_view_; }

 private:
  std::string fen_, solver_view_, engine_view_;
};

}  // namespace arbiter::solver
