#!/usr/bin/env bash
# Builds arbiter and runs every test, then the main job. From the repository root, as root on
# a fresh Debian 12 machine:
#
#   scripts/test.sh             # everything
#   scripts/test.sh --fast      # between commits: no slow tests, no fuzzing (about 4 minutes
#                               # once build/ and build-san/ are built)
#   scripts/test.sh --no-asan   # skip the sanitizer tests (the tree is still built for --fuzz)
#   scripts/test.sh --fuzz 600  # run every libFuzzer target for 600 s instead of 6 s
#   scripts/test.sh --no-fuzz   # skip the fuzz targets and their runs
#
# Stages:
#   1. setup     scripts/setup.sh: install missing packages, build build/arbiter (Release)
#      build     the rest of build/: the test binaries and the benchmarks
#      chromium  install the Debian package chromium when missing (the browser test,
#                tests/cli/report/report_browser_test.cpp, opens the HTML report in it; without it that
#                test is skipped with a message)
#   2. tests     ctest --test-dir build --output-on-failure -j2 (with --fast: -LE slow)
#   3. san-build one clang tree, build-san/, for the sanitizer tests and the fuzzers:
#                -DARBITER_BUILD_FUZZ=ON (ASan + UBSan everywhere, libFuzzer's coverage in
#                the fuzz targets and the libraries they share with the tests), -O1 with line tables
#                only; no benchmarks, no slow or browser tests (they do not run there),
#                only the tests of the layers that parse and resolve input in process (rules,
#                server), which run the Release tree's arbiter
#   4. san-tests ctest --test-dir build-san (ASan + UBSan; leaks are errors)
#   5. verify    build/arbiter verify: started in the background as soon as setup has built
#                build/arbiter (it runs beside the build stage); this stage waits for it and
#                prints its output
#   6. fuzz      unless --no-fuzz: each libFuzzer target in build-san/fuzz/ for 6 s (--fuzz
#                SECONDS: that long) on its corpus fuzz/corpus/NAME, two at a time (ARBITER_JOBS),
#                writing new inputs to a scratch directory; crashing inputs are kept in
#                build-san/fuzz-artifacts/. Ten targets: about a minute.
# Stops at the first failing stage. Prints each stage's wall time and ctest's summary lines at
# the end; the exit status is 0 only when every stage passed.
set -euo pipefail

script='test'
log_prefix='==> test: '
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

asan=1
fast=0
# 6 s a target (each first replays its whole corpus) keeps the whole run inside CI's 20-minute
# budget on the slower machines of this kind (docs/building.md, CI stages); longer runs:
# --fuzz SECONDS.
fuzz_seconds=6
fuzz_given=0
while [[ $# -gt 0 ]]; do
  arg="$1"
  shift
  case "$arg" in
    --no-asan) asan=0 ;;
    --fast) fast=1 ;;
    --no-fuzz)
      fuzz_seconds=0
      fuzz_given=1
      ;;
    --fuzz | --fuzz=*)
      if [[ "$arg" == --fuzz ]]; then
        fuzz_seconds="${1:-}"
        shift || true
      else
        fuzz_seconds="${arg#--fuzz=}"
      fi
      if ! [[ "$fuzz_seconds" =~ ^[1-9][0-9]*$ ]]; then
        printf 'test: error: --fuzz needs a number of seconds (a positive integer)\n' >&2
        exit 2
      fi
      fuzz_given=1
      ;;
    -h | --help)
      usage
      exit 0
      ;;
    *)
      printf 'test: error: unknown option %s\n' "$arg" >&2
      usage >&2
      exit 2
      ;;
  esac
done

# --fast leaves the fuzzers out unless --fuzz asks for them.
if [[ $fast -eq 1 && $fuzz_given -eq 0 ]]; then fuzz_seconds=0; fi

cd "$root"
jobs="${ARBITER_JOBS:-2}"
if ! [[ "$jobs" =~ ^[1-9][0-9]*$ ]]; then
  printf 'test: error: ARBITER_JOBS must be a positive number, not %s\n' "'$jobs'" >&2
  exit 2
fi

logdir="$(mktemp -d "${TMPDIR:-/tmp}/arbiter-test.XXXXXX")"
stage_names=()
stage_times=()
stage_results=()
summaries=()
total_start=$EPOCHREALTIME

elapsed() { # seconds since $1 (an EPOCHREALTIME value), with one decimal
  local now=$EPOCHREALTIME
  awk -v a="$1" -v b="$now" 'BEGIN { printf "%.1f", b - a }'
}

report() {
  local status=$?
  trap - EXIT
  # A main job still running beside a stage that failed: stop it before its log goes.
  if [[ -n "${verify_pid:-}" ]] && kill "$verify_pid" 2>/dev/null; then
    wait "$verify_pid" 2>/dev/null || true
  fi
  {
    printf '\n==> test: summary\n'
    local i
    for i in "${!stage_names[@]}"; do
      printf '    %-11s %-5s %8s s\n' "${stage_names[$i]}" "${stage_results[$i]}" "${stage_times[$i]}"
    done
    printf '    %-11s %-5s %8s s\n' total "" "$(elapsed "$total_start")"
    for i in "${!summaries[@]}"; do printf '    %s\n' "${summaries[$i]}"; done
    if [[ $status -eq 0 ]]; then
      printf '==> test: all stages passed\n'
    else
      printf '==> test: FAILED (exit status %d)\n' "$status"
    fi
  } >&2
  rm -rf "$logdir"
  exit "$status"
}
trap report EXIT

# stage NAME WHAT COMMAND...: runs COMMAND, records its wall time and result.
stage() {
  local name="$1" what="$2"
  shift 2
  printf '\n==> test: stage %s: %s\n' "$name" "$what" >&2
  local start=$EPOCHREALTIME status=0
  "$@" || status=$?
  stage_names+=("$name")
  stage_times+=("$(elapsed "$start")")
  if [[ $status -eq 0 ]]; then
    stage_results+=(ok)
    printf '==> test: stage %s passed in %s s\n' "$name" "${stage_times[-1]}" >&2
  else
    stage_results+=(FAIL)
    printf '==> test: stage %s FAILED (exit status %d) after %s s\n' "$name" "$status" \
      "${stage_times[-1]}" >&2
    exit "$status"
  fi
}

# run_ctest LABEL LOG CTEST_ARGS...: runs ctest, keeps its summary lines for the final report.
run_ctest() {
  local label="$1" log="$2"
  shift 2
  local status=0
  ctest "$@" 2>&1 | tee "$log" || status=$?
  local line
  while IFS= read -r line; do
    summaries+=("$label: $line")
  done < <(grep -E '^[0-9]+% tests passed|^No tests were found|^The following tests FAILED' "$log" || true)
  # The names of the failed tests (without gtest's dump of the test parameter), at most 20.
  local failed=0
  while IFS= read -r line; do
    failed=$((failed + 1))
    if [[ $failed -le 20 ]]; then summaries+=("    $line"); fi
  done < <(sed -n '/^The following tests FAILED:/,/^[^[:space:]]/{/^[[:space:]]/p}' "$log" |
    sed -E 's/^[[:space:]]+//; s/  # GetParam\(\) = .* (\([A-Za-z_ ]+\))$/ \1/')
  if [[ $failed -gt 20 ]]; then
    summaries+=("    ... and $((failed - 20)) more (see the ctest output above)")
  fi
  if ! grep -qE '^[0-9]+% tests passed' "$log"; then
    summaries+=("$label: ctest ran no tests (exit status $status; see its output above)")
    [[ $status -ne 0 ]] || status=1
  fi
  return "$status"
}

release_tests() {
  local args=(--test-dir build --output-on-failure -j"$jobs") label="release tests"
  if [[ $fast -eq 1 ]]; then
    args+=(-LE slow)
    label+=" (-LE slow)"
  fi
  run_ctest "$label" "$logdir/release.log" "${args[@]}"
}

# The sanitizer tree: what the sanitizer tests need (target arbiter_tests: the tests of the
# rules and the server, but the slow and browser ones, and the libraries they link) and the
# fuzz targets, each only when its stage runs. The tests run the Release tree's arbiter: the
# command's own code (the CLI, the solver, the puzzles) runs under the sanitizers through the
# fuzz targets' parsers, not through the tests (tests/CMakeLists.txt says why).
# Eight ctest shards of each unit binary here, not three: gtest deals the tests out by their
# order, and with three the rules tests' three longest under the sanitizers (about 20 s each)
# fell into one shard, 93 of the binary's 156 s, which ctest started only when the first shard
# had ended (docs/building.md, CI stages, session 15).
san_build() {
  local targets=()
  if [[ $asan -eq 1 ]]; then targets+=(arbiter_tests); fi
  if [[ $fuzz_seconds -gt 0 ]]; then targets+=(arbiter_fuzz); fi
  CXX=clang++ "$root/scripts/build.sh" build-san -DARBITER_BUILD_FUZZ=ON \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo -DARBITER_BUILD_BENCH=OFF -DARBITER_BUILD_SLOW_TESTS=OFF \
    -DARBITER_BUILD_BROWSER_TESTS=OFF "-DARBITER_TEST_LAYERS=rules;server" \
    "-DARBITER_TEST_ARBITER=$root/build/arbiter" -DARBITER_TEST_SHARDS=8 -- "${targets[@]}"
}

san_tests() {
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    run_ctest "sanitizer tests" "$logdir/san.log" \
    --test-dir build-san --output-on-failure -j"$jobs"
}

# fuzz_one NAME: target NAME for $fuzz_seconds on fuzz/corpus/NAME (read only: new inputs go to
# a scratch directory, which libFuzzer needs first). Its log is $logdir/fuzz-NAME.log.
fuzz_one() {
  local name="$1"
  mkdir -p "$logdir/corpus-$name"
  # Records are long; the others are single lines. -max_len keeps fuzz_record's runs short.
  local extra=()
  if [[ "$name" == record ]]; then extra+=(-max_len=4096); fi
  "build-san/fuzz/fuzz_$name" -max_total_time="$fuzz_seconds" -print_final_stats=1 \
    -artifact_prefix="$root/build-san/fuzz-artifacts/$name-" "${extra[@]}" \
    "$logdir/corpus-$name" "fuzz/corpus/$name" >"$logdir/fuzz-$name.log" 2>&1
}

# Every target, $jobs at a time (each is one process on one core). Runs them all, then fails if
# any failed.
fuzz_run() {
  local failed=0 target name names=() pids=() i
  mkdir -p "$root/build-san/fuzz-artifacts"
  for target in build-san/fuzz/fuzz_*; do
    [[ -f "$target" && -x "$target" ]] && names+=("${target##*/fuzz_}")
  done
  if [[ ${#names[@]} -eq 0 ]]; then
    printf 'test: no fuzz target in build-san/fuzz/\n' >&2
    return 1
  fi
  for ((i = 0; i < ${#names[@]}; i += jobs)); do
    pids=()
    for name in "${names[@]:i:jobs}"; do
      printf '==> test: fuzz_%s for %s s\n' "$name" "$fuzz_seconds" >&2
      fuzz_one "$name" &
      pids+=($!)
    done
    local j=0
    for name in "${names[@]:i:jobs}"; do
      if wait "${pids[$j]}"; then
        summaries+=("fuzz_$name: $(grep -E '^Done [0-9]+ runs' "$logdir/fuzz-$name.log" | tail -n 1)")
      else
        failed=1
        tail -n 40 "$logdir/fuzz-$name.log" >&2
        summaries+=("fuzz_$name: FAILED (input kept under build-san/fuzz-artifacts/)")
      fi
      j=$((j + 1))
    done
  done
  return "$failed"
}

# The main job, `build/arbiter verify`, needs only build/arbiter (stage setup) and is one
# process: it runs in the background from the end of setup, beside the build stage's two
# compilers, which it slows by about half its own time, and the verify stage waits for it and
# shows its output. Run alone after the fuzzers, it took 34 s with one core idle.
start_verify() {
  build/arbiter verify >"$logdir/verify.log" 2>&1 &
  verify_pid=$!
}

wait_verify() {
  local status=0
  wait "$verify_pid" || status=$?
  verify_pid=''
  cat "$logdir/verify.log"
  summaries+=("main job: $(grep -E '^verify: ' "$logdir/verify.log" | tail -n 1)")
  return "$status"
}

# Chromium for the browser test; a failed install is not fatal (the test then skips).
ensure_chromium() {
  if command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1; then
    return 0
  fi
  if [[ $(id -u) -ne 0 ]] || ! command -v apt-get >/dev/null 2>&1; then
    printf 'test: chromium is missing and cannot be installed here (%s): %s\n' \
      'not root or no apt-get' 'the browser test will be skipped' >&2
    return 0
  fi
  local install=(apt-get install -y --no-install-recommends chromium)
  DEBIAN_FRONTEND=noninteractive "${install[@]}" </dev/null ||
    { apt-get update </dev/null && DEBIAN_FRONTEND=noninteractive "${install[@]}" </dev/null; } ||
    printf 'test: could not install chromium: the browser test will be skipped\n' >&2
  return 0
}

stage setup "scripts/setup.sh (packages, build/arbiter)" "$root/scripts/setup.sh"
start_verify
stage build "scripts/build.sh build (tests and benchmarks)" "$root/scripts/build.sh" build
stage chromium "install chromium for the browser test when missing" ensure_chromium
release_args="--output-on-failure -j$jobs"
if [[ $fast -eq 1 ]]; then release_args+=" -LE slow"; fi
stage tests "ctest --test-dir build $release_args" release_tests
if [[ $asan -eq 1 || $fuzz_seconds -gt 0 ]]; then
  stage san-build "build-san/ with clang, ASan + UBSan and libFuzzer" san_build
fi
if [[ $asan -eq 1 ]]; then
  stage san-tests "ctest --test-dir build-san --output-on-failure -j$jobs" san_tests
fi
stage verify "build/arbiter verify (started after setup, beside the build)" wait_verify
if [[ $fuzz_seconds -gt 0 ]]; then
  stage fuzz "each libFuzzer target for $fuzz_seconds s on fuzz/corpus/, $jobs at a time" fuzz_run
fi
