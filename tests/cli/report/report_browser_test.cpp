// The HTML report opened in a real browser (headless Chromium, Debian package `chromium`):
// `arbiter report` on the orthodox table with a reduced sweep, then Chromium renders the page.
// The page's own script counts the <svg class="board"> elements with a non-empty box and
// writes the count into the DOM (read with --dump-dom): it must equal the number of boards in
// the HTML. The screenshot must be a PNG of the requested size and, where zlib is available,
// show both square colours of the boards (not blank). Skipped, with a message, only when no
// Chromium binary can be found (scripts/test.sh installs it). ctest label "browser".
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#ifdef ARBITER_HAVE_ZLIB
#include <zlib.h>
#endif

#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using test::occurrences;
using test::slurp;

namespace fs = std::filesystem;

constexpr int kWidth = 1000, kHeight = 2000;

std::optional<std::string> find_chromium() {
  if (const char* env = std::getenv("ARBITER_CHROMIUM"); env && *env) return std::string(env);
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path ? path : "/usr/bin:/bin");
  std::vector<std::string> candidates;
  for (std::string d; std::getline(dirs, d, ':');)
    for (const char* name :
         {"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"})
      candidates.push_back(d + "/" + name);
  for (const std::string& c : candidates)
    if (access(c.c_str(), X_OK) == 0) return c;
  return std::nullopt;
}

/// Chromium's common flags: headless, no sandbox as root (CI runs as root), no GPU, a private
/// profile, quiet.
std::string chromium_command(const std::string& chromium, const fs::path& dir) {
  std::string cmd = "'" + chromium + "' --headless --disable-gpu --no-first-run --hide-scrollbars";
  cmd += " --disable-dev-shm-usage --no-default-browser-check --user-data-dir='" +
         (dir / "profile").string() + "'";
  if (geteuid() == 0) cmd += " --no-sandbox";
  return cmd;
}

std::uint32_t be32(const std::string& s, std::size_t at) {
  return static_cast<std::uint32_t>(static_cast<unsigned char>(s[at])) << 24 |
         static_cast<std::uint32_t>(static_cast<unsigned char>(s[at + 1])) << 16 |
         static_cast<std::uint32_t>(static_cast<unsigned char>(s[at + 2])) << 8 |
         static_cast<std::uint32_t>(static_cast<unsigned char>(s[at + 3]));
}

struct Png {
  int width = 0, height = 0, bit_depth = 0, colour_type = 0, interlace = 0;
  std::string idat;  ///< the compressed image data
};

/// Reads the chunks of a PNG file; the problem in `error` when it is not one.
Png read_png(const std::string& data, std::string& error) {
  Png png;
  if (data.size() < 33 || data.compare(0, 8, "\x89PNG\r\n\x1a\n") != 0) {
    error = "not a PNG file";
    return png;
  }
  for (std::size_t at = 8; at + 12 <= data.size();) {
    const std::uint32_t len = be32(data, at);
    const std::string type = data.substr(at + 4, 4);
    if (at + 12 + len > data.size()) {
      error = "truncated chunk " + type;
      return png;
    }
    if (type == "IHDR") {
      png.width = static_cast<int>(be32(data, at + 8));
      png.height = static_cast<int>(be32(data, at + 12));
      png.bit_depth = static_cast<unsigned char>(data[at + 16]);
      png.colour_type = static_cast<unsigned char>(data[at + 17]);
      png.interlace = static_cast<unsigned char>(data[at + 20]);
    } else if (type == "IDAT") {
      png.idat += data.substr(at + 8, len);
    }
    at += 12 + len;
  }
  if (png.width == 0 || png.idat.empty()) error = "no IHDR or IDAT";
  return png;
}

#ifdef ARBITER_HAVE_ZLIB
/// The RGB pixels of an 8-bit RGB or RGBA non-interlaced PNG (what Chromium writes).
std::vector<unsigned char> rgb_pixels(const Png& png, std::string& error) {
  const int channels = png.colour_type == 6 ? 4 : png.colour_type == 2 ? 3 : 0;
  if (channels == 0 || png.bit_depth != 8 || png.interlace != 0) {
    error = "unexpected PNG format (colour type " + std::to_string(png.colour_type) + ")";
    return {};
  }
  const std::size_t stride = static_cast<std::size_t>(png.width) * channels;
  std::vector<unsigned char> raw((stride + 1) * png.height);
  uLongf raw_len = raw.size();
  if (uncompress(raw.data(), &raw_len, reinterpret_cast<const Bytef*>(png.idat.data()),
                 png.idat.size()) != Z_OK ||
      raw_len != raw.size()) {
    error = "cannot inflate the image data";
    return {};
  }
  std::vector<unsigned char> img(stride * png.height), rgb;
  for (int y = 0; y < png.height; ++y) {
    const unsigned char filter = raw[y * (stride + 1)];
    const unsigned char* in = &raw[y * (stride + 1) + 1];
    unsigned char* out = &img[y * stride];
    const unsigned char* up = y ? &img[(y - 1) * stride] : nullptr;
    for (std::size_t i = 0; i < stride; ++i) {
      const int a = i >= static_cast<std::size_t>(channels) ? out[i - channels] : 0;
      const int b = up ? up[i] : 0;
      const int c = up && i >= static_cast<std::size_t>(channels) ? up[i - channels] : 0;
      int pred = 0;
      switch (filter) {
        case 0:
          pred = 0;
          break;
        case 1:
          pred = a;
          break;
        case 2:
          pred = b;
          break;
        case 3:
          pred = (a + b) / 2;
          break;
        case 4: {
          const int p = a + b - c, pa = std::abs(p - a), pb = std::abs(p - b), pc = std::abs(p - c);
          pred = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
          break;
        }
        default:
          error = "bad PNG filter";
          return {};
      }
      out[i] = static_cast<unsigned char>(in[i] + pred);
    }
  }
  for (std::size_t p = 0; p < img.size(); p += channels)
    rgb.insert(rgb.end(), {img[p], img[p + 1], img[p + 2]});
  return rgb;
}
#endif

TEST(ReportBrowser, ChromiumRendersEveryBoard) {
  const std::optional<std::string> chromium = find_chromium();
  if (!chromium)
    GTEST_SKIP() << "Chromium not found (no chromium, chromium-browser or google-chrome on PATH, "
                    "ARBITER_CHROMIUM unset): install the Debian package chromium "
                    "(scripts/test.sh does) to run this test";
  const fs::path dir =
      fs::path(::testing::TempDir()) / ("arbiter_report_" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  const test::CommandResult r = test::run_arbiter(
      "report -q --out '" + dir.string() +
      "' -v orthodox --positions 12 --plies 6 --max-pieces 4 --no-probes --rlimit 20000000");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, (dir / "index.html").string() + "\n");
  const fs::path page = dir / "orthodox.html";
  const std::string html = slurp(page);
  const int boards = occurrences(html, "<svg class=\"board\"");
  ASSERT_GE(boards, 3) << "the page should hold the setup, knob and scenario boards";
  EXPECT_EQ(html.find("http://"), html.find("http://www.w3.org/2000/svg"))
      << "the page must not fetch anything";

  // The DOM after the page's script ran: it counts the boards that have a box.
  const fs::path dom = dir / "dom.html";
  const std::string url = "file://" + page.string();
  const int dump =
      std::system((chromium_command(*chromium, dir) + " --virtual-time-budget=3000 --dump-dom '" +
                   url + "' >'" + dom.string() + "' 2>'" + (dir / "dump.err").string() + "'")
                      .c_str());
  ASSERT_EQ(dump, 0) << slurp(dir / "dump.err");
  const std::string dumped = slurp(dom);
  EXPECT_NE(dumped.find("data-boards=\"" + std::to_string(boards) + "\""), std::string::npos)
      << "expected " << boards
      << " rendered boards; the page says: " << dumped.substr(dumped.find("id=\"rendered\""), 120);

  // The screenshot: a PNG of the window's size, not blank.
  const fs::path shot = dir / "shot.png";
  const int snap =
      std::system((chromium_command(*chromium, dir) + " --window-size=" + std::to_string(kWidth) +
                   "," + std::to_string(kHeight) + " --screenshot='" + shot.string() + "' '" + url +
                   "' >'" + (dir / "shot.err").string() + "' 2>&1")
                      .c_str());
  ASSERT_EQ(snap, 0) << slurp(dir / "shot.err");
  std::string error;
  const Png png = read_png(slurp(shot), error);
  ASSERT_EQ(error, "");
  EXPECT_EQ(png.width, kWidth);
  EXPECT_EQ(png.height, kHeight);
#ifdef ARBITER_HAVE_ZLIB
  const std::vector<unsigned char> rgb = rgb_pixels(png, error);
  ASSERT_EQ(error, "");
  // The board's squares: #f0d9b5 and #b58863 (present/board/svg_board.cpp), and anything not white.
  long light = 0, dark = 0, ink = 0;
  const auto near = [](const unsigned char* p, int red, int green, int blue) {
    return std::abs(p[0] - red) <= 3 && std::abs(p[1] - green) <= 3 && std::abs(p[2] - blue) <= 3;
  };
  for (std::size_t p = 0; p < rgb.size(); p += 3) {
    light += near(&rgb[p], 0xf0, 0xd9, 0xb5);
    dark += near(&rgb[p], 0xb5, 0x88, 0x63);
    ink += near(&rgb[p], 255, 255, 255) ? 0 : 1;
  }
  EXPECT_GT(light, 16 * 45 * 45) << "light squares of the boards";
  EXPECT_GT(dark, 16 * 45 * 45) << "dark squares of the boards";
  EXPECT_GT(ink, static_cast<long>(kWidth) * kHeight / 20) << "the screenshot is nearly blank";
#else
  std::cerr << "note: built without zlib, the screenshot's pixels are not checked\n";
#endif
  fs::remove_all(dir);
}

}  // namespace
}  // namespace arbiter
