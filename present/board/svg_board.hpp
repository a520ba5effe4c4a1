// An SVG drawing of a board, written by hand (no external tool): squares, coordinates, men as the
// Unicode chess figures (orthodox pieces; a lettered disc for a piece no figure shows), with
// White or Black at the bottom, shared squares (two men on one square, drawn side by side), marked
// squares (Conversion Chess: pieces that would convert), conflict points (Diplomacy Chess: where
// moves meet), arrows for moves (failed moves dashed and red) and the phase of a Conditional Chess
// turn. The output is deterministic: the same board, the same text.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rules/core/position.hpp"

namespace arbiter::inline present {

struct SvgArrow {
  Square from = kNoSquare;
  Square to = kNoSquare;
  Color side = kWhite;  ///< whose move (the arrow's colour)
  bool failed = false;  ///< the move did not stand: dashed and red
};

struct SvgBoard {
  explicit SvgBoard(Position p) : pos(std::move(p)) {}

  Position pos;
  std::vector<SvgArrow> arrows;
  Bitboard marked = 0;     ///< conversion co-squares: pieces that would convert (orange frame)
  Bitboard conflicts = 0;  ///< conflict points, such as Diplomacy meeting squares (red ring)
  std::string phase;       ///< Conditional Chess: "A", "B" or "C"; empty for other tables
  std::string caption;     ///< a line under the board (may be empty)
};

/// Geometry shared by the drawing and its tests.
inline constexpr int kSvgSquare = 45;  ///< side of one square in SVG units
inline constexpr int kSvgMargin = 20;  ///< room for the coordinates on the left and below

/// One board as an <svg> element (class "board"), for inlining in HTML, with `bottom`'s first
/// rank at the bottom (Black: h8 bottom left, the coordinates follow). Men carry class "piece"
/// and "white" or "black" (and "half" on a shared square, "letter" when drawn as a lettered
/// disc), arrows "arrow" (and "failed"), marks "co-square", conflict points "conflict".
std::string svg_board(const SvgBoard& board, Color bottom = kWhite);

/// A standalone SVG file: an XML declaration and one <svg> holding the boards one below the
/// other, each with `bottom`'s first rank at the bottom.
std::string svg_document(const std::vector<SvgBoard>& boards, Color bottom = kWhite);

/// The code point of the white chess figure (U+2654 king .. U+2659 pawn; the solid black figure
/// is 6 above) for a piece of this table name, 0 when none: only the six orthodox names get a
/// figure, so a fairy piece (archbishop, chancellor, nightrider...) keeps its letter.
int chess_figure(std::string_view name);

/// Writes svg_document(boards) to `path`; throws std::runtime_error when it cannot.
void write_svg(const std::string& path, const std::vector<SvgBoard>& boards);

/// `text` with the five XML special characters escaped.
std::string xml_escape(const std::string& text);

}  // namespace arbiter::inline present
