# Warnings and build flavours shared by the targets of the project, in three interface
# libraries:
#   arbiter_options         every target: warnings, include root, -march, sanitizers
#   arbiter_fuzz_coverage   the fuzz targets and the rules, presentation and server libraries of
#                           a fuzzing tree: libFuzzer's coverage instrumentation. The engine's
#                           perft runs about 3 times slower with it, but the tests of the tree,
#                           which link the same libraries, only about a tenth slower (their time
#                           is mostly in the test helpers, gtest and the sanitizers' runtime)
#   arbiter_front_options   the command line and the server (cli/, server/): -O1 in every tree.
#                           Nothing there is on a hot path (the engine, the searches and the
#                           solver are libraries of their own, at the build type's level), and
#                           CLI11's and httplib's templates compiled at -O3 were most of the time
#                           `scripts/setup.sh` took: a batch of the CLI library took 14-20 s at
#                           -O3 and 9-15 s at -O1 (docs/building.md).
#   arbiter_test_options    the test files (not the helpers in tests/support): -O1 in every
#                           tree; the unit binaries' -Og with g++ and -O0 with clang
#                           (arbiter_unit_test_options below). A test's time is spent in the
#                           libraries and the helpers, which keep the build type's level; -O1
#                           compiles the gtest and RapidCheck templates of a test file in about
#                           two thirds of -O3's time. (At -O0 an inline function the libraries
#                           call out of line may be linked from a test file's unoptimised copy,
#                           which made the sanitizer tests 2 to 3 times slower: the test
#                           binaries put the libraries first on the link line for that.)
add_library(arbiter_options INTERFACE)
target_compile_options(arbiter_options INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion -Wnon-virtual-dtor
  -Wold-style-cast -Wcast-align -Woverloaded-virtual -Wnull-dereference)
target_include_directories(arbiter_options INTERFACE "${CMAKE_SOURCE_DIR}")
if(ARBITER_NATIVE AND NOT ARBITER_SANITIZE)
  target_compile_options(arbiter_options INTERFACE -march=native)
endif()
if(NOT ARBITER_PEXT)
  target_compile_definitions(arbiter_options INTERFACE ARBITER_NO_PEXT)
endif()
if(ARBITER_SANITIZE)
  # Line tables are all a sanitizer report needs; full -g doubles the compile and link time.
  if(CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    target_compile_options(arbiter_options INTERFACE -gline-tables-only)
  else()
    target_compile_options(arbiter_options INTERFACE -g1)
  endif()
  target_compile_options(arbiter_options INTERFACE
    -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  # -O1 whatever the build type (the last -O wins): the level ASan's docs suggest, and it
  # compiles the sanitizer tree in about 80% of -O2's CPU time (arbiter_rules and
  # arbiter_server under clang: 191 s against 239 s, docs/building.md); its tests and
  # fuzzers run a little slower, and the fuzzers are bounded by time anyway.
  target_compile_options(arbiter_options INTERFACE -O1)
  target_link_options(arbiter_options INTERFACE -fsanitize=address,undefined)
endif()

add_library(arbiter_fuzz_coverage INTERFACE)
if(ARBITER_BUILD_FUZZ)
  # Coverage instrumentation, so that libFuzzer sees into the parsers and the engine.
  target_compile_options(arbiter_fuzz_coverage INTERFACE -fsanitize=fuzzer-no-link)
endif()

add_library(arbiter_front_options INTERFACE)
target_compile_options(arbiter_front_options INTERFACE -O1)
# GCC 12 at -O1 reports a null pointer inside CLI11's vector<string> option results
# (CLI::detail::split, CLI::Option::results) in some translation units, depending on what it
# inlines with what (a unity batch's neighbours): a false positive in the library's code.
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  target_compile_options(arbiter_front_options INTERFACE -Wno-null-dereference)
endif()

add_library(arbiter_test_options INTERFACE)
target_compile_options(arbiter_test_options INTERFACE -O1)
# The unit-test binaries' files: -Og with g++, -O0 with clang (the sanitizer tree). With g++,
# -Og compiled them in about 0.8 of -O1's CPU time (the 21 unity batches of the six unit
# binaries: 329 s with their links against 405 s, most of the gain in the rules tests' batches)
# and they ran in about the same time (rules, solver, server, puzzles). With clang and the
# sanitizers, -O0 compiled the rules tests in 100 s of CPU against 271 s, and they ran in 61 s
# against 57 s, once the libraries come first on the link line (tests/CMakeLists.txt,
# arbiter_link_libraries_first; without that, 124 s). clang has no -Og of its own (it means
# -O1 there). The slow and browser binaries keep -O1: their tests spend minutes in loops of
# their own. Figures: docs/building.md, CI stages, 2026-12-02 session 14.
add_library(arbiter_unit_test_options INTERFACE)
target_compile_options(arbiter_unit_test_options INTERFACE $<IF:$<CXX_COMPILER_ID:GNU>,-Og,-O0>)
