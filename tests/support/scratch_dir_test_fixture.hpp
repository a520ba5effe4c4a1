// A test fixture with a fresh directory of its own for the files a test writes.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace arbiter::test {

/// SetUp makes an empty directory named after the process and the test (shards of one binary
/// and other binaries run at the same time); TearDown removes it.
class ScratchDirTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("arbiter_scratch_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->test_suite_name() + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  /// The path of `name` in the directory.
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  /// Writes `text` to `name` in the directory; returns its path.
  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream(path(name), std::ios::binary) << text;
    return path(name);
  }

  std::filesystem::path dir_;
};

}  // namespace arbiter::test
