// One table's page of the HTML report (cli/report/report_site.hpp): rules, knobs with their
// witnesses, the scenario catalog with its witnesses, the coverage table, then any extra sections.
#include <fmt/format.h>

#include <cctype>

#include "cli/report/report_html.hpp"
#include "cli/report/report_site.hpp"
#include "present/board/report_boards.hpp"
#include "solver/core/scenario_search.hpp"

namespace arbiter::cli {
namespace {

constexpr const char* kLegend =
    "<p class=\"legend\">Boards: White's pieces are white discs, Black's dark discs; blue arrows "
    "are White's moves, green arrows Black's, dashed red arrows moves that did not stand; an "
    "orange frame marks a piece that converts (Conversion Chess), a red ring a conflict point "
    "(Diplomacy Chess); two half discs on one square share it (Move-Neutral Chess).</p>\n";

/// A board drawn by `make`, or a note saying why it could not be drawn.
template <typename Make>
std::string drawn(const Make& make) {
  try {
    return svg_board(make());
  } catch (const std::exception& e) {
    return "<p class=\"note\">(no diagram: " + html_escape(e.what()) + ")</p>\n";
  }
}

std::string status_span(solver::CoverageStatus s) {
  std::string name = solver::to_string(s);
  std::string css = name;
  for (char& ch : css)
    if (ch == ' ') ch = '-';
  return fmt::format("<span class=\"status-{}\">{}</span>", html_escape(css), html_escape(name));
}

std::string join(const std::vector<std::string>& parts, const std::string& sep) {
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : sep) + p;
  return out;
}

std::string rules_section(const VariantPtr& v) {
  const RuleTable& t = v->table();
  std::string out = "<h2 id=\"rules\">Rules in the table</h2>\n";
  std::string proto = to_string(t.protocol);
  if (v->traits().simultaneous) proto += " (resolver: " + to_string(t.resolver) + ")";
  out += fmt::format(
      "<p>Protocol: {}. Table file: {}{}.</p>\n", html_escape(proto), html_code(t.source_file),
      t.extends_chain.empty() ? std::string()
                              : ", extends " + html_escape(join(t.extends_chain, ", ")));
  std::vector<std::vector<std::string>> rows;
  for (const PieceDef& p : t.pieces) {
    std::vector<std::string> notes;
    if (p.royal) notes.push_back("royal");
    if (p.pawn) notes.push_back("pawn");
    if (p.promotion)
      notes.push_back("promotes to " +
                      std::string(p.promotion->choices.begin(), p.promotion->choices.end()));
    if (p.rank) notes.push_back(fmt::format("conflict rank {}", p.rank));
    rows.push_back({html_code(std::string(1, p.letter)), html_escape(p.name), html_code(p.betza),
                    html_escape(join(notes, ", "))});
  }
  out += "<h3>Pieces</h3>\n" + html_table({"letter", "name", "moves (Betza)", "notes"}, rows);
  std::vector<std::string> castles;
  for (const CastlingDef& c : t.castling) castles.push_back(c.name);
  out += fmt::format(
      "<p>Castling: {}. Checkmate: {} for the side mated; stalemate: {} for the side with no "
      "move; {}.</p>\n",
      castles.empty() ? std::string("none") : html_escape(join(castles, ", ")),
      html_escape(to_string(t.end.checkmate)), html_escape(to_string(t.end.stalemate)),
      t.end.fifty_move_plies
          ? fmt::format("draw after {} plies without capture or pawn move", t.end.fifty_move_plies)
          : std::string("no fifty-move draw"));
  if (t.conversion) {
    std::vector<std::string> pairs;
    for (const auto& [a, b] : t.conversion->cross_pairs) pairs.push_back({a, '-', b});
    out += fmt::format(
        "<p>Conversion co-effect: identical pieces of one colour pair, except {}; cross pairs "
        "{}.</p>\n",
        html_escape(std::string(t.conversion->unpaired.begin(), t.conversion->unpaired.end())),
        pairs.empty() ? std::string("none") : html_escape(join(pairs, ", ")));
  }
  out += "<h3>Setup</h3>\n<p>" + html_code(t.setup_fen) + "</p>\n";
  out += drawn([&] { return board_of_fen(v, t.setup_fen); });
  return out;
}

const solver::CoverageItem* knob_item(const solver::CoverageReport& r, const KnobDef& k) {
  for (const solver::CoverageItem& i : r.items)
    if (i.kind == "knob" && is_setting_of(i.name, k.name) && i.witness) return &i;
  for (const solver::CoverageItem& i : r.items)
    if (i.kind == "knob" && is_setting_of(i.name, k.name)) return &i;
  return nullptr;
}

std::string witness_text(const solver::CoverageWitness& w) {
  std::string out = "<p>Position " + html_code(w.fen) + "</p>\n";
  if (!w.moves.empty()) out += "<p>Step " + html_code(w.moves) + "</p>\n";
  if (!w.outcomes.empty()) {
    std::vector<std::vector<std::string>> rows;
    for (const auto& [setting, outcome] : w.outcomes)
      rows.push_back({html_code(setting), html_escape(outcome)});
    out += html_table({"setting", "outcome"}, rows);
  }
  if (!w.what.empty()) out += "<p>" + html_escape(w.what) + "</p>\n";
  return out;
}

std::string knobs_section(const VariantReport& r) {
  const RuleTable& t = r.variant->table();
  std::string out = "<h2 id=\"knobs\">Knobs: where the rule text admits several readings</h2>\n";
  if (t.knobs.empty()) return out + "<p>This table has no knobs.</p>\n";
  for (const KnobDef& k : t.knobs) {
    std::vector<std::string> alts;
    for (const std::string& a : k.alternatives)
      alts.push_back(a == k.default_value ? "<b>" + html_escape(a) + "</b> (default)"
                                          : html_escape(a));
    out += fmt::format("<h3 id=\"knob-{0}\">{0}</h3>\n<p>{1}</p>\n<p>Alternatives: {2}.</p>\n",
                       html_escape(k.name), html_escape(k.description), join(alts, ", "));
    if (!k.clause.empty())
      out += "<p class=\"legend\">Clause it reads: " + html_escape(k.clause) + "</p>\n";
    if (!r.coverage) continue;
    const solver::CoverageItem* item = knob_item(*r.coverage, k);
    if (item && item->status == solver::CoverageStatus::kUnreachable) {
      out += "<p class=\"note\">Proved not to matter in this table: " + html_escape(item->detail) +
             ".</p>\n";
      continue;
    }
    if (!item || !item->witness) {
      out += "<p class=\"note\">No position found where the alternatives differ" +
             (item ? ": " + html_escape(item->detail) : std::string()) + ".</p>\n";
      continue;
    }
    const solver::CoverageWitness& w = *item->witness;
    out += "<div class=\"item\">" +
           drawn([&] { return board_of_step(r.variant, w.fen, w.moves); }) +
           "<div class=\"text\">" + witness_text(w) + "</div></div>\n";
  }
  return out;
}

/// A scenario witness's step: "white X, black Y" (simultaneous judges) becomes "X Y".
std::string scenario_step(const std::string& moves) {
  if (moves.rfind("white ", 0) != 0) return moves;
  const std::size_t comma = moves.find(", black ");
  if (comma == std::string::npos) return moves;
  return moves.substr(6, comma - 6) + " " + moves.substr(comma + 8);
}

std::string scenarios_section(const VariantReport& r) {
  std::string out = "<h2 id=\"scenarios\">Scenario catalog</h2>\n";
  int n = 0;
  for (const solver::CoverageItem& i : r.coverage->items) {
    if (i.kind != "scenario") continue;
    ++n;
    std::string description;
    for (const solver::ScenarioInfo& s : solver::scenario_infos())
      if (s.name == i.name) description = s.description;
    out += fmt::format("<h3 id=\"scenario-{0}\">{0}</h3>\n<p>{1}</p>\n<p>Status: {2}</p>\n",
                       html_escape(i.name), html_escape(description), status_span(i.status));
    if (!i.witness) {
      out += "<p>" + html_escape(i.detail) + "</p>\n";
      continue;
    }
    const solver::CoverageWitness& w = *i.witness;
    out += "<div class=\"item\">" +
           drawn([&] { return board_of_step(r.variant, w.fen, scenario_step(w.moves)); }) +
           "<div class=\"text\">" + witness_text(w) + "</div></div>\n";
  }
  if (n == 0) out += "<p>The catalog has no scenario for this table.</p>\n";
  return out;
}

std::string coverage_section(const solver::CoverageReport& c) {
  int counts[4] = {0, 0, 0, 0};
  std::vector<std::vector<std::string>> rows;
  for (const solver::CoverageItem& i : c.items) {
    ++counts[static_cast<int>(i.status)];
    std::string detail = html_escape(i.detail);
    if (i.witness) {
      detail += "<br>";
      detail += html_code(i.witness->fen);
      if (!i.witness->moves.empty()) detail += fmt::format(" {}", html_code(i.witness->moves));
    }
    rows.push_back({html_escape(i.kind), html_code(i.name), html_escape(i.setting),
                    status_span(i.status), detail});
  }
  return fmt::format(
             "<h2 id=\"coverage\">Clause coverage</h2>\n<p>{} items: {} with a witness, {} "
             "unreachable, {} not found, {} unknown; {} positions swept, {} steps played.</p>\n",
             c.items.size(), counts[0], counts[1], counts[2], counts[3], c.positions, c.steps) +
         html_table({"kind", "item", "setting", "status", "witness or reason"}, rows);
}

}  // namespace

std::string page_file(const std::string& table) {
  std::string out;
  for (char ch : table)
    out += std::isalnum(static_cast<unsigned char>(ch)) || ch == '-' || ch == '_' ? ch : '_';
  return out + ".html";
}

std::string variant_page(const VariantReport& r) {
  const RuleTable& t = r.variant->table();
  std::string body = fmt::format(
      "<p><a href=\"index.html\">All tables</a></p>\n<h1>{}</h1>\n<p>{}</p>\n<p>Sections: <a "
      "href=\"#rules\">rules</a>, <a href=\"#knobs\">knobs</a>{}{}</p>\n",
      html_escape(t.name), html_escape(t.description),
      r.coverage ? ", <a href=\"#scenarios\">scenarios</a>, <a href=\"#coverage\">coverage</a>"
                 : "",
      r.extra.empty() ? "" : ", and more below");
  body += kLegend + rules_section(r.variant) + knobs_section(r);
  if (r.coverage) {
    body += scenarios_section(r) + coverage_section(*r.coverage);
  } else {
    body +=
        "<h2 id=\"scenarios\">Scenarios and coverage</h2>\n<p class=\"note\">Not in this "
        "report: " +
        html_escape(r.no_solver_note) + ".</p>\n";
  }
  for (const ReportSection& s : r.extra) body += "<h2>" + html_escape(s.title) + "</h2>\n" + s.html;
  return html_page("arbiter: " + t.name, body);
}

}  // namespace arbiter::cli
