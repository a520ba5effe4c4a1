# Precompiled headers (ARBITER_PCH, on by default): the third-party headers that most files of a
# target include are parsed once per target instead of once per file: GoogleTest, GoogleMock and
# RapidCheck were about a third of a test file's compile time, Z3's C++ API a sixth of a solver
# file's. Project headers stay out: they change often, and each change would rebuild the PCH.
# CLI11 stays out too: what it costs is not parsing but the validator objects that its headers
# define in every file that includes them, which a PCH would add to the CLI files that do not
# include CLI11 (measured: json_writer.cpp from 0.7 s to 3.6 s). CLI11's precompiled mode, which
# would compile those once, needs CLI11 2.3; Debian 12 ships 2.1. The CLI library is a unity
# build instead (cli/CMakeLists.txt), which builds them once per batch of 8 files.
set(ARBITER_PCH_STD <algorithm> <array> <cstdint> <functional> <map> <memory> <optional> <set>
                    <sstream> <stdexcept> <string> <string_view> <utility> <vector>)
set(ARBITER_PCH_LIBRARY ${ARBITER_PCH_STD} <fmt/format.h>)
set(ARBITER_PCH_SOLVER ${ARBITER_PCH_LIBRARY} <z3++.h>)
set(ARBITER_PCH_TEST ${ARBITER_PCH_LIBRARY} <gtest/gtest.h> <gmock/gmock.h> <rapidcheck.h>
                     <rapidcheck/gtest.h>)

# arbiter_precompile(TARGET KIND [SHARE KEY]): KIND is LIBRARY, SOLVER or TEST (the lists above).
# With SHARE KEY, the targets given the same KEY (which must compile with the same flags) use
# the precompiled header of the first of them (REUSE_FROM) instead of building one each.
#
# With g++ only the test binaries get one, shared (SHARE): a precompiled header of the TEST list
# took about 10 s of CPU to build and saved 0 to 3.4 s per translation unit (g++ -Og, pairs of
# unity batches with and without it: rules tests 20.6 -> 17.7 s, solver slow tests 15.6 ->
# 12.3 s, CLI tests 12.3 -> 10.9 s, the server's about the same), so one per target (15
# targets, 35 batches) would cost about what it saves. Two are built: one for the unit binaries
# (-Og, 21 batches) and one for the slow and browser binaries (-O1, 8 batches); the helpers in
# tests/support (-O3, 6 translation units, 1.2 s saved in the largest) get none. A KEY must never
# mix optimisation levels: g++ does not refuse a precompiled header built at another -O level,
# and may crash on it (an internal compiler error with a -Og header used at -O3). With clang
# every target has its own, SHARE or not. The libraries get none with g++ (ARBITER_PCH's
# comment in CMakeLists.txt).
function(arbiter_precompile target kind)
  if(NOT ARBITER_PCH)
    return()
  endif()
  cmake_parse_arguments(PARSE_ARGV 2 arg "" "SHARE" "")
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND (NOT kind STREQUAL "TEST" OR NOT arg_SHARE))
    return()
  endif()
  if(arg_SHARE AND CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    get_property(owner GLOBAL PROPERTY "ARBITER_PCH_OWNER_${kind}_${arg_SHARE}")
    if(owner)
      target_precompile_headers(${target} REUSE_FROM ${owner})
      return()
    endif()
    set_property(GLOBAL PROPERTY "ARBITER_PCH_OWNER_${kind}_${arg_SHARE}" ${target})
  endif()
  target_precompile_headers(${target} PRIVATE ${ARBITER_PCH_${kind}})
endfunction()
