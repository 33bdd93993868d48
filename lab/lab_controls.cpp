#include "lab/lab_controls.h"

#include <fmt/format.h>

#include "core/game.h"
#include "lab/lab_metrics.h"

namespace inchzero::lab {
namespace {

void add(ControlRecord& r, int wins, int draws, int losses, const std::vector<BuilderGame>& games,
         int fortress_plies) {
  r.wins += wins;
  r.draws += draws;
  r.losses += losses;
  r.fortress += count_builder_draws(games, fortress_plies).fortress;
}

std::string cell_text(const ControlRecord& r) {
  if (r.games() == 0) return "—";
  return fmt::format("{}-{}-{} ({} fortress)", r.wins, r.draws, r.losses, r.fortress);
}

std::string expectation(const std::string& control) {
  if (control == "positive") return "no fortress draw";
  if (control == "negative") return "no builder loss";
  return "—";
}

}  // namespace

bool control_met(const std::string& control, const ControlRecord& record) {
  if (control == "positive") return record.fortress == 0;
  if (control == "negative") return record.losses == 0;
  return true;
}

void controls_section(std::ostream& out, const LabConfig& config,
                      const std::vector<CellResult>& cells) {
  std::vector<const RuleSetEntry*> controls;
  for (const RuleSetEntry& e : config.rule_sets) {
    if (e.control != "none") controls.push_back(&e);
  }
  if (controls.empty()) return;
  std::vector<std::string> opponents = {"agent"};
  opponents.insert(opponents.end(), config.wall_opponents.begin(), config.wall_opponents.end());
  out << "\n## Controls\n\n"
      << "The wall-builder under the control rule sets, against the agent and every "
         "`wall_opponents` player: W-D-L from the builder's side (all budgets), with its fortress "
         "draws (an uncapturable formation stood through the last "
      << config.fortress_plies
      << " quiet plies). A *positive* control makes the formation illegal: the builder must "
         "hold no fortress draw. A *negative* control is the original rules: the builder must "
         "not lose. *cap* rows show the cap's effect. The expectation is judged over all "
         "opponents together; a control that is not met says the measurement is wrong, not the "
         "fix.\n\n| rule set | control | max_plies | cap_result |";
  for (const std::string& o : opponents) out << " vs `" << o << "` |";
  out << " expected | met |\n|---|---|---|---|";
  for (size_t i = 0; i < opponents.size(); ++i) out << "---|";
  out << "---|---|\n";
  for (const RuleSetEntry* e : controls) {
    const auto game = config.game_of(*e);
    std::vector<ControlRecord> records(opponents.size());
    for (const CellResult& c : cells) {
      if (c.rule_set != e->name) continue;
      add(records[0], c.wall_wins, c.wall_draws, c.wall_losses, c.builder_games,
          config.fortress_plies);
      for (const OpponentGames& o : c.opponent_games) {
        for (size_t k = 1; k < opponents.size(); ++k) {
          if (opponents[k] == o.opponent) {
            add(records[k], o.wins, o.draws, o.losses, o.games, config.fortress_plies);
          }
        }
      }
    }
    ControlRecord all;
    out << "| " << e->name << " | " << e->control << " | " << game->options().get_int("max_plies")
        << " | " << game->options().get_choice("cap_result") << " |";
    for (const ControlRecord& r : records) {
      out << " " << cell_text(r) << " |";
      all.wins += r.wins;
      all.draws += r.draws;
      all.losses += r.losses;
      all.fortress += r.fortress;
    }
    const bool judged = e->control == "positive" || e->control == "negative";
    out << " " << expectation(e->control) << " | "
        << (!judged || all.games() == 0    ? "—"
            : control_met(e->control, all) ? "yes"
                                           : "**no**")
        << " |\n";
  }
}

}  // namespace inchzero::lab
