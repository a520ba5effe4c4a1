// Standard output and standard error captured in memory, for tests of code that prints.
#pragma once

#include <iostream>
#include <sstream>

namespace arbiter::test {

/// While it lives, what is written to std::cout goes to `out` and std::cerr to `err`.
class CapturedOutput {
 public:
  CapturedOutput() : cout_(std::cout.rdbuf(out.rdbuf())), cerr_(std::cerr.rdbuf(err.rdbuf())) {}
  ~CapturedOutput() {
    std::cout.rdbuf(cout_);
    std::cerr.rdbuf(cerr_);
  }
  CapturedOutput(const CapturedOutput&) = delete;
  CapturedOutput& operator=(const CapturedOutput&) = delete;

  std::ostringstream out, err;

 private:
  std::streambuf* cout_;
  std::streambuf* cerr_;
};

}  // namespace arbiter::test
