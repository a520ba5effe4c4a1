#!/usr/bin/env bash
# Paired whole-process comparisons of arbiter with other programs built from their public
# sources (docs/performance.md, "Against other programs"): perft against Stockfish's
# `go perft`, mate-in-2 solving against Popeye with one process per problem, and perft
# against Fairy-Stockfish when it is given.
#
#   SF_BIN=/path/to/stockfish POPEYE_BIN=/path/to/py M2_FILE=/path/to/matein2.txt \
#     bench/compare-peers.sh
#
# Environment (all optional; a comparison whose program or file is missing is skipped with a
# note, and the script still exits 0: it never fails a build, and CI does not run it):
#   ARBITER_BIN  arbiter binary (default: build/arbiter)
#   SF_BIN       Stockfish binary: start position d6 and Kiwipete d5, bulk-counted perft
#   FSF_BIN      Fairy-Stockfish binary: the same two perfts
#   POPEYE_BIN   Popeye binary (`py`): mates in 2, one process per problem
#   M2_FILE      mates in 2: a text file with one FEN per line, the key optionally on the next
#                line as "1. Key ..." or "1... Key ..." (other lines are ignored)
#   M2_LIMIT     solve only the first N problems of M2_FILE (default: all)
#   RUNS         pairs per comparison (default 5)
#
# Each pair runs A then B (A B A B ...), so that a machine slowing down or speeding up during
# the runs shifts both sides of a pair alike. A run's CPU time is the user + system time of
# the processes it started, read with bash's `times` (millisecond resolution); the ratio A/B
# is taken pair by pair, and the table gives its median, min and max. A ratio below 1 means
# arbiter used less CPU.

# The run functions below are called through `pair`, which shellcheck cannot follow.
# shellcheck disable=SC2317
set -uo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
arbiter="${ARBITER_BIN:-$root/build/arbiter}"
runs="${RUNS:-5}"
kiwipete='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'

note() { printf '%s\n' "compare-peers: $*" >&2; }
# shellcheck source=scripts/popeye-forsyth.sh
source "$root/scripts/popeye-forsyth.sh"

if [[ ! -x "$arbiter" ]]; then
  note "no arbiter binary at $arbiter (build it, or set ARBITER_BIN): nothing to compare"
  exit 0
fi
if ! [[ "$runs" =~ ^[1-9][0-9]*$ ]]; then
  note "RUNS must be a positive number, not '$runs'; using 5"
  runs=5
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# Seconds from bash's `times` line "XmY.YYYs XmY.YYYs" (user, system): their sum.
seconds_of_times_line() {
  awk '{ t = 0; for (i = 1; i <= 2; ++i) { split($i, p, "m"); sub("s", "", p[2]); t += p[1] * 60 + p[2] } printf "%.3f\n", t }'
}

# cpu_seconds CMD...: runs CMD in a subshell (its output thrown away) and prints the CPU
# seconds (user + system) of everything it started, then the wall seconds.
cpu_seconds() {
  (
    start=$EPOCHREALTIME
    "$@" >/dev/null 2>&1
    end=$EPOCHREALTIME
    # `times` in this shell itself (a pipe or $(...) would ask a fresh process, with no
    # children): its second line is the children's user and system time.
    times >"$tmp/times"
    cpu=$(tail -n 1 "$tmp/times" | seconds_of_times_line)
    awk -v c="$cpu" -v s="$start" -v e="$end" 'BEGIN { printf "%s %.3f\n", c, e - s }'
  )
}

# A UCI engine given its commands on standard input (the input file holds them).
uci_run() { "$1" <"$2"; }

results="$tmp/results"
: >"$results"

# pair LABEL A_FUNCTION B_FUNCTION: RUNS pairs, A then B, and a row of the ratio table.
pair() {
  local label="$1" a="$2" b="$3" ratios="$tmp/ratios" i ta tb
  : >"$ratios"
  "$a" >/dev/null 2>&1 # warm-up: file cache and page cache for both
  "$b" >/dev/null 2>&1
  for ((i = 1; i <= runs; ++i)); do
    ta=$(cpu_seconds "$a")
    tb=$(cpu_seconds "$b")
    printf '%s %s\n' "$ta" "$tb" >>"$ratios"
  done
  sort -g -k1,1 "$ratios" | awk -v label="$label" '
    { a[NR] = $1; aw[NR] = $2; b[NR] = $3; bw[NR] = $4; r[NR] = ($3 > 0) ? $1 / $3 : 0 }
    function median(x, n,   i, j, t, y) {
      for (i = 1; i <= n; ++i) y[i] = x[i]
      for (i = 1; i <= n; ++i) for (j = i + 1; j <= n; ++j) if (y[j] < y[i]) { t = y[i]; y[i] = y[j]; y[j] = t }
      return (n % 2) ? y[(n + 1) / 2] : (y[n / 2] + y[n / 2 + 1]) / 2
    }
    END {
      n = NR; lo = r[1]; hi = r[1]
      for (i = 1; i <= n; ++i) { if (r[i] < lo) lo = r[i]; if (r[i] > hi) hi = r[i] }
      printf "%-34s %8.3f %8.3f %8.3f %8.4f %8.4f %8.4f\n", label, median(a, n), median(b, n), median(aw, n) / median(bw, n), median(r, n), lo, hi
    }' >>"$results"
}

# --- perft against the UCI engines ----------------------------------------------------------
printf 'position startpos\ngo perft 6\nquit\n' >"$tmp/start.uci"
printf 'position fen %s\ngo perft 5\nquit\n' "$kiwipete" >"$tmp/kiwi.uci"
arbiter_start() { "$arbiter" perft -d 6; }
arbiter_kiwi() { "$arbiter" perft -d 5 --fen "$kiwipete"; }

check_uci_perft() { # ENGINE: prints nothing when its start-position perft 3 is 8902
  printf 'position startpos\ngo perft 3\nquit\n' | "$1" 2>/dev/null | grep -q 'Nodes searched: 8902'
}

for engine in SF FSF; do
  var="${engine}_BIN"
  bin="${!var:-}"
  name=$([[ $engine == SF ]] && echo Stockfish || echo Fairy-Stockfish)
  if [[ -z "$bin" || ! -x "$bin" ]]; then
    note "skipping perft against $name: set $var to its binary"
    continue
  fi
  if ! check_uci_perft "$bin"; then
    note "skipping perft against $name: '$bin' did not answer 'go perft 3' with 8902 nodes"
    continue
  fi
  eval "peer_start() { uci_run '$bin' '$tmp/start.uci'; }"
  eval "peer_kiwi() { uci_run '$bin' '$tmp/kiwi.uci'; }"
  pair "perft start d6 vs $name" arbiter_start peer_start
  pair "perft Kiwipete d5 vs $name" arbiter_kiwi peer_kiwi
done

# --- mates in 2 against Popeye --------------------------------------------------------------
# Problems: "FEN<TAB>key" lines, the key in SAN without check marks (may be empty).
read_problems() {
  awk '
    function flush() { if (fen != "") print fen "\t" key; fen = ""; key = "" }
    /^[pnbrqkPNBRQK1-8]+(\/[pnbrqkPNBRQK1-8]+)+ [wb] / { flush(); fen = $0; sub(/[ \t\r]+$/, "", fen); next }
    fen != "" && key == "" && /^1\./ {
      line = $0; sub(/^1\.(\.\.)?[ ]*/, "", line); split(line, w, " "); key = w[1]; gsub(/[+#!?]/, "", key)
    }
    END { flush() }' "$1"
}

# Popeye's input for one FEN: its Forsyth (S for knights), #2 with the FEN's side to move
# (HalfDuplex: Black mates), castling rights the FEN withholds, an en-passant target.
popeye_input() {
  local fen="$1" board side rights ep options="NoBoard"
  read -r board side rights ep _ <<<"$fen"
  [[ "$side" == b ]] && options+=" HalfDuplex"
  options+="$(popeye_nocastling "$board" "$rights")"
  if [[ "$ep" != - && -n "$ep" ]]; then
    # The pawn that just double-stepped went from the far side of the target to the near side.
    local f=${ep:0:1} r=${ep:1:1}
    if [[ "$r" == 6 ]]; then options+=" EnPassant ${f}7 ${f}6 ${f}5"; else options+=" EnPassant ${f}2 ${f}3 ${f}4"; fi
  fi
  [[ "${POPEYE_MODE:-keys}" == full ]] && options+=" Variation Try"
  popeye_problem_text "$board" "#2" "$options"
}

m2_file="${M2_FILE:-}"
popeye="${POPEYE_BIN:-}"
if [[ -z "$popeye" || ! -x "$popeye" ]]; then
  note "skipping mates in 2 against Popeye: set POPEYE_BIN to its binary (py)"
elif [[ -z "$m2_file" || ! -r "$m2_file" ]]; then
  note "skipping mates in 2 against Popeye: set M2_FILE to a file of mates in 2 (docs/performance.md says where to get one)"
else
  read_problems "$m2_file" >"$tmp/problems.tsv"
  [[ -n "${M2_LIMIT:-}" ]] && head -n "$M2_LIMIT" "$tmp/problems.tsv" >"$tmp/p" && mv "$tmp/p" "$tmp/problems.tsv"
  count=$(wc -l <"$tmp/problems.tsv")
  if [[ "$count" -eq 0 ]]; then
    note "skipping mates in 2: no FEN line found in $m2_file"
  else
    mkdir -p "$tmp/popeye"
    i=0
    while IFS=$'\t' read -r fen key; do
      i=$((i + 1))
      POPEYE_MODE=keys popeye_input "$fen" >"$tmp/popeye/$i.keys.inp"
      POPEYE_MODE=full popeye_input "$fen" >"$tmp/popeye/$i.full.inp"
      printf '%s\n' "$fen" >"$tmp/popeye/$i.fen"
    done <"$tmp/problems.tsv"
    m2_arbiter() { # MODE: keys (--keys-only) or full (keys, threats, tries, duals)
      local n flag=()
      [[ "$1" == keys ]] && flag=(--keys-only)
      for ((n = 1; n <= count; ++n)); do
        "$arbiter" puzzle solve --stip '#2' --fen "$(<"$tmp/popeye/$n.fen")" "${flag[@]}"
      done
    }
    m2_popeye() {
      local n
      for ((n = 1; n <= count; ++n)); do "$popeye" <"$tmp/popeye/$n.$1.inp"; done
    }
    m2_arbiter_keys() { m2_arbiter keys; }
    m2_arbiter_full() { m2_arbiter full; }
    m2_popeye_keys() { m2_popeye keys; }
    m2_popeye_full() { m2_popeye full; }

    # Both must find the expected key (when the file gives one): arbiter by SAN, Popeye by
    # its key's arrival square, the one thing both notations share.
    agree_arbiter=0 agree_popeye=0 with_key=0 n=0
    while IFS=$'\t' read -r fen key; do
      n=$((n + 1))
      [[ -z "$key" ]] && continue
      with_key=$((with_key + 1))
      if "$arbiter" puzzle solve --stip '#2' --fen "$fen" --keys-only 2>/dev/null |
        grep -q "^key ${key}\( \|$\|+\|#\)"; then
        agree_arbiter=$((agree_arbiter + 1))
      fi
      to=$(grep -o '[a-h][1-8]' <<<"${key%%=*}" | tail -n 1)
      [[ "$key" == O-O* ]] && to=""
      if "$popeye" <"$tmp/popeye/$n.keys.inp" 2>/dev/null | grep ' !$' | grep -q -- "${to}"; then
        agree_popeye=$((agree_popeye + 1))
      fi
    done <"$tmp/problems.tsv"
    note "mates in 2: $count problems; expected key found by arbiter in $agree_arbiter of $with_key, by Popeye in $agree_popeye of $with_key"
    pair "mate in 2 x$count keys vs Popeye" m2_arbiter_keys m2_popeye_keys
    pair "mate in 2 x$count full vs Popeye" m2_arbiter_full m2_popeye_full
  fi
fi

if [[ ! -s "$results" ]]; then
  note "no comparison ran"
  exit 0
fi
printf '%-34s %8s %8s %8s %8s %8s %8s\n' "comparison ($runs pairs)" "A cpu s" "B cpu s" "wall A/B" \
  "cpu A/B" "min" "max"
cat "$results"
printf '%s\n' "A = arbiter, B = the other program; cpu A/B is the median of the pair-by-pair ratios"
exit 0
