// `arbiter serve`: checks the options and runs the server program beside this binary with
// them (server/main/serve_main.cpp; why two programs: serve_options.hpp). The process becomes the
// server (exec), so signals, the exit status and the output are the server's own.
#include <memory>

#include "cli/core/commands.hpp"
#include "cli/core/program_beside.hpp"
#include "server/main/serve_options.hpp"

namespace arbiter::cli {
namespace {

[[noreturn]] void exec_serve_program(const server::ServeCliOptions& o) {
  exec_program_beside(server::kServeProgram, "server", server::serve_arguments(o), "serve: ");
}

}  // namespace

void register_serve_command(CLI::App& app, int& /*status: the server program's own*/) {
  auto o = std::make_shared<server::ServeCliOptions>();
  auto* cmd = app.add_subcommand("serve", server::kServeDescription);
  server::add_serve_options(*cmd, *o);
  cmd->callback([o] { exec_serve_program(*o); });
}

}  // namespace arbiter::cli
