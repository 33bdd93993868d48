#include "lab/design_report.h"

#include <fmt/format.h>

#include <set>

#include "lab/design_summary.h"

namespace inchzero::lab {
namespace {

std::vector<GameMetrics> builder_metrics(const CellResult& cell) {
  std::vector<GameMetrics> games;
  for (const BuilderGame& g : cell.builder_games) games.push_back(g.metrics);
  return games;
}

// "fix=plies/fired/games;…" for the CSV.
std::string firing_field(const DesignSummary& s) {
  std::string text;
  for (const auto& [fix, f] : s.firing) {
    text += fmt::format("{}{}={:.2f}/{}/{}", text.empty() ? "" : ";", fix, f.per_game,
                        f.games.count, f.games.n);
  }
  return "\"" + text + "\"";
}

// "fired in k of n games (p% [lo–hi]), x plies per game" or a dash.
std::string firing_text(const DesignSummary& s, const std::string& fix) {
  auto it = s.firing.find(fix);
  if (it == s.firing.end()) return "—";
  const FixFiring& f = it->second;
  return fmt::format("{} of {} games ({}), {:.1f} plies/game", f.games.count, f.games.n,
                     rate_text(f.games), f.per_game);
}

// The cells in the config's order of rule sets (budgets as they come).
std::vector<const CellResult*> in_config_order(const LabConfig& config,
                                               const std::vector<CellResult>& cells) {
  std::vector<const CellResult*> ordered;
  for (const RuleSetEntry& entry : config.rule_sets) {
    for (const CellResult& c : cells) {
      if (c.rule_set == entry.name) ordered.push_back(&c);
    }
  }
  return ordered;
}

void measures_table(std::ostream& out, const LabConfig& config,
                    const std::vector<CellResult>& cells) {
  out << "\n## Design measures (agent vs agent)\n\n"
      << "Browne's measures (docs/lab/README.md, \"Design measures\"), the lead read from the "
         "score difference. *Natural draws*: draws the rules ended (equal scores at the target, "
         "repetition, stalemate, no-capture limit); *timeouts*: games the move cap ended. "
         "*Decisiveness*: mean share of a decided game played before the winner's lead first "
         "exceeded the loser's best (lower = decided earlier). *LeadChange*: mean lead changes "
         "per ply (and per game). *Drama*: mean deficit in points of the eventual winner while "
         "it trailed (0 when it never did); *comebacks*: decided games in which the winner "
         "trailed.\n\n"
      << "| rule set | budget | natural draws | timeouts | decided | Decisiveness | LeadChange "
         "(per game) | Drama | comebacks |\n|---|---|---|---|---|---|---|---|---|\n";
  for (const CellResult* c : in_config_order(config, cells)) {
    const DesignSummary s = summarize_design(c->games);
    out << "| " << c->rule_set << " | " << c->budget << "× | " << rate_text(s.natural_draws)
        << " | " << rate_text(s.timeouts) << " | ";
    if (s.recorded == 0) {
      out << "not recorded | | | | |\n";
      continue;
    }
    // Decisiveness and Drama exist only for decided games.
    const bool decided = s.decided > 0;
    out << s.decided << " | " << (decided ? fmt::format("{:.2f}", s.decisiveness) : "—")
        << fmt::format(" | {:.4f} ({:.1f}) | ", s.lead_change, s.lead_changes_per_game)
        << (decided ? fmt::format("{:.1f}", s.drama) : "—") << " | " << rate_text(s.comebacks)
        << " |\n";
  }
}

void firing_table(std::ostream& out, const LabConfig& config,
                  const std::vector<CellResult>& cells) {
  out << "\n## Rule firing\n\n"
      << "For every fix on in a rule set, the games in which it changed a move's result at "
         "least once and the plies per game at which it did (lab/rule_firing.h: a capture fix "
         "fires when the move gives another position with the fix off; a group limit when it "
         "withholds a decision the mover would otherwise be offered on the way to its move; the "
         "no-capture limit when it ends the game). A fix that never fires cannot be what "
         "changed a result.\n\n"
      << "| rule set | budget | fix | agent games | builder games |\n|---|---|---|---|---|\n";
  bool any = false;
  for (const CellResult* c : in_config_order(config, cells)) {
    const DesignSummary agents = summarize_design(c->games);
    const DesignSummary builder = summarize_design(builder_metrics(*c));
    std::set<std::string> fixes;  // on in the agent games, the builder games or both
    for (const DesignSummary* s : {&agents, &builder})
      for (const auto& [fix, f] : s->firing) fixes.insert(fix);
    for (const std::string& fix : fixes) {
      out << "| " << c->rule_set << " | " << c->budget << "× | `" << fix << "` | "
          << firing_text(agents, fix) << " | " << firing_text(builder, fix) << " |\n";
      any = true;
    }
  }
  if (!any) {
    out << "| — | | no fix on, or no cell with the firing recorded | | |\n";
  }
}

}  // namespace

void design_sections(std::ostream& out, const LabConfig& config,
                     const std::vector<CellResult>& cells) {
  measures_table(out, config, cells);
  firing_table(out, config, cells);
}

std::string design_csv_header() {
  std::string h;
  for (const char* r : {"natural_draw", "timeout", "comeback"}) {
    h += fmt::format(",{0},{0}_low,{0}_high", r);
  }
  return h +
         ",decided,decisiveness,lead_change,lead_changes_per_game,drama,firing_agent,"
         "firing_builder";
}

std::string design_csv_row(const CellResult& cell) {
  const DesignSummary s = summarize_design(cell.games);
  std::string row;
  for (const Rate* r : {&s.natural_draws, &s.timeouts, &s.comebacks}) {
    row += fmt::format(",{:.4f},{:.4f},{:.4f}", r->value(), r->interval().low, r->interval().high);
  }
  // Empty where no game was decided (Decisiveness, Drama) or none recorded.
  const bool decided = s.decided > 0, recorded = s.recorded > 0;
  row += "," + std::to_string(s.decided) + "," +
         (decided ? fmt::format("{:.4f}", s.decisiveness) : "") + "," +
         (recorded ? fmt::format("{:.5f},{:.2f}", s.lead_change, s.lead_changes_per_game) : ",") +
         "," + (decided ? fmt::format("{:.2f}", s.drama) : "") + ",";
  return row + firing_field(s) + "," + firing_field(summarize_design(builder_metrics(cell)));
}

}  // namespace inchzero::lab
