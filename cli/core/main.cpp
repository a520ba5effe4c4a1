#include "cli/core/commands.hpp"

int main(int argc, char** argv) {
  return arbiter::cli::run(argc, argv);
}
