#include "cli/core/run.hpp"

int main(int argc, char** argv) {
  return arbiter::cli::run_arbiter(argc, argv);
}
