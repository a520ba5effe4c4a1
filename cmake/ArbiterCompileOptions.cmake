# Warnings and build flavours shared by every target of the project.
add_library(arbiter_options INTERFACE)
target_compile_options(arbiter_options INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion -Wnon-virtual-dtor
  -Wold-style-cast -Wcast-align -Woverloaded-virtual -Wnull-dereference)
target_include_directories(arbiter_options INTERFACE "${CMAKE_SOURCE_DIR}")
if(ARBITER_NATIVE AND NOT ARBITER_SANITIZE)
  target_compile_options(arbiter_options INTERFACE -march=native)
endif()
if(ARBITER_SANITIZE)
  target_compile_options(arbiter_options INTERFACE
    -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  target_link_options(arbiter_options INTERFACE -fsanitize=address,undefined)
endif()
if(ARBITER_BUILD_FUZZ)
  # Coverage instrumentation for the whole library, so that libFuzzer sees into the parsers.
  # UBSan must not recover: a report that only prints is not an input libFuzzer keeps.
  target_compile_options(arbiter_options INTERFACE
    -fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer
    -fno-sanitize-recover=undefined)
  target_link_options(arbiter_options INTERFACE -fsanitize=address,undefined)
endif()
