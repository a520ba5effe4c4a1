#include "rules/core/record_reader.hpp"

namespace arbiter {

std::string win_for(Color winner) {
  return winner == kWhite ? "1-0" : "0-1";
}

}  // namespace arbiter
