#!/usr/bin/env bash
# Paired whole-process comparison of `arbiter puzzle solve` with Popeye on the orthodox
# problems of Popeye's own example and regression files (docs/performance.md, "Composed
# problems against Popeye"): one process per problem, each side's solutions counted, the CPU
# ratio (arbiter / Popeye) of every problem, the worst ten, the median and the sums.
#
#   POPEYE_BIN=/path/to/py POPEYE_SRC=/path/to/popeye/checkout bench/compare-popeye-problems.sh
#   POPEYE_BIN=... POPEYE_SRC=... STIPS='h#2 h#3 h#4' bench/compare-popeye-problems.sh
#
# Environment:
#   ARBITER_BIN  arbiter binary (default: build/arbiter)
#   POPEYE_BIN   Popeye binary (`py`), required
#   POPEYE_SRC   a checkout of Popeye's sources (github.com/thomas-maeder/popeye); its
#                BEISPIEL, EXAMPLES, REGRESSIONS and TESTS folders are read, required
#   STIPS        stipulations to keep, separated by spaces, or 'all' (default): every problem
#                arbiter reads
#   INTELLIGENT  1 (default): Popeye solves helpmates with `Option Intelligent`
#   TIMEOUT      seconds per run; a run that takes longer counts as TIMEOUT (default 20)
#   RUNS         pairs per problem (default 1)
#   FORMAT       popeye (default): arbiter prints what Popeye prints (--format popeye: the
#                same job; tries only under the file's Option Try, as Popeye), and both
#                outputs are counted alike; tree: arbiter's solution tree, which also lists
#                the tries of #n, s#n and r#n (a search Popeye makes only under Option Try)
#   ARBITER_ARGS extra arguments for arbiter (e.g. --brute-force)
#   KEEP         a folder to keep the problem files and outputs in (default: a temporary one)
#   LIST_ONLY    1: print the kept problems' files and stop
#
# A problem (with its twins) is kept when its stipulation is one of STIPS and arbiter reads
# it (arbiter refuses fairy pieces and conditions with exit status 2).
# Each pair runs arbiter then Popeye; a run's CPU time is user + system of its processes
# (bash `times`). Per problem the script prints both times and both solution counts
# (helpmates and series: solution lines, without the set play; #, s#, r#, =: keys) and the
# ratio, and at the end, for all problems and for the helpmates (h#n, h#n.5) alone: the ten
# worst ratios, the median ratio, the sums and their ratio, and the problems where the counts
# differ (a problem where either run timed out is marked "timeout" instead: its count is
# partial). A time under 0.01 s counts as 0.01 s in a ratio (below that, `times` measures
# process start-up, not solving). It exits 0 unless a required program or folder is missing.
set -uo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
arbiter="${ARBITER_BIN:-$root/build/arbiter}"
popeye="${POPEYE_BIN:-}"
src="${POPEYE_SRC:-}"
stips="${STIPS:-all}"
intelligent="${INTELLIGENT:-1}"
timeout_s="${TIMEOUT:-20}"
runs="${RUNS:-1}"
format="${FORMAT:-popeye}"
read -r -a arbiter_args <<<"${ARBITER_ARGS:-}"

note() { printf '%s\n' "compare-popeye-problems: $*" >&2; }
[[ -x "$arbiter" ]] || { note "no arbiter binary at $arbiter"; exit 2; }
[[ -n "$popeye" && -x "$popeye" ]] || { note "set POPEYE_BIN to Popeye's py binary"; exit 2; }
[[ -n "$src" && -d "$src" ]] || { note "set POPEYE_SRC to a Popeye checkout"; exit 2; }
[[ "$format" == popeye || "$format" == tree ]] || { note "FORMAT is popeye or tree"; exit 2; }

work="${KEEP:-$(mktemp -d)}"
mkdir -p "$work/problems"
[[ -n "${KEEP:-}" ]] || trap 'rm -rf "$work"' EXIT

# Splits one Popeye file into one file per problem, named after the file and the problem's
# number. The file's language is the one of its first word (BeginProblem, AnfangProblem,
# DebutProbleme, as abbreviated); a problem ends at a line starting with that language's
# NextProblem or EndProblem (nextproblem/endproblem, WeiteresProblem/EndeProblem,
# asuivre/FinProbleme, abbreviated as in the files: next, end, weiter, ende, fin), and each
# problem file gets the language's opening and closing words.
split_file() {
  local file="$1" stem="$2"
  awk -v out="$work/problems/$stem" '
    function flush() {
      if (body ~ /[^ \t\n]/) {
        ++n
        printf "%s\n%s%s\n", open, body, close_word > (out "-" n ".inp")
        close(out "-" n ".inp")
      }
      body = ""
    }
    BEGIN { open = "BeginProblem"; close_word = "EndProblem" }
    {
      word = tolower($1)
      if (word ~ /^beg/) { next }
      if (word ~ /^anf/) { open = "AnfangProblem"; close_word = "EndeProblem"; next }
      if (word ~ /^deb/) { open = "DebutProbleme"; close_word = "FinProbleme"; next }
      if (word ~ /^(next|weit|asui|endp|ende|end$|fin)/) { flush(); next }
      body = body $0 "\n"
    }
    END { flush() }
  ' "$file"
}

# The problem's stipulation (lower case), or nothing.
stipulation_of() {
  awk '{ for (i = 1; i < NF; ++i) if (tolower($i) ~ /^(sti|for|eno)/) {
           print tolower($(i + 1)); exit } }' "$1"
}

wanted() {
  local s="$1" w
  [[ -n "$s" ]] || return 1
  [[ "$stips" == all ]] && return 0
  for w in $stips; do [[ "$s" == "$w" ]] && return 0; done
  return 1
}

seconds_of_times_line() {
  awk '{ t = 0; for (i = 1; i <= 2; ++i) { split($i, p, "m"); sub("s", "", p[2]); t += p[1] * 60 + p[2] } printf "%.3f\n", t }'
}

# cpu_seconds OUT CMD...: runs CMD (stdout to OUT) under `timeout`, prints its CPU seconds
# (TIMEOUT when it ran out of time).
cpu_seconds() {
  local out="$1"
  shift
  (
    timeout "$timeout_s" "$@" >"$out" 2>/dev/null
    if [[ $? -eq 124 ]]; then
      echo "$timeout_s"
    else
      # `times` in this shell itself (a pipe or $(...) would ask a fresh process, with no
      # children): its second line is the children's user and system time.
      times >"$work/times"
      tail -n 1 "$work/times" | seconds_of_times_line
    fi
  )
}

for dir in BEISPIEL EXAMPLES REGRESSIONS TESTS; do
  [[ -d "$src/$dir" ]] || continue
  for f in "$src/$dir"/*.inp; do
    split_file "$f" "$dir-$(basename "$f" .inp)"
  done
done

kept=()
for p in "$work"/problems/*.inp; do
  s="$(stipulation_of "$p")"
  wanted "$s" || continue
  # arbiter refuses what it cannot solve (exit status 2) at once; a search cut short by the
  # timeout means the problem was read.
  timeout 1 "$arbiter" puzzle solve -q --keys-only "$p" >/dev/null 2>&1
  [[ $? -eq 2 ]] && continue
  kept+=("$p")
done
note "${#kept[@]} problems with stipulations '$stips' in $src"
if [[ "${LIST_ONLY:-0}" == 1 ]]; then
  printf '%s\n' "${kept[@]}"
  exit 0
fi

# Solutions counted from each program's output (arbiter's --format popeye like Popeye's own,
# by popeye_count; its --format tree by arbiter_count). Helpmates (h#n, h=n) and series: one line per
# solution ("1.Kh8 Rf1 2.Ng1 Rf8#" from arbiter's --format tree, "  1.Kg8-h8 Th1-f1   2.Sh3-g1
# Tf1-f8 #" from Popeye), not the set play nor an origin ("1. Preis"). Which lines those are
# depends on the stipulation solved, read from the output (arbiter's "h#3.5: sound", Popeye's
# "  h#3.5     2 + 4", which Option WhiteToPlay turns an h#4 into): in h#n the solutions are
# "1.X" lines and the set play "1...X"; in h#n.5 the solutions are "1...X" and the set play
# "1... ...". #n, s#n, r#n, =n: the keys ("1.Qa5!", "  1.Qd1-a5 ! threat:", "  1.g5*f6 ep. +
# !"; not a refutation "1...0-0-0 !").
line_play() { [[ "$1" == h* || "$1" == ser-* ]]; }
arbiter_count() {
  if [[ "$format" == popeye ]]; then
    popeye_count "$1" "$2"
  elif line_play "$2"; then
    awk '/^[a-z-]*[#=][0-9.]+: / { half = ($1 ~ /\.5:$/) }
         half && /^1\.\.\.[^ .]/ || !half && /^1\.[^.]/ { n++ }
         END { print n + 0 }' "$1"
  else
    grep -cE '^1\.[^ ]+!' "$1"
  fi
}
popeye_count() {
  if line_play "$2"; then
    awk '/^  [^ ]+ +[0-9]+ \+ [0-9]+/ { half = ($1 ~ /\.5$/) }
         half && /^[[:space:]]+1\.\.\.[A-Za-z0-9]/ || !half && /^[[:space:]]+1\.[A-Za-z0-9]/ { n++ }
         END { print n + 0 }' "$1"
  else
    grep -cE '^[[:space:]]+1\.[A-Za-z0-9][^ ]*( ep\.)?( [+#])? !' "$1"
  fi
}

mismatch=0
timeouts=0
rows="$work/rows"
: >"$rows"
printf '%-40s %8s %9s %9s %6s %5s %5s\n' problem stip arbiter popeye ratio a# p#
for p in "${kept[@]}"; do
  name="$(basename "$p" .inp)"
  s="$(stipulation_of "$p")"
  py_input="$work/$name.py.inp"
  if [[ "$intelligent" == 1 && "$s" == h#* ]]; then
    # After the opening word: an option after a twin's changes would not be the problem's.
    sed '1a Option Intelligent' "$p" >"$py_input"
  else
    cp "$p" "$py_input"
  fi
  best_a=""
  best_p=""
  for ((r = 0; r < runs; ++r)); do
    a="$(cpu_seconds "$work/$name.arbiter.out" "$arbiter" puzzle solve -q --format "$format" \
      "${arbiter_args[@]}" "$p")"
    # From the work folder: a problem's Protocol line makes Popeye write a file there.
    b="$(cd "$work" && cpu_seconds "$work/$name.popeye.out" "$popeye" "$py_input")"
    [[ -z "$best_a" ]] || awk -v x="$a" -v y="$best_a" 'BEGIN { exit !(x < y) }' && best_a="$a"
    [[ -z "$best_p" ]] || awk -v x="$b" -v y="$best_p" 'BEGIN { exit !(x < y) }' && best_p="$b"
  done
  ca="$(arbiter_count "$work/$name.arbiter.out" "$s")"
  cp_="$(popeye_count "$work/$name.popeye.out" "$s")"
  flag=""
  if [[ "$best_a" == "$timeout_s" || "$best_p" == "$timeout_s" ]]; then
    # A run cut short printed part of its solutions at most: its count says nothing.
    flag=" timeout"
    timeouts=$((timeouts + 1))
  elif [[ "$ca" != "$cp_" ]]; then
    flag=" differs"
    mismatch=$((mismatch + 1))
  fi
  ratio="$(awk -v x="$best_a" -v y="$best_p" \
    'BEGIN { if (x < 0.01) x = 0.01; if (y < 0.01) y = 0.01; printf "%.2f", x / y }')"
  printf '%-40s %8s %9s %9s %6s %5s %5s%s\n' "$name" "$s" "$best_a" "$best_p" "$ratio" "$ca" \
    "$cp_" "$flag"
  printf '%s %s %s %s %s%s\n' "$name" "$s" "$best_a" "$best_p" "$ratio" "$flag" >>"$rows"
done

# summary LABEL FILTER: the worst ten ratios, the median, the sums of the rows whose
# stipulation matches the awk regex FILTER.
summary() {
  local label="$1" filter="$2" set="$work/set"
  awk -v f="$filter" '$2 ~ f' "$rows" | sort -k5,5gr >"$set"
  local n
  n="$(wc -l <"$set")"
  [[ "$n" -gt 0 ]] || return 0
  printf '\n%s: %d problems\n' "$label" "$n"
  printf '  worst ratios (arbiter / Popeye CPU seconds):\n'
  head -n 10 "$set" | awk '{ printf "    %6s  %-40s %8s  %7s s vs %7s s%s\n", $5, $1, $2, $3, $4, ($6 ? " " $6 : "") }'
  awk '{ r[NR] = $5; a += $3; p += $4; if ($5 <= 1) ok++ }
       END {
         # the rows are sorted by ratio, worst first
         m = (NR % 2) ? r[(NR + 1) / 2] : (r[NR / 2] + r[NR / 2 + 1]) / 2
         printf "  median ratio %.2f; ratio <= 1 on %d of %d; sum %.2f s vs %.2f s (ratio %.2f)\n",
           m, ok, NR, a, p, (p > 0 ? a / p : 0)
       }' "$set"
}
summary "all problems" "."
summary "helpmates (h#n, h#n.5)" "^h#"
printf '\nproblems whose solution counts differ: %d (and %d where a run timed out, not compared)\n' \
  "$mismatch" "$timeouts"
