# Does an output match the output a doc shows? awk -v timings=0|1 -f match_output.awk EXPECTED ACTUAL
# exits 0 when it does, 1 when not. Both files lose their trailing blank lines and trailing spaces.
#   - a line of the doc that is only "..." (indented or not) stands for any number of lines,
#     none included;
#   - "..." inside a line, with a space on either side, stands for any text (the doc cut the line
#     short: `{"a":1, ... ,"z":2}`);
#   - with timings=1 (the block's marker "timings vary"), every decimal fraction (0.006, 34.7,
#     1.13603e+08) and every percentage (38%) on either side, with the spaces before it (columns
#     realign), stands for any such number; whole numbers (node counts, depths, plies) are still
#     compared exactly.
# Everything else is compared character for character.

function normalise(s) {
  sub(/[ \t]+$/, "", s)
  if (timings) {
    gsub(/ *[0-9]+(\.[0-9]+([eE][-+]?[0-9]+)?|[eE][-+]?[0-9]+)/, " #.#", s)
    gsub(/ *[0-9]+%/, " #%", s)
  }
  return s
}

# Does the doc's line pattern p (with "..." as "any text") match the output line s?
function line_matches(p, s,    n, piece, i, at, rest) {
  if (index(p, "...") == 0) return p == s
  n = split(p, piece, / ?\.\.\. ?/)
  if (substr(s, 1, length(piece[1])) != piece[1]) return 0
  rest = substr(s, length(piece[1]) + 1)
  for (i = 2; i < n; i++) {
    if (piece[i] == "") continue
    at = index(rest, piece[i])
    if (at == 0) return 0
    rest = substr(rest, at + length(piece[i]))
  }
  if (length(piece[n]) > length(rest)) return 0
  return substr(rest, length(rest) - length(piece[n]) + 1) == piece[n]
}

# Does the doc from line i match the output from line j? (memoised: "..." lines branch)
function matches(i, j,    key, result) {
  key = i SUBSEP j
  if (key in memo) return memo[key]
  if (i > n_expected) result = (j > n_actual)
  else if (expected[i] ~ /^[ \t]*\.\.\.[ \t]*$/)
    result = matches(i + 1, j) || (j <= n_actual && matches(i, j + 1))
  else result = (j <= n_actual && line_matches(expected[i], actual[j]) && matches(i + 1, j + 1))
  memo[key] = result
  return result
}


FILENAME == ARGV[1] { expected[++n_expected] = normalise($0) }
FILENAME == ARGV[2] { actual[++n_actual] = normalise($0) }

END {
  while (n_expected > 0 && expected[n_expected] == "") n_expected--
  while (n_actual > 0 && actual[n_actual] == "") n_actual--
  exit matches(1, 1) ? 0 : 1
}
