#!/usr/bin/env bash
# Configures and builds one build directory of arbiter with CMake and Ninja.
#
#   scripts/build.sh [BUILD_DIR] [CMAKE_ARGS...] [-- TARGETS...]
#
#   scripts/build.sh                       # build/, Release
#   CXX=clang++ scripts/build.sh build-san -DARBITER_SANITIZE=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo
#   CXX=clang++ scripts/build.sh build-clang
#   scripts/build.sh build -- arbiter arbiter_rules_tests   # only these targets
#
# BUILD_DIR defaults to "build" and is relative to the repository root. CMAKE_ARGS are passed to
# the configure step as they are; when none sets CMAKE_BUILD_TYPE, Release is used. TARGETS
# (after --) are the Ninja targets to build; none: everything (target all). Ninja runs
# at most ARBITER_JOBS jobs (default 2: one C++ compiler needs about 1-2 GiB). It does not
# install packages; scripts/setup.sh does that.
set -euo pipefail

script=build
log_prefix='build: '
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

case "${1:-}" in
  -h | --help)
    usage
    exit 0
    ;;
esac

cd "$root"

build_dir="build"
if [[ $# -gt 0 && "$1" != -* ]]; then
  build_dir="$1"
  shift
fi
jobs="${ARBITER_JOBS:-2}"
[[ "$jobs" =~ ^[1-9][0-9]*$ ]] || die "ARBITER_JOBS must be a positive number, not '$jobs'"

command -v cmake >/dev/null 2>&1 || die "cmake is not installed (run scripts/setup.sh as root)"
command -v ninja >/dev/null 2>&1 || die "ninja is not installed (run scripts/setup.sh as root)"

cmake_args=()
targets=()
while [[ $# -gt 0 ]]; do
  if [[ "$1" == -- ]]; then
    shift
    targets=("$@")
    break
  fi
  cmake_args+=("$1")
  shift
done
have_type=0
for a in "${cmake_args[@]+"${cmake_args[@]}"}"; do
  [[ "$a" == -DCMAKE_BUILD_TYPE=* ]] && have_type=1
done
[[ $have_type -eq 1 ]] || cmake_args+=(-DCMAKE_BUILD_TYPE=Release)

# A build directory configured with another generator cannot be switched to Ninja in place.
if [[ -f "$build_dir/CMakeCache.txt" ]] &&
  ! grep -q '^CMAKE_GENERATOR:INTERNAL=Ninja$' "$build_dir/CMakeCache.txt"; then
  die "$build_dir/ was configured with another CMake generator; remove it (rm -rf $build_dir) and rerun"
fi

log "configuring $build_dir/ (cmake -G Ninja ${cmake_args[*]})"
cmake -S . -B "$build_dir" -G Ninja "${cmake_args[@]}"
log "building $build_dir/ with $jobs job(s)"
ninja -C "$build_dir" -j"$jobs" "${targets[@]+"${targets[@]}"}"
log "built $build_dir/"
