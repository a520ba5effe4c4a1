#!/usr/bin/env bash
# Installs the Debian packages arbiter needs, then configures build/ (Release) and builds the
# arbiter command (build/arbiter, with build/arbiter-solver and build/arbiter-serve beside it): what the main job,
# `build/arbiter verify`, needs. The tests and benchmarks are built by scripts/test.sh (or
# `scripts/build.sh`, which builds everything).
#
#   scripts/setup.sh               # install what is missing (needs root), then build arbiter
#   scripts/setup.sh --deps-only   # only install what is missing
#   scripts/setup.sh --check       # only report missing packages (exit 1 if any)
#
# Made for Debian 12 (bookworm). Only missing packages are installed, and `apt-get update`
# runs only when something is missing, so a second run touches nothing. Everything comes from
# Debian: the build downloads nothing and nothing is vendored. As a normal user, the script
# works when every package is already installed; otherwise it names the missing ones and stops.
# Ninja runs at most ARBITER_JOBS jobs (default 2).
set -euo pipefail

packages=(
  build-essential g++ clang cmake ninja-build pkg-config
  libz3-dev librange-v3-dev librapidcheck-dev libgtest-dev libgmock-dev
  libtomlplusplus-dev libcli11-dev libfmt-dev libsqlite3-dev libbenchmark-dev zlib1g-dev
  libmicrohttpd-dev libcpp-httplib-dev libssl-dev nlohmann-json3-dev # arbiter serve: HTTP server, test client, token digests, bodies
  clang-format
  libclang-rt-14-dev # sanitizer and libFuzzer runtimes for clang 14
  fonts-dejavu-core # the chess figures the SVG boards name (present/board/svg_board.cpp)
)

script=setup
log_prefix='==> setup: '
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

mode=all
case "${1:-}" in
  "") ;;
  --deps-only) mode=deps ;;
  --check) mode=check ;;
  -h | --help)
    usage
    exit 0
    ;;
  *)
    printf 'setup: error: unknown option %s\n' "$1" >&2
    usage >&2
    exit 2
    ;;
esac
if [[ $# -gt 1 ]]; then
  printf 'setup: error: takes at most one option\n' >&2
  exit 2
fi

cd "$root"

# --- stage 1: packages ---------------------------------------------------------------------
log "checking ${#packages[@]} Debian packages"
command -v dpkg-query >/dev/null 2>&1 ||
  die "dpkg-query not found: this script is for Debian 12; install the packages listed in docs/building.md by hand"
if [[ -r /etc/debian_version ]]; then
  case "$(cat /etc/debian_version)" in
    12.* | bookworm*) ;;
    *) log "warning: made for Debian 12, this is Debian $(cat /etc/debian_version); trying anyway" ;;
  esac
fi

missing=()
for p in "${packages[@]}"; do
  status="$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)"
  [[ "$status" == "install ok installed" ]] || missing+=("$p")
done

if [[ ${#missing[@]} -eq 0 ]]; then
  log "all packages are installed"
elif [[ $mode == check ]]; then
  die "missing packages: ${missing[*]}"
elif [[ $(id -u) -ne 0 ]]; then
  die "missing Debian packages: ${missing[*]}
  Installing them needs root. Run this script as root (e.g. sudo scripts/setup.sh), or:
    sudo apt-get install --no-install-recommends ${missing[*]}"
else
  log "missing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  log "apt-get update"
  apt-get update </dev/null || die "apt-get update failed (network? /etc/apt/sources.list?)"
  log "apt-get install ${missing[*]}"
  apt-get install -y --no-install-recommends "${missing[@]}" </dev/null ||
    die "apt-get install failed for: ${missing[*]}"
  still=()
  for p in "${missing[@]}"; do
    status="$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)"
    [[ "$status" == "install ok installed" ]] || still+=("$p")
  done
  [[ ${#still[@]} -eq 0 ]] || die "apt-get did not install: ${still[*]}"
  log "installed ${#missing[@]} package(s)"
fi
[[ $mode == all ]] || exit 0

# --- stage 2: configure and build the command -------------------------------------------------
log "configuring build/ (Release) and building arbiter"
start=$SECONDS
"$root/scripts/build.sh" build -DCMAKE_BUILD_TYPE=Release -- arbiter
log "build/arbiter is ready in $((SECONDS - start)) s: build/arbiter --help"
