// The problems of one input file, as `arbiter puzzle solve` reads them: a Popeye input file
// (popeye_input.cpp), an EPD file or a file of FEN lines (problem_files.cpp). Each reader
// returns plain data; solving and printing stay in the command.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace arbiter::cli {

/// One problem to solve (a Popeye twin is a problem of its own), or the reason it cannot be.
struct ProblemSpec {
  int index = 0;       ///< 1-based, in file order
  std::string source;  ///< "file:line" where the problem (or twin) starts
  std::string fen;     ///< the position, side to move = who starts
  std::string stip;    ///< "#2", "h#3", "s#2", "h#2.5", "=2", "ser-#5", ...
  std::string title;   ///< metadata, one line each, empty when not given
  std::string author;
  std::string origin;
  std::string award;
  std::string twin;  ///< "b) move a1 b2" for a twin, empty otherwise
  /// --format popeye (Popeye files only): the problem's number in the file, shared by its
  /// twins and duplex halves, which Popeye prints as one block; the block's head (the
  /// diagram's stipulation line, then "Duplex" or "zeroposition" lines), set on its first
  /// part when the block has twins or duplex halves; and the twin's line as Popeye writes it
  /// ("b) wKh1-->h2  "), empty for a duplex's second half.
  int group = 0;
  std::string popeye_head;
  std::string popeye_twin;
  std::vector<std::string> remarks;    ///< Popeye `Remark` lines, printed as Popeye prints them
  std::optional<int> max_solutions;    ///< h#n: lines listed at most (Popeye MaxSolutions)
  double max_seconds = 0;              ///< the search's time limit (Popeye MaxTime; 0: none)
  bool no_threat = false;              ///< threats left out (Popeye NoThreat)
  bool set_play = false;               ///< the set play solved too (Popeye SetPlay)
  bool tries = false;                  ///< Popeye Option Try: Popeye prints the tries
  bool variations = false;             ///< Popeye Option Variation (--format popeye: s#1, r#1)
  std::optional<int> max_refutations;  ///< #, s#: tries refuted at most so often (Defence n)
  /// Popeye `Condition WORD`: the table to solve in, by name ("Conversion", "ConversionChess":
  /// table conversion); empty: the command's --variant. Checked by the command.
  std::string condition;
  std::string condition_source;  ///< "file:line" of the condition
  /// Popeye's language of the file (popeye::Language: 0 French, 1 German, 2 English), the one
  /// Popeye prints its solution in (--format popeye); English for other files.
  int language = 2;
  /// What was read but only changes Popeye's presentation, so arbiter ignores it, said
  /// where: "file.inp:3: option 'Variation' ignored: ...". Printed on stderr.
  std::vector<std::string> notes;
  /// Set when the problem could not be read: "file.inp:12: condition 'Circe' is not
  /// supported by arbiter". The other fields are then incomplete.
  std::string error;
};

/// Thrown for a file that cannot be opened or is not of the expected kind at all.
class ProblemFileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// True when the first word of `text` opens a Popeye problem (BeginProblem, AnfangProblem,
/// DebutProbleme, or an unambiguous prefix of one).
bool looks_like_popeye(const std::string& text);

/// Reads Popeye's input language (English, German or French, chosen by the first keyword as
/// Popeye does). `name` is used in `source` and errors. Never throws for bad input: a problem
/// that cannot be read is returned with `error` set, and reading goes on at the next problem.
std::vector<ProblemSpec> read_popeye(const std::string& text, const std::string& name);

/// An EPD file: one position per line (four FEN fields, then operations `op operand;`), the
/// stipulation from the `dm` or `stip` operation (epd.hpp) or else `default_stip`; `id`
/// becomes the title. A malformed line is returned with `error` set.
std::vector<ProblemSpec> read_epd(const std::string& text, const std::string& name,
                                  const std::string& default_stip);

/// One FEN per line (blank lines and lines starting with '%' skipped), all with `stip`.
std::vector<ProblemSpec> read_fen_lines(const std::string& text, const std::string& name,
                                        const std::string& stip);

/// The whole file; throws ProblemFileError when it cannot be read.
std::string read_problem_file(const std::string& path);

/// `s` without the blanks (spaces, tabs, carriage returns) at either end.
std::string trim_blanks(const std::string& s);

}  // namespace arbiter::cli
