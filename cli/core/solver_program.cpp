// run_in_solver_program (solver_program.hpp).
#include "cli/core/solver_program.hpp"

#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/core/program_beside.hpp"

namespace arbiter::cli {

void run_in_solver_program() {
  // The command line as the process got it: its words, each ended by a NUL.
  std::ifstream in("/proc/self/cmdline", std::ios::binary);
  const std::string line{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  std::vector<std::string> words;
  for (std::size_t at = 0; at < line.size();) {
    const std::size_t end = line.find('\0', at);
    words.push_back(line.substr(at, end == std::string::npos ? std::string::npos : end - at));
    if (end == std::string::npos) break;
    at = end + 1;
  }
  if (words.empty())
    throw std::runtime_error("cannot read this process's command line (/proc/self/cmdline)");
  words.erase(words.begin());  // the arbiter binary's own path
  exec_program_beside(kSolverProgram, "solver", words, "");
}

}  // namespace arbiter::cli
