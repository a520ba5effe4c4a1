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

# arbiter_precompile(TARGET KIND): KIND is LIBRARY, SOLVER or TEST (the lists above).
function(arbiter_precompile target kind)
  if(ARBITER_PCH)
    target_precompile_headers(${target} PRIVATE ${ARBITER_PCH_${kind}})
  endif()
endfunction()
