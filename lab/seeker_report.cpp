#include "lab/seeker_report.h"

#include <sstream>

#include "lab/lab_metrics.h"
#include "lab/lab_stats.h"

namespace inchzero::lab {
namespace {

// The games of the draw-seeker `seeker` in `cell`; null when the cell was
// made without it.
const OpponentGames* seeker_in(const CellResult& cell, const std::string& seeker) {
  for (const SeekerGames& s : cell.seeker_games) {
    if (s.seeker == seeker) return &s.games;
  }
  return nullptr;
}

// The seeker's results per rule set, summed over the budgets; a rule set
// none of whose cells has its games has no entry.
std::map<std::string, BuilderRecord> seeker_records(const std::vector<CellResult>& cells,
                                                    const std::string& seeker) {
  std::map<std::string, BuilderRecord> out;
  for (const CellResult& c : cells) {
    const OpponentGames* g = seeker_in(c, seeker);
    if (!g) continue;
    BuilderRecord& r = out[c.rule_set];
    r.rule_set = c.rule_set;
    r.wins += g->wins;
    r.draws += g->draws;
    r.losses += g->losses;
  }
  return out;
}

// The seeker's test of every fix against the first rule set: writes its
// lines to `out` and returns each tested fix's line by rule set name (none
// when the baseline has no games of the seeker).
std::map<std::string, GatedLine> seeker_test(std::ostream& out, const LabConfig& config,
                                             const std::vector<CellResult>& cells,
                                             const std::map<std::string, GateStatus>& gates,
                                             const std::string& seeker) {
  const auto records = seeker_records(cells, seeker);
  const std::string& base = config.rule_sets.front().name;
  auto base_it = records.find(base);
  if (base_it == records.end()) {
    out << "No test: the baseline `" << base << "` has no game of this draw-seeker.\n";
    return {};
  }
  std::vector<BuilderRecord> fixes;
  std::vector<GateStatus> fix_gates;
  std::vector<std::string> unplayed;
  for (size_t i = 1; i < config.rule_sets.size(); ++i) {
    const std::string& name = config.rule_sets[i].name;
    auto it = records.find(name);
    if (it == records.end()) {
      unplayed.push_back(name);
      continue;
    }
    fixes.push_back(it->second);
    fix_gates.push_back(gates.at(name));
  }
  const std::vector<GatedLine> lines =
      gated_verdict(out, base_it->second, gates.at(base), fixes, fix_gates, "draw-seeker");
  for (const std::string& name : unplayed) out << "- `" << name << "`: not played.\n";
  std::map<std::string, GatedLine> by_name;
  for (size_t i = 0; i < lines.size(); ++i) by_name[fixes[i].rule_set] = lines[i];
  return by_name;
}

}  // namespace

void draw_seekers_sections(std::ostream& out, const LabConfig& config,
                           const std::vector<CellResult>& tested_cells,
                           const std::map<std::string, GateStatus>& gates, const LabConfig& shown,
                           const std::vector<CellResult>& shown_cells) {
  for (const std::string& seeker : config.draw_seekers) {
    out << "\n## Draw-seeker `" << seeker << "` against the agent\n\n"
        << "A challenger looking for drawing strategies the wall-builder does not know "
           "(`drawseek`: UCT to which a draw is worth a win, lab/draw_seeker.h), {sims} as for "
           "the agent, plays the rule set's agent "
        << config.wall_games
        << " games per rule set and budget, colours alternated; W-D-L from its side, its draws "
           "split as the builder's (fortress, clock, other). Every game with its moves is in "
           "`results/<cell>.json` (`seeker_games`)."
        << config.own_wall_games_text() << "\n\n"
        << "| rule set | budget | draw-seeker W-D-L | fortress draws | clock draws | other draws "
           "|\n|---|---|---|---|---|---|\n";
    for (const RuleSetEntry& entry : shown.rule_sets) {
      for (const CellResult& c : shown_cells) {
        if (c.rule_set != entry.name) continue;
        out << "| " << entry.name << " | " << c.budget << "× | ";
        const OpponentGames* g = seeker_in(c, seeker);
        if (!g) {
          out << "not played | — | — | — |\n";
          continue;
        }
        const BuilderDraws d = count_builder_draws(g->games, config.fortress_plies);
        out << g->wins << "-" << g->draws << "-" << g->losses << " | " << d.fortress << " | "
            << d.clock << " | " << d.other << " |\n";
      }
    }
    out << "\nEach rule set against the first by Fisher's exact test with Holm's correction, as "
           "in the verdict: the draw-seeker's losses (the fix works) against its wins and draws "
           "(the fix fails), all budgets; a rule set whose agent the strength gate does not "
           "admit is *not shown*.\n\n";
    seeker_test(out, config, tested_cells, gates, seeker);
  }
}

std::map<std::string, GatedLine> seeker_fix_lines(const LabConfig& config,
                                                  const std::vector<CellResult>& cells,
                                                  const std::map<std::string, GateStatus>& gates,
                                                  const std::string& seeker) {
  std::ostringstream written_in_its_section;
  return seeker_test(written_in_its_section, config, cells, gates, seeker);
}

std::string seekers_csv(const LabConfig& config, const std::vector<CellResult>& cells) {
  std::ostringstream out;
  out << "rule_set,budget,seeker,wins,draws,losses,fortress_draws,clock_draws,other_draws\n";
  for (const std::string& seeker : config.draw_seekers) {
    for (const RuleSetEntry& entry : config.rule_sets) {
      for (const CellResult& c : cells) {
        const OpponentGames* g = c.rule_set == entry.name ? seeker_in(c, seeker) : nullptr;
        if (!g) continue;
        const BuilderDraws d = count_builder_draws(g->games, config.fortress_plies);
        out << c.rule_set << "," << c.budget << ",\"" << seeker << "\"," << g->wins << ","
            << g->draws << "," << g->losses << "," << d.fortress << "," << d.clock << "," << d.other
            << "\n";
      }
    }
  }
  return out.str();
}

void draw_seekers_verdict(std::ostream& out, const LabConfig& config,
                          const std::vector<CellResult>& cells,
                          const std::map<std::string, GateStatus>& gates,
                          const std::vector<std::string>& fixes,
                          const std::vector<GatedLine>& builder_lines) {
  if (config.draw_seekers.empty() || builder_lines.empty()) return;
  std::vector<std::map<std::string, GatedLine>> tests;
  for (const std::string& seeker : config.draw_seekers) {
    tests.push_back(seeker_fix_lines(config, cells, gates, seeker));
  }
  out << "\n### Does a draw-seeker still hold?\n\n"
      << "A fix that beats the wall-builder removes the drawing strategy only if no draw-seeker "
         "still holds under it. Per fix: *beaten* where the draw-seeker is shown to lose more "
         "often than under `"
      << config.rule_sets.front().name
      << "` (Holm-adjusted p below 0.05, its section above), else *still holds* (not "
         "shown).\n\n";
  for (size_t i = 0; i < fixes.size(); ++i) {
    out << "- `" << fixes[i] << "`: the builder "
        << (builder_lines.at(i).beaten ? "beaten" : "not shown beaten");
    std::string unbeaten;
    for (size_t k = 0; k < config.draw_seekers.size(); ++k) {
      const std::string name = "`" + config.draw_seekers[k] + "`";
      auto it = tests[k].find(fixes[i]);
      const char* state = it == tests[k].end() ? "not played"
                          : it->second.beaten  ? "beaten"
                                               : "still holds";
      out << "; " << name << " " << state;
      if (it == tests[k].end() || !it->second.beaten) {
        unbeaten += (unbeaten.empty() ? "" : ", ") + name;
      }
    }
    if (builder_lines[i].beaten && !unbeaten.empty()) {
      out << ". **Caveat: it beats the builder but not " << unbeaten
          << ", so it is a fix against the builder's strategy only**";
    }
    out << ".\n";
  }
}

}  // namespace inchzero::lab
