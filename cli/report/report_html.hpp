// Small HTML helpers for the static report (cli/report/report_site.hpp): the page frame with its
// inline style and the board-counting script, escaping, headings and tables. No network fetches:
// the style and script are inline, the boards are inline SVG.
#pragma once

#include <string>
#include <vector>

namespace arbiter::cli {

/// `text` escaped for HTML text and attribute values.
std::string html_escape(const std::string& text);

/// A whole page: doctype, title, inline CSS, `body`, and a script that counts the boards that
/// rendered (inline <svg class="board"> with a non-empty box) into <p id="rendered"
/// data-boards="N"> and the page title (read by the browser test,
/// tests/cli/report/report_browser_test.cpp).
std::string html_page(const std::string& title, const std::string& body);

/// A table: a header row and rows of cells already written as HTML.
std::string html_table(const std::vector<std::string>& header,
                       const std::vector<std::vector<std::string>>& rows);

/// <code>text</code>, escaped.
std::string html_code(const std::string& text);

}  // namespace arbiter::cli
