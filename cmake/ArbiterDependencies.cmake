# Finds every dependency as an installed Debian package. When one is missing, the error
# names the package to install (scripts/setup.sh installs them all).
function(arbiter_require found_var what debian_package)
  if(NOT ${found_var})
    message(FATAL_ERROR
      "arbiter: ${what} was not found. Install the Debian package '${debian_package}' "
      "(apt-get install ${debian_package}), or run scripts/setup.sh which installs everything.")
  endif()
endfunction()

find_package(PkgConfig QUIET)
arbiter_require(PkgConfig_FOUND "pkg-config" "pkg-config")
pkg_check_modules(Z3 QUIET IMPORTED_TARGET z3)
arbiter_require(Z3_FOUND "Z3 (pkg-config module z3)" "libz3-dev")

find_package(range-v3 QUIET CONFIG)
arbiter_require(range-v3_FOUND "range-v3" "librange-v3-dev")
find_package(tomlplusplus QUIET CONFIG)
arbiter_require(tomlplusplus_FOUND "toml++" "libtomlplusplus-dev")
find_package(CLI11 QUIET CONFIG)
arbiter_require(CLI11_FOUND "CLI11" "libcli11-dev")
find_package(fmt QUIET CONFIG)
arbiter_require(fmt_FOUND "fmt" "libfmt-dev")
find_package(SQLite3 QUIET)
arbiter_require(SQLite3_FOUND "SQLite3" "libsqlite3-dev")
# The same package's static library, when it has one (Debian's does): loading libsqlite3.so cost
# every arbiter process about 0.6 ms at start on a 2-core virtual machine (docs/performance.md,
# "Start-up"), a small helpmate's whole margin against Popeye. It needs libm and the threads.
find_library(ARBITER_SQLITE3_STATIC NAMES libsqlite3.a)
if(ARBITER_SQLITE3_STATIC)
  find_package(Threads REQUIRED)
  set_target_properties(SQLite::SQLite3 PROPERTIES IMPORTED_LOCATION "${ARBITER_SQLITE3_STATIC}"
                                                   INTERFACE_LINK_LIBRARIES "Threads::Threads;m;dl")
endif()
# libmicrohttpd: the event-driven HTTP server of arbiter serve (docs/serve.md, "The HTTP stack").
pkg_check_modules(MHD QUIET IMPORTED_TARGET libmicrohttpd)
arbiter_require(MHD_FOUND "libmicrohttpd (pkg-config module libmicrohttpd)" "libmicrohttpd-dev")
# cpp-httplib: the HTTP client of the server's tests and load benchmarks. Debian 12 builds it as
# a shared library and ships only a pkg-config module, whose flags (OpenSSL, zlib, Brotli
# support) must match the library's.
pkg_check_modules(HTTPLIB QUIET IMPORTED_TARGET cpp-httplib)
arbiter_require(HTTPLIB_FOUND "cpp-httplib (pkg-config module cpp-httplib)" "libcpp-httplib-dev")
# OpenSSL's libcrypto computes the digests the monitor stores of its tokens (server/tokens.cpp).
find_package(OpenSSL QUIET)
arbiter_require(OpenSSL_FOUND "OpenSSL (libcrypto)" "libssl-dev")
# nlohmann/json reads the monitor's request bodies (server/json_request.cpp).
find_package(nlohmann_json 3 QUIET CONFIG)
arbiter_require(nlohmann_json_FOUND "nlohmann/json" "nlohmann-json3-dev")

if(ARBITER_BUILD_TESTS)
  find_package(GTest QUIET CONFIG)
  if(NOT GTest_FOUND)
    find_package(GTest QUIET)
  endif()
  arbiter_require(GTest_FOUND "GoogleTest" "libgtest-dev")
  find_package(rapidcheck QUIET CONFIG)
  arbiter_require(rapidcheck_FOUND "RapidCheck" "librapidcheck-dev")
endif()
if(ARBITER_BUILD_BENCH)
  find_package(benchmark QUIET CONFIG)
  arbiter_require(benchmark_FOUND "Google Benchmark" "libbenchmark-dev")
endif()
