// Progress of a long command on stderr (find, coverage, ambiguities, verify): one line per
// counted step ("[3/17] diplomacy/equal-rank-bounce"), redrawn in place with '\r' only when
// the stream is a terminal, so that a file or a pipe gets plain lines and never '\r' frames.
#pragma once

#include <ostream>
#include <string>
#include <string_view>

#include "solver/core/progress_step.hpp"

namespace arbiter::cli {

class Progress {
 public:
  /// Writes to `out` (stderr in the commands); `terminal`: `out` is a terminal
  /// (stderr_is_terminal()). A quiet Progress writes nothing.
  Progress(std::ostream& out, bool terminal, bool quiet, std::string prefix);
  /// On std::cerr, a terminal or not as isatty says.
  Progress(bool quiet, std::string prefix);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  /// Step `index` of `total` starts (or ends): "prefix: [index/total] what". On a terminal it
  /// replaces the step before; elsewhere it is a line of its own.
  void step(int index, int total, std::string_view what);
  /// The same for a step a solver run reports (an uncounted one has no "[i/n]").
  void step(const solver::ProgressStep& s);
  /// An uncounted line that stays on a terminal too ("corpus written to x.toml").
  void note(std::string_view what);
  /// A detail of the current step worth a glance but not a line ("37 proposals judged"): drawn
  /// on a terminal only, and dropped elsewhere.
  void tick(std::string_view what);
  /// Ends a frame left on a terminal, keeping it as a line (the destructor does it too).
  void finish();
  /// Erases a frame left on a terminal, for a line of results on stdout to take its place.
  void clear();

  bool quiet() const { return quiet_; }

 private:
  void frame(const std::string& text);

  std::ostream& out_;
  bool terminal_;
  bool quiet_;
  std::string prefix_;
  std::string step_;   ///< the current step's text, for tick()
  bool open_ = false;  ///< a frame is drawn and the cursor stands after it
};

/// isatty(stderr): whether progress may be redrawn in place (also `puzzle`'s progress bars).
bool stderr_is_terminal();

}  // namespace arbiter::cli
