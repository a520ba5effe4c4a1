#include "cli/report/report_html.hpp"

#include "present/board/svg_board.hpp"

namespace arbiter::cli {
namespace {

constexpr const char* kStyle = R"(body{font-family:DejaVu Sans,Liberation Sans,Arial,sans-serif;
margin:2em auto;max-width:70em;padding:0 1em;color:#222;line-height:1.4}
h1,h2,h3{font-weight:600}h2{border-bottom:1px solid #ccc;padding-bottom:.2em;margin-top:2em}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:.25em .5em;
text-align:left;vertical-align:top;overflow-wrap:anywhere}th{background:#f3f3f3}code{background:#f6f6f6;padding:0 .2em}
.item{display:flex;flex-wrap:wrap;gap:1.5em;align-items:flex-start;margin:1em 0;
border-top:1px dashed #ddd;padding-top:1em}.item .text{flex:1;min-width:22em}
.status-witness{color:#1b5e20}.status-unreachable{color:#555}
.status-not-found,.status-unknown{color:#b71c1c;font-weight:bold}
.legend{font-size:.9em;color:#555}.note{background:#fff8e1;padding:.5em 1em}
pre.record{white-space:pre-wrap;background:#f6f6f6;padding:.5em}
.readings{gap:1em}.readings svg.board{width:330px;height:auto}
)";

constexpr const char* kScript = R"(<script>
(function(){var n=0;document.querySelectorAll('svg.board').forEach(function(s){
var r=s.getBoundingClientRect();if(r.width>0&&r.height>0)n++;});
var p=document.getElementById('rendered');p.setAttribute('data-boards',String(n));
p.textContent=n+' board(s) rendered';document.title=document.title+' ['+n+' boards]';})();
</script>
)";

}  // namespace

std::string html_escape(const std::string& text) {
  return xml_escape(text);  // the same five entities serve HTML and the inline SVG
}

std::string html_page(const std::string& title, const std::string& body) {
  return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" +
         html_escape(title) + "</title>\n<style>\n" + kStyle + "</style>\n</head>\n<body>\n" +
         body + "<p id=\"rendered\" class=\"legend\" data-boards=\"\"></p>\n" + kScript +
         "</body>\n</html>\n";
}

std::string html_table(const std::vector<std::string>& header,
                       const std::vector<std::vector<std::string>>& rows) {
  std::string out = "<table>\n<tr>";
  for (const std::string& h : header) out += "<th>" + html_escape(h) + "</th>";
  out += "</tr>\n";
  for (const auto& row : rows) {
    out += "<tr>";
    for (const std::string& cell : row) out += "<td>" + cell + "</td>";
    out += "</tr>\n";
  }
  return out + "</table>\n";
}

std::string html_code(const std::string& text) {
  return "<code>" + html_escape(text) + "</code>";
}

}  // namespace arbiter::cli
