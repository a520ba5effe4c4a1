#include "cli/core/program_beside.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <stdexcept>

namespace arbiter::cli {

void exec_program_beside(const char* name, const char* kind,
                         const std::vector<std::string>& arguments, const std::string& what) {
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  if (error)
    throw std::runtime_error(
        what + "cannot find the arbiter binary's folder (/proc/self/exe: " + error.message() + ")");
  const std::filesystem::path program = self.parent_path() / name;
  std::vector<std::string> words{program.string()};
  words.insert(words.end(), arguments.begin(), arguments.end());
  std::vector<char*> argv;
  argv.reserve(words.size() + 1);
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  execv(program.c_str(), argv.data());
  // execv returns only when it failed.
  throw std::runtime_error(what + "cannot run the " + kind + " program " + program.string() + ": " +
                           std::strerror(errno) + " (it is built beside arbiter: target " + name +
                           ")");
}

}  // namespace arbiter::cli
