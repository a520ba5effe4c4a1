# Issue 36: behaviour is chosen once, when a table is compiled. Only the table compiler and its
# checks (and the registries they feed) may read a table's protocol, resolver or Conversion flag;
# every other file asks its layer's registry (docs/architecture.md, "Modules"). Run as
#   cmake -DROOT=<repository> -P tests/checks/protocol_branches.cmake
# and fails naming each file outside the list that branches on them.
cmake_minimum_required(VERSION 3.20)
set(allowed
    rules/core/rule_table.cpp rules/core/rule_table.hpp rules/core/table_checks.cpp
    rules/registry/rule_knobs.cpp rules/simultaneous/diplomacy/diplomacy_table.cpp)
set(pattern "Protocol::k|Resolver::k|conversion\\(\\)\\.enabled")
set(found "")
foreach(layer rules solver puzzles cli server present)
  file(GLOB_RECURSE sources RELATIVE "${ROOT}" "${ROOT}/${layer}/*.cpp" "${ROOT}/${layer}/*.hpp")
  foreach(f IN LISTS sources)
    file(STRINGS "${ROOT}/${f}" hits REGEX "${pattern}")
    if(hits AND NOT f IN_LIST allowed)
      list(APPEND found "${f}")
    endif()
  endforeach()
endforeach()
if(found)
  list(JOIN found "\n  " names)
  message(FATAL_ERROR "these files branch on the protocol, resolver or Conversion flag; ask the "
                      "layer's registry instead (docs/architecture.md, \"Modules\"):\n  ${names}")
endif()
message(STATUS "only the table compiler branches on the protocol")
