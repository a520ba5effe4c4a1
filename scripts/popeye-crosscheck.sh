#!/usr/bin/env bash
# Soundness cross-check of a generated corpus against Popeye (never a dependency: skipped
# unless POPEYE_BIN names a Popeye binary, `py`, built from its public source).
#   POPEYE_BIN=/path/to/py scripts/popeye-crosscheck.sh corpus.sqlite [arbiter binary]
# For each problem of the corpus (its EPD export), Popeye solves the stipulation: a #n or s#n
# problem agrees when Popeye finds exactly one key and it arrives on the square of arbiter's
# key; an h#n problem when Popeye finds exactly one solution. Prints one line per
# disagreement and a summary; exit 1 when some problem disagrees.
set -euo pipefail

db="${1:?usage: POPEYE_BIN=... $0 CORPUS.sqlite [ARBITER]}"
arbiter="${2:-build/arbiter}"
popeye="${POPEYE_BIN:-}"
if [[ -z "$popeye" || ! -x "$popeye" ]]; then
  echo "popeye-crosscheck: skipped: set POPEYE_BIN to a Popeye binary (py)" >&2
  exit 0
fi

# shellcheck source=scripts/popeye-forsyth.sh
source "$(dirname "${BASH_SOURCE[0]}")/popeye-forsyth.sh"

# Popeye's input: the board, the stipulation, NoCastling for every rook on a corner whose right
# the FEN withholds.
popeye_problem() {
  popeye_problem_text "$1" "$3" "NoBoard$(popeye_nocastling "$1" "$2")"
}

total=0 agree=0
start=$(date +%s.%N)
while IFS= read -r line; do
  read -r board side rights _ <<<"$line"
  key=$(sed -n 's/.* bm \([^;]*\);.*/\1/p' <<<"$line")
  stip=$(sed -n 's/.*c0 "\([^"]*\)".*/\1/p' <<<"$line")
  id=$(sed -n 's/.*id "\([^"]*\)".*/\1/p' <<<"$line")
  total=$((total + 1))
  out=$(popeye_problem "$board" "$rights" "$stip" | "$popeye" 2>&1)
  if [[ "$stip" == h#* ]]; then
    solutions=$(grep -c '^ *1\.' <<<"$out" || true)
    if [[ "$solutions" -eq 1 ]]; then agree=$((agree + 1)); else
      echo "$id $stip: Popeye finds $solutions solutions ($board $side)"
    fi
    continue
  fi
  keys=$(grep -E '^ *1\..* !$' <<<"$out" || true)
  count=$(grep -c . <<<"$keys" || true)
  want=$(grep -o '[a-h][1-8]' <<<"${key%%=*}" | tail -n 1 || true)
  got=$(grep -o '[a-h][1-8]' <<<"${keys%%=*}" | tail -n 1 || true)
  [[ "$key" == O-O* ]] && want="castling" && got=$([[ "$keys" == *0-0* ]] && echo castling)
  if [[ "$count" -eq 1 && "$want" == "$got" ]]; then agree=$((agree + 1)); else
    echo "$id $stip: arbiter key $key, Popeye ${count} key(s): $(tr '\n' ' ' <<<"$keys")"
  fi
done < <("$arbiter" puzzle export --db "$db" --format epd)
seconds=$(echo "$(date +%s.%N) - $start" | bc)
echo "popeye-crosscheck: $agree of $total problems agree with Popeye ($seconds s)"
[[ "$agree" -eq "$total" ]]
