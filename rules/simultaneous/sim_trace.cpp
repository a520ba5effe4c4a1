#include "rules/simultaneous/sim_trace.hpp"

namespace arbiter {

std::string SimStatus::result() const {
  if (!over) return "";
  if (!winner) return "1/2-1/2";
  return *winner == kWhite ? "1-0" : "0-1";
}

}  // namespace arbiter
