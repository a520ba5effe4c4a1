// 1-minimal witnesses: a witness position from which no single man (kings aside) can be taken
// without losing what it shows. A rules committee reads a witness for the men that make the
// case; a man that changes nothing is noise (issue 37: "removing any one man loses the
// divergence"). Works on the FEN text, so it serves every protocol's FEN (Conditional's phase
// fields, Move-Neutral's shared squares "(Qp)", Conversion's '~' and '^' marks) alike.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "rules/core/variant.hpp"

namespace arbiter::solver {

/// `fen` with each one man other than the royal pieces taken off, in board order (a8 first),
/// each as the FENs to try: the board alone, then with the rights the man took with him dropped
/// (a castling right whose rook it was; the en-passant square when it was the pawn that just
/// double-stepped). A shared square "(Qp)" loses one of its two men at a time.
std::vector<std::vector<std::string>> fens_without_one_man(const Variant& v,
                                                           const std::string& fen);

struct MinimalWitness {
  std::string fen;  ///< the witness with every man taken off that could be
  int removed = 0;  ///< men taken off the found position
  int men = 0;      ///< men left (kings included)
};

/// Takes men off `fen` one at a time while `shows(fen)` still holds (when it does not hold for
/// `fen` itself, nothing is taken off and `removed` is -1),
/// restarting from a8 after each, until no single man can go: a 1-minimal witness. `shows`
/// must return false, not throw, for a FEN it cannot read. Deterministic.
MinimalWitness minimize_witness(const Variant& v, const std::string& fen,
                                const std::function<bool(const std::string&)>& shows);

/// `fen` with its en-passant square dropped when no pawn of the side to move stands beside the
/// pawn that passed it: such a square changes no move, so two readings whose positions differ
/// only there do not part (minimize_witness would otherwise keep "d6" as a difference after
/// taking off the only pawn that could use it). Any other FEN is returned as it is.
std::string without_idle_en_passant(const Variant& v, const std::string& fen);

/// The sentence the commands print under a minimized witness.
std::string minimal_note(int men, int removed);

}  // namespace arbiter::solver
