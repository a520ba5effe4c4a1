# shellcheck shell=bash
# Shared by the scripts of this folder, which source it: their messages on stderr, their usage
# text and the repository root. A script sets `script` (its name in error messages) and
# `log_prefix` (how its progress lines start) before sourcing it.

log() { printf '%s%s\n' "${log_prefix:?}" "$*" >&2; }
die() {
  printf '%s: error: %s\n' "${script:?}" "$*" >&2
  exit 1
}

# The running script's opening comment, without the '#'s.
usage() {
  sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"
}

# shellcheck disable=SC2034 # read by the scripts that source this file
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
