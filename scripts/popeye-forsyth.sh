# shellcheck shell=bash
# Popeye's input for a FEN position, shared by the scripts that hand positions to Popeye
# (scripts/popeye-crosscheck.sh, bench/compare-peers.sh), which source it; it runs nothing.

# The letter on FILE RANK of a FEN board, or nothing for an empty square.
fen_piece_at() {
  awk -v board="$1" -v file="$2" -v rank="$3" 'BEGIN {
    split(board, rows, "/"); row = rows[9 - rank]; col = 0; target = index("abcdefgh", file)
    for (i = 1; i <= length(row); ++i) {
      c = substr(row, i, 1)
      if (c ~ /[1-8]/) col += c; else { ++col; if (col == target) { print c; exit } }
    }
  }'
}

# popeye_nocastling BOARD RIGHTS: " NoCastling h1 a8 ..." naming each corner rook whose right
# the FEN's castling field RIGHTS withholds (Popeye assumes the rights otherwise), or nothing.
popeye_nocastling() {
  local board="$1" rights="$2" nocastle="" sq
  for sq in h1:K a1:Q h8:k a8:q; do
    [[ "$rights" == *"${sq#*:}"* ]] && continue
    if fen_piece_at "$board" "${sq:0:1}" "${sq:1:1}" | grep -q '[Rr]'; then
      nocastle+=" ${sq%%:*}"
    fi
  done
  if [[ -n "$nocastle" ]]; then printf ' NoCastling%s' "$nocastle"; fi
}

# popeye_problem_text BOARD STIPULATION OPTIONS: one problem, the FEN board as Popeye's Forsyth
# (S for knights).
popeye_problem_text() {
  printf 'BeginProblem\nForsyth %s\nStipulation %s\nOption %s\nEndProblem\n' \
    "$(tr 'Nn' 'Ss' <<<"$1")" "$2" "$3"
}
