#!/usr/bin/env bash
# Runs the command blocks of Markdown docs and checks that they do what the doc shows.
#
#   tests/docs/run_docs.sh ARBITER SOURCE_DIR DOC.md...     (ctest runs it once per doc)
#
# The blocks (tests/docs/extract_blocks.awk reads them):
#   - a transcript: a fenced block, or a block indented by four spaces, whose first line starts
#     with "$ ". Each "$ " line is a command (a line ending in \ continues on the next); the
#     lines up to the next "$ " are its output, which must match what the command prints
#     (standard output and standard error on a pseudo-terminal, as a reader sees them: progress
#     redrawn in place leaves only what stands at the end, tests/docs/terminal_view.awk). A line
#     that is only "..." stands for any number of lines; "..." inside a line for any text (both
#     are how the docs cut outputs short, tests/docs/match_output.awk). `$ echo $?` prints the
#     exit status of the command before it, so a doc states a status that way.
#   - a ```sh (bash, shell) block without "$ ": each line is a command, run for exit status 0,
#     or N when its comment says "exit N" or "exit status N".
#   - other blocks (file contents, synopses, package lists) are not run.
# Each doc's commands run in order in one scratch directory of their own, in which
# build/arbiter is the binary under test, rules/ and tests/data/ are the source tree's (read
# only: a doc writes only into its directory and docs/img/), and docs/img/ is empty. A command
# may use the files an earlier one made.
#
# Markers: HTML comments right above a block (invisible on the rendered page), one per line:
#   <!-- docs-run: skip: REASON -->           the block is not run (setup.sh, a server that
#                                              does not end, ctest, ...); REASON is required
#   <!-- docs-run: skip "TEXT": REASON -->    its commands containing TEXT are not run (nor
#                                              an `echo $?` right after one); one per TEXT
#   <!-- docs-run: before: COMMANDS -->       run COMMANDS first (not shown on the page), e.g.
#                                              to make the files a block takes for granted
#   <!-- docs-run: timings vary -->           decimal fractions and percentages (times, rates)
#                                              match any such number; whole numbers are still
#                                              compared exactly
#   <!-- docs-run: cat writes files -->       in this block `$ cat FILE` writes the shown text
#                                              to FILE (the doc shows a file the reader makes)
# An unknown marker fails the run. It prints one line per command (ok, MISMATCH, skip, wrote)
# with the doc's file and line, the differences of each mismatch, and the counts with every
# skip's reason. Exit status 0 when every command that ran matched and at most half of the
# doc's commands were skipped, 1 otherwise, 2 for a usage error.
# DOCS_RUN_KEEP=1 keeps the scratch directories; DOCS_RUN_TIMEOUT (default 600) bounds each
# command in seconds.
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if [[ $# -lt 3 ]]; then
  echo "usage: $0 ARBITER SOURCE_DIR DOC.md..." >&2
  exit 2
fi
arbiter="$(realpath "$1")"
source_dir="$(realpath "$2")"
shift 2
[[ -x "$arbiter" ]] || { echo "run_docs: $arbiter is not an executable" >&2; exit 2; }
timeout_seconds="${DOCS_RUN_TIMEOUT:-600}"

work="$(mktemp -d "${TMPDIR:-/tmp}/docs-run.XXXXXX")"
[[ "${DOCS_RUN_KEEP:-0}" == 1 ]] || trap 'rm -rf "$work"' EXIT

# Commands run on a pseudo-terminal (script(1), util-linux), so that they print what a reader
# sees: progress drawn in place, not the plain lines a program writes into a file. Without one
# (no /dev/ptmx), they write into a file and a doc's progress-free outputs may not match.
on_terminal=0
if script -qec true /dev/null >/dev/null 2>&1 </dev/null; then
  on_terminal=1
else
  echo "run_docs: no pseudo-terminal (script -qec true failed): commands write into a file"
fi

failed=0
total_blocks=0 total_commands=0 total_matched=0 total_mismatched=0 total_skipped=0 total_wrote=0

# One doc: its blocks in order in a fresh scratch directory.
run_doc() {
  local doc="$1" name doc_started=$SECONDS
  name="$(realpath --relative-to="$source_dir" "$doc")"
  local scratch="$work/${name//\//_}"
  mkdir -p "$scratch/build" "$scratch/docs/img" "$scratch/tests"
  ln -s "$arbiter" "$scratch/build/arbiter"
  ln -s "$source_dir/rules" "$scratch/rules"
  ln -s "$source_dir/tests/data" "$scratch/tests/data"

  local -a plan
  mapfile -t plan < <(awk -f "$here/extract_blocks.awk" "$doc")

  local blocks=0 other=0 commands=0 matched=0 mismatched=0 skipped=0 wrote=0
  local -a skips=()
  local prev_status=0 block_line="" kind="" block_skip="" timings=0 cat_writes=0
  local -a skip_texts=() skip_reasons=() befores=()
  local command="" command_line="" expected="" have_command=0 last_skipped=0
  local raw="$scratch/.raw" out="$scratch/.out" want="$scratch/.want"

  # Runs (or skips) the command collected so far and compares its output with the doc's.
  finish_command() {
    [[ $have_command == 1 ]] || return 0
    have_command=0
    commands=$((commands + 1))
    local where="$name:$command_line" shown="${command%%$'\n'*}" i reason=""
    [[ ${#shown} -le 90 ]] || shown="${shown:0:87}..."
    if [[ -n "$block_skip" ]]; then
      reason="$block_skip"
    elif [[ $last_skipped == 1 && "$command" =~ ^echo\ \$\?$ ]]; then
      reason="the status of a skipped command"
    else
      for i in "${!skip_texts[@]}"; do
        if [[ "$command" == *"${skip_texts[$i]}"* ]]; then
          reason="${skip_reasons[$i]}"
          break
        fi
      done
    fi
    if [[ -n "$reason" ]]; then
      skipped=$((skipped + 1))
      last_skipped=1
      skips+=("$where: $reason")
      echo "skip      $where  $shown  ($reason)"
      return 0
    fi
    last_skipped=0
    printf '%s' "$expected" >"$want"
    if [[ $cat_writes == 1 && "$command" =~ ^cat\ ([^ ]+)$ ]]; then
      cp "$want" "$scratch/${BASH_REMATCH[1]}"
      wrote=$((wrote + 1))
      echo "wrote     $where  ${BASH_REMATCH[1]}"
      return 0
    fi
    local started=$SECONDS
    if [[ $on_terminal == 1 ]]; then
      (cd "$scratch" && SHELL=/bin/bash timeout -k 5 "$timeout_seconds" \
        script -qec "(exit $prev_status); $command" /dev/null) >"$raw" 2>&1 </dev/null
    else
      (cd "$scratch" && timeout -k 5 "$timeout_seconds" bash -c "(exit $prev_status); $command") \
        >"$raw" 2>&1 </dev/null
    fi
    local status=$? problem=""
    awk -f "$here/terminal_view.awk" "$raw" >"$out"
    prev_status=$status
    if [[ "$kind" == commands ]]; then
      local want_status=0
      if [[ "$command" =~ \#.*exit\ (status\ )?([0-9]+) ]]; then want_status="${BASH_REMATCH[2]}"; fi
      [[ $status == "$want_status" ]] || problem="exit status $status, the doc expects $want_status"
    else
      if [[ $status -ge 124 ]]; then
        problem="exit status $status (timeout or signal)"
      else
        if ! awk -v timings="$timings" -f "$here/match_output.awk" "$want" "$out"; then
          problem="output differs"
        fi
      fi
    fi
    local took="$((SECONDS - started)) s"
    if [[ -z "$problem" ]]; then
      matched=$((matched + 1))
      echo "ok        $where  $shown  ($took)"
    else
      mismatched=$((mismatched + 1))
      echo "MISMATCH  $where  $shown  ($problem, $took)"
      if [[ "$kind" == transcript ]]; then
        diff -u --label "the doc" --label "the output" "$want" "$out" | head -n 60 |
          sed 's/^/    /'
      else
        head -n 20 "$out" | sed 's/^/    /'
      fi
    fi
  }

  local entry tag text
  for entry in "${plan[@]}"; do
    tag="${entry%%$'\t'*}"
    text="${entry#*$'\t'}"
    case "$tag" in
      B)
        block_line="${text%% *}"
        kind="${text#* }"
        if [[ "$kind" == other ]]; then
          other=$((other + 1))
          continue
        fi
        blocks=$((blocks + 1))
        block_skip="" timings=0 cat_writes=0 skip_texts=() skip_reasons=() befores=()
        last_skipped=0
        ;;
      M)
        if [[ "$text" =~ ^skip:\ *(.+)$ ]]; then
          block_skip="${BASH_REMATCH[1]}"
        elif [[ "$text" =~ ^skip\ \"([^\"]+)\":\ *(.+)$ ]]; then
          skip_texts+=("${BASH_REMATCH[1]}")
          skip_reasons+=("${BASH_REMATCH[2]}")
        elif [[ "$text" =~ ^before:\ *(.+)$ ]]; then
          befores+=("${BASH_REMATCH[1]}")
        elif [[ "$text" == "timings vary" ]]; then
          timings=1
        elif [[ "$text" == "cat writes files" ]]; then
          cat_writes=1
        else
          echo "MISMATCH  $name:$block_line  unknown marker 'docs-run: $text' (see tests/docs/run_docs.sh)"
          mismatched=$((mismatched + 1))
        fi
        ;;
      C)
        finish_command
        if [[ ${#befores[@]} -gt 0 && -z "$block_skip" ]]; then
          local before
          for before in "${befores[@]}"; do
            if ! (cd "$scratch" && bash -c "$before") </dev/null; then
              echo "MISMATCH  $name:$block_line  the marker's 'before' commands failed: $before"
              mismatched=$((mismatched + 1))
            fi
          done
          befores=()
        fi
        command_line="${text%% *}"
        command="${text#* }"
        expected=""
        have_command=1
        ;;
      c) command+=$'\n'"$text" ;;
      O) expected+="$text"$'\n' ;;
      E) finish_command ;;
      X)
        echo "MISMATCH  $name:${text%% *}  unclosed code fence"
        mismatched=$((mismatched + 1))
        ;;
    esac
  done

  echo "docs-run $name: $blocks command block(s) ($other other block(s) not run), $commands command(s): $matched matched, $mismatched mismatched, $skipped skipped, $wrote file(s) written by cat, $((SECONDS - doc_started)) s"
  local s
  for s in "${skips[@]+"${skips[@]}"}"; do echo "  skipped $s"; done
  if [[ $mismatched -gt 0 ]]; then failed=1; fi
  if [[ $((2 * skipped)) -gt $commands ]]; then
    echo "docs-run $name: more than half of the commands are skipped: the doc is not being checked"
    failed=1
  fi
  total_blocks=$((total_blocks + blocks))
  total_commands=$((total_commands + commands))
  total_matched=$((total_matched + matched))
  total_mismatched=$((total_mismatched + mismatched))
  total_skipped=$((total_skipped + skipped))
  total_wrote=$((total_wrote + wrote))
}

started=$SECONDS
for doc in "$@"; do
  [[ -f "$doc" ]] || { echo "run_docs: no such doc: $doc" >&2; exit 2; }
  run_doc "$doc"
done
if [[ $# -gt 1 ]]; then
  echo "docs-run: $# doc(s), $total_blocks command block(s), $total_commands command(s): $total_matched matched, $total_mismatched mismatched, $total_skipped skipped, $total_wrote written, $((SECONDS - started)) s"
fi
exit $failed
