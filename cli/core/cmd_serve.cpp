// `arbiter serve`: checks the options and runs the server program beside this binary with
// them (server/main/serve_main.cpp; why two programs: serve_options.hpp). The process becomes the
// server (exec), so signals, the exit status and the output are the server's own.
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/core/commands.hpp"
#include "server/main/serve_options.hpp"

namespace arbiter::cli {
namespace {

/// The server program in the folder of the running arbiter binary.
std::filesystem::path serve_program_path() {
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  if (error)
    throw std::runtime_error(
        "serve: cannot find the arbiter binary's folder (/proc/self/exe: " + error.message() + ")");
  return self.parent_path() / server::kServeProgram;
}

int exec_serve_program(const server::ServeCliOptions& o) {
  const std::filesystem::path program = serve_program_path();
  std::vector<std::string> words{program.string()};
  for (std::string& a : server::serve_arguments(o)) words.push_back(std::move(a));
  std::vector<char*> argv;
  argv.reserve(words.size() + 1);
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  execv(program.c_str(), argv.data());
  // execv returns only when it failed.
  throw std::runtime_error("serve: cannot run the server program " + program.string() + ": " +
                           std::strerror(errno) + " (it is built beside arbiter: target " +
                           server::kServeProgram + ")");
}

}  // namespace

void register_serve_command(CLI::App& app, int& status) {
  auto o = std::make_shared<server::ServeCliOptions>();
  auto* cmd = app.add_subcommand("serve", server::kServeDescription);
  server::add_serve_options(*cmd, *o);
  cmd->callback([o, &status] { status = exec_serve_program(*o); });
}

}  // namespace arbiter::cli
