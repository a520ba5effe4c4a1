#include "cli/core/progress.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <iostream>

namespace arbiter::cli {

bool stderr_is_terminal() {
  return ::isatty(STDERR_FILENO) != 0;
}

Progress::Progress(std::ostream& out, bool terminal, bool quiet, std::string prefix)
    : out_(out), terminal_(terminal), quiet_(quiet), prefix_(std::move(prefix)) {}

Progress::Progress(bool quiet, std::string prefix)
    : Progress(std::cerr, stderr_is_terminal(), quiet, std::move(prefix)) {}

Progress::~Progress() {
  finish();
}

void Progress::frame(const std::string& text) {
  // Back to the start of the line, the new text, and the rest of the old one erased.
  out_ << '\r' << text << "\x1b[K" << std::flush;
  open_ = true;
}

void Progress::step(int index, int total, std::string_view what) {
  step(solver::ProgressStep(index, total, what));
}

void Progress::step(const solver::ProgressStep& s) {
  if (quiet_) return;
  step_ = prefix_ + ": " + s.text;
  if (terminal_)
    frame(step_);
  else
    out_ << step_ << '\n' << std::flush;
}

void Progress::note(std::string_view what) {
  if (quiet_) return;
  if (open_) out_ << "\r\x1b[K";
  open_ = false;
  out_ << prefix_ << ": " << what << '\n' << std::flush;
}

void Progress::tick(std::string_view what) {
  if (quiet_ || !terminal_) return;
  frame(step_.empty() ? fmt::format("{}: {}", prefix_, what) : fmt::format("{} ({})", step_, what));
}

void Progress::finish() {
  if (open_) out_ << '\n' << std::flush;
  open_ = false;
}

void Progress::clear() {
  if (open_) out_ << "\r\x1b[K" << std::flush;
  open_ = false;
}

}  // namespace arbiter::cli
