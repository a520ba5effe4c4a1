# The solver's facade, kept by the build: code outside solver/ sees no Z3 header (docs/solver.md,
# "The facade").
#
# Z3's headers are in /usr/include on Debian, a directory every compiler searches, so linking Z3
# PRIVATE to arbiter_solver keeps its include path and library from other targets but not its
# headers. So every target gets, first on its include path, a directory of stand-ins: one per
# header of Z3 (z3.h, z3++.h, z3_api.h, ...), each only an #error. An #include <z3++.h> in a
# file of rules/, puzzles/, cli/, bench/, fuzz/ or tests/, or in a header such a file includes
# (solver/core/board_encoding.hpp, say), stops that file's compile with the #error below: the check
# is the compile itself, it needs no list of files, and a new target is checked without being
# named. Only the targets marked by arbiter_solver_internal() see the real headers: the solver
# library and the programs that test or measure its internals (each call says why).
# tests/CMakeLists.txt checks the stand-ins (NoZ3OutsideSolver.*).

set(ARBITER_Z3_STAND_INS "${CMAKE_BINARY_DIR}/z3_outside_solver")
file(GLOB arbiter_z3_headers RELATIVE "${Z3_INCLUDEDIR}" "${Z3_INCLUDEDIR}/z3*.h")
list(APPEND arbiter_z3_headers z3.h z3++.h)
list(REMOVE_DUPLICATES arbiter_z3_headers)
foreach(header IN LISTS arbiter_z3_headers)
  string(CONCAT message "${header} outside solver/: include the solver's facade instead "
         "(docs/solver.md, 'The facade'); Z3 is for the targets marked by "
         "arbiter_solver_internal() only")
  # file(CONFIGURE) writes only when the text changes: no rebuild at each configure.
  file(CONFIGURE OUTPUT "${ARBITER_Z3_STAND_INS}/${header}"
       CONTENT "#pragma once\n#error \"${message}\"\n")
endforeach()

# $<TARGET_PROPERTY:ARBITER_SOLVER_INTERNAL> is read on the target being compiled (the consumer of
# arbiter_options), so the stand-ins reach every target that is not marked.
target_include_directories(arbiter_options BEFORE INTERFACE
  "$<$<NOT:$<BOOL:$<TARGET_PROPERTY:ARBITER_SOLVER_INTERNAL>>>:${ARBITER_Z3_STAND_INS}>")

# arbiter_solver_internal(TARGET): TARGET compiles against Z3's headers and the solver's internal
# ones, and links Z3 itself.
function(arbiter_solver_internal target)
  set_target_properties(${target} PROPERTIES ARBITER_SOLVER_INTERNAL ON)
  target_link_libraries(${target} PRIVATE PkgConfig::Z3)
endfunction()
