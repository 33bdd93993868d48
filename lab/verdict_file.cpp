#include "lab/verdict_file.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>
#include <sstream>
#include <tuple>
#include <utility>

#include "core/progress.h"
#include "lab/agent_pool.h"
#include "lab/design_summary.h"
#include "lab/example_games.h"
#include "lab/gate_report.h"
#include "lab/lab_agents.h"
#include "lab/lab_metrics.h"
#include "lab/seeker_report.h"
#include "lab/wall_effects.h"

namespace inchzero::lab {
namespace {

// The builder's W-D-L of `rule_set`, summed over its cells; nullopt when it
// has no finished cell (a fix with no games is not a fix with 0-0-0).
std::optional<BuilderRecord> builder_record(const std::vector<CellResult>& cells,
                                            const std::string& rule_set) {
  std::optional<BuilderRecord> r;
  for (const CellResult& c : cells) {
    if (c.rule_set != rule_set) continue;
    if (!r) r = BuilderRecord{rule_set, 0, 0, 0};
    r->wins += c.wall_wins;
    r->draws += c.wall_draws;
    r->losses += c.wall_losses;
  }
  return r;
}

std::string wdl(const BuilderRecord& r) {
  return fmt::format("{}-{}-{}", r.wins, r.draws, r.losses);
}

// The builder's draws of `rule_set` as "F / C / O"; budgets whose cells were
// made before builder games were kept are named as not recorded.
std::string draws_text(const LabConfig& config, const std::vector<CellResult>& cells,
                       const std::string& rule_set) {
  BuilderDraws sum;
  int recorded = 0;
  std::string missing;
  for (const CellResult& c : cells) {
    if (c.rule_set != rule_set) continue;
    if (static_cast<int>(c.builder_games.size()) != c.wall_games()) {
      missing += fmt::format("{}{}×", missing.empty() ? "" : ", ", c.budget);
      continue;
    }
    const BuilderDraws d = count_builder_draws(c.builder_games, config.fortress_plies);
    sum.fortress += d.fortress;
    sum.clock += d.clock;
    sum.other += d.other;
    ++recorded;
  }
  if (recorded == 0) return missing.empty() ? "—" : "not recorded";
  std::string text = fmt::format("{} / {} / {}", sum.fortress, sum.clock, sum.other);
  if (!missing.empty()) text += " (not recorded at " + missing + ")";
  return text;
}

// The agent's points in the builder games of `rule_set`, and those of them
// scored by self-capture; {0, 0} when some game did not record it.
std::pair<int, int> rule_set_agent_points(const std::vector<CellResult>& cells,
                                          const std::string& rule_set) {
  int points = 0, self_capture = 0;
  for (const CellResult& c : cells) {
    if (c.rule_set != rule_set) continue;
    const AgentPoints a = agent_points(c.builder_games);
    if (!a.recorded) return {0, 0};
    points += a.points;
    self_capture += a.self_capture;
  }
  return {points, self_capture};
}

// The builder games of `rule_set` kept in its cells, and those in which the
// builder stood its formation (a cell made before builder games were kept
// adds to neither).
std::pair<int, int> rule_set_built(const std::vector<CellResult>& cells,
                                   const std::string& rule_set) {
  int kept = 0, built = 0;
  for (const CellResult& c : cells) {
    if (c.rule_set != rule_set) continue;
    kept += static_cast<int>(c.builder_games.size());
    built += games_with_builder_formation(c.builder_games);
  }
  return {kept, built};
}

// Who the agent of config.rule_sets[index] is: its training seed, its run, or
// the one untrained player every rule set shares.
std::string agent_text(const LabConfig& config, size_t index) {
  const RuleSetEntry& entry = config.rule_sets[index];
  if (!entry.agent.empty()) return "`" + entry.agent + "`, this rule set's own agent";
  if (!config.agent_per_rule_set()) return "untrained `" + config.agent + "`";
  if (!entry.run.empty()) return "1 agent: run `" + entry.run + "` (its own seed)";
  return fmt::format("1 trained agent, seed {}", lab_agent_seed(config, index));
}

// Each gate opponent's result of agent `k` of `name`: "vs `x` W-D-L = s %
// (≥ m %) pass; " per opponent, or "vs `x` not played; ".
std::string gate_results_text(const LabConfig& config, const std::string& name, int k,
                              const std::vector<GateMatch>& gate) {
  std::string text;
  for (const GateOpponent& o : config.strength_gate.opponents) {
    auto m = std::find_if(gate.begin(), gate.end(), [&](const GateMatch& g) {
      return g.rule_set == name && g.agent_index == k && g.opponent == o.label();
    });
    if (m == gate.end()) {
      text += fmt::format("vs `{}` not played; ", o.label());
      continue;
    }
    const std::string decided =
        m->curtailed() ? fmt::format(" (decided after {} of {})", m->games(), m->planned_games)
                       : "";
    const char* outcome = !match_decided(*m, o.bar)                            ? "undecided"
                          : reaches_score(m->wins, m->draws, m->losses, o.bar) ? "pass"
                                                                               : "fail";
    text += fmt::format("vs `{}` {}-{}-{} = {:.1f} %{} ({}) {}; ", o.label(), m->wins, m->draws,
                        m->losses, 100 * gate_score(m->wins, m->draws, m->losses, o.bar.draw_score),
                        decided, bar_text(o.bar), outcome);
  }
  return text;
}

// The builder's W-D-L against agent `k` of `rule_set`, summed over the budgets.
std::optional<BuilderRecord> agent_record(const std::vector<CellResult>& cells,
                                          const std::string& rule_set, int k) {
  std::vector<CellResult> own;
  std::copy_if(cells.begin(), cells.end(), std::back_inserter(own),
               [&](const CellResult& c) { return c.agent_index == k; });
  return builder_record(own, rule_set);
}

// With several agents per rule set: per agent its seed, the builder's W-D-L
// against it (all its cells, admitted or not: a reader sees whether one
// agent carries the result), its gate and whether it is admitted; then how
// many are admitted and their seeds (their games are the ones pooled).
std::string agents_text(const LabConfig& config, size_t index, const std::vector<CellResult>& cells,
                        const std::vector<GateMatch>& gate) {
  const std::string& name = config.rule_sets[index].name;
  const int n = config.agents();
  std::string text = fmt::format("{} trained agents", n);
  std::vector<uint64_t> admitted;
  for (int k = 1; k <= n; ++k) {
    const uint64_t seed = lab_agent_seed(config, index, k);
    const std::optional<BuilderRecord> r = agent_record(cells, name, k);
    text += fmt::format("; agent {} (seed {}): builder {}; ", k, seed,
                        r ? wdl(*r) : std::string("no cell"));
    const GateStatus s = agent_gate_status(config, gate, name, k);
    if (s.admitted()) admitted.push_back(seed);
    if (!config.strength_gate.enabled()) {
      text += "admitted (no gate)";
      continue;
    }
    text += gate_results_text(config, name, k, gate) + (s.admitted() ? "admitted"
                                                        : s.state == GateStatus::kFails
                                                            ? "not admitted (fails the gate)"
                                                            : "not admitted (gate not played yet)");
  }
  text += fmt::format("; {} of {} admitted", admitted.size(), n);
  if (!admitted.empty()) {
    text += fmt::format(" (seeds {}): their builder games are pooled", fmt::join(admitted, ", "));
  } else {
    text += ": all agents' builder games shown, none tested";
  }
  return text;
}

// The agent line: who it is, each gate opponent's result, admitted or not;
// with several agents per rule set, agents_text.
std::string strength_text(const LabConfig& config, size_t index, const std::vector<GateMatch>& gate,
                          const GateStatus& status, const std::vector<CellResult>& cells) {
  if (config.agents() > 1) return agents_text(config, index, cells, gate);
  const std::string& name = config.rule_sets[index].name;
  std::string text = agent_text(config, index) + "; ";
  if (!config.strength_gate.enabled()) {
    return text + "no gate played (`strength_gate.games: 0`): admitted however weak";
  }
  text += gate_results_text(config, name, 1, gate);
  // The gate's reason is in the row's status when it matters; here only
  // which way it went, after each opponent's result.
  return text + (status.admitted()                    ? "admitted"
                 : status.state == GateStatus::kFails ? "not admitted (fails the gate)"
                                                      : "not admitted (gate not played yet)");
}

// Each draw-seeker's W-D-L under `rule_set` and its state: beaten (shown to
// lose more often than under the baseline), still holds, not played or not
// tested. `tests[k]` is seeker_fix_lines of draw_seekers[k].
std::string seekers_text(const LabConfig& config, const std::vector<CellResult>& cells,
                         const std::string& rule_set,
                         const std::vector<std::map<std::string, GatedLine>>& tests,
                         std::vector<std::string>* holding) {
  std::string text;
  for (size_t k = 0; k < config.draw_seekers.size(); ++k) {
    const std::string& seeker = config.draw_seekers[k];
    BuilderRecord r{rule_set, 0, 0, 0};
    bool played = false;
    for (const CellResult& c : cells) {
      if (c.rule_set != rule_set) continue;
      for (const SeekerGames& s : c.seeker_games) {
        if (s.seeker != seeker) continue;
        played = true;
        r.wins += s.games.wins;
        r.draws += s.games.draws;
        r.losses += s.games.losses;
      }
    }
    auto it = tests[k].find(rule_set);
    const bool beaten = it != tests[k].end() && it->second.beaten;
    const std::string state = !played                ? "not played"
                              : it == tests[k].end() ? "not tested"
                              : beaten               ? "beaten"
                                                     : "still holds";
    if (!beaten) holding->push_back(seeker);
    text += fmt::format("{}`{}` {}{}", text.empty() ? "" : "; ", seeker,
                        played ? wdl(r) + ": " : "", state);
  }
  return text;
}

std::string p_text(double p) { return fmt::format("{:.3g}", p); }

}  // namespace

const char* status_name(FixStatus status) {
  switch (status) {
    case FixStatus::kRemovesWall:
      return "removes the wall";
    case FixStatus::kDoesNotRemoveWall:
      return "does not remove the wall";
    case FixStatus::kNotShown:
      break;
  }
  return "not shown";
}

int held_games(const LabConfig& config, const std::vector<CellResult>& cells,
               const std::string& rule_set) {
  int held = 0;
  for (const CellResult& c : cells) {
    if (c.rule_set != rule_set) continue;
    const bool recorded = static_cast<int>(c.builder_games.size()) == c.wall_games();
    held += recorded ? count_builder_draws(c.builder_games, config.fortress_plies).fortress
                     : c.wall_draws;
  }
  return held;
}

double holds_p(int held, int games) { return binomial_upper_tail(held, games, 0.5); }

std::vector<FixRow> verdict_rows(const LabResults& results, double alpha) {
  const LabConfig& config = results.config;
  const std::map<std::string, GateStatus>& gates = results.gates;
  const std::vector<GateMatch>& gate = results.gate;
  const std::vector<CellResult>& all_cells = results.cells;
  // The tests take each rule set's builder games pooled over its admitted
  // agents (lab/agent_pool.h: all of them with one agent per rule set).
  const std::vector<CellResult>& cells = results.tested_cells;
  const RuleSetEntry& base_entry = config.rule_sets.front();
  const std::optional<BuilderRecord> base = builder_record(cells, base_entry.name);
  const std::pair<int, int> base_built = rule_set_built(cells, base_entry.name);
  const GateStatus& base_gate = gates.at(base_entry.name);
  std::vector<std::map<std::string, GatedLine>> seeker_tests;
  for (const std::string& seeker : config.draw_seekers) {
    seeker_tests.push_back(seeker_fix_lines(config, cells, gates, seeker));
  }
  // The fixes with cells, as report.md's verdict takes them: Holm's
  // correction counts those whose agent is admitted (admitted_fix_verdicts).
  std::vector<FixRow> rows;
  std::vector<BuilderRecord> with_cells;
  std::vector<GateStatus> with_cells_gates;
  std::vector<size_t> row_of;  // with_cells[i] is rows[row_of[i]]
  std::vector<int> held;       // held_games of with_cells[i]
  for (size_t i = 1; i < config.rule_sets.size(); ++i) {
    const std::string& name = config.rule_sets[i].name;
    FixRow row;
    row.rule_set = name;
    row.fix = builder_record(cells, name).value_or(BuilderRecord{name, 0, 0, 0});
    row.fix_held = held_games(config, cells, name);
    row.baseline = base.value_or(BuilderRecord{base_entry.name, 0, 0, 0});
    row.strength = strength_text(config, i, gate, gates.at(name), all_cells);
    row.draws = draws_text(config, cells, name);
    std::tie(row.agent_points, row.agent_self_capture_points) = rule_set_agent_points(cells, name);
    std::tie(row.fix_kept, row.fix_built) = rule_set_built(cells, name);
    std::tie(row.baseline_kept, row.baseline_built) = base_built;
    std::vector<std::string> holding;
    row.seekers = seekers_text(config, cells, name, seeker_tests, &holding);
    row.seekers_holding = holding;  // kept only for kRemovesWall, below
    row.has_cells = builder_record(cells, name).has_value();
    if (row.has_cells) {
      row_of.push_back(rows.size());
      with_cells.push_back(row.fix);
      held.push_back(row.fix_held);
      with_cells_gates.push_back(gates.at(name));
    } else {
      // A failed gate outlasts the missing cell: no cell this agent plays
      // could count (`--gates-only` plays the gate first for that reason).
      const GateStatus& agent_gate = gates.at(name);
      row.reason = agent_gate.state == GateStatus::kFails
                       ? not_admitted_text(name, agent_gate) + "; no cell was played"
                       : "no finished cell of this rule set";
    }
    rows.push_back(row);
  }
  // Without a baseline to compare with, a fix with cells is not shown for
  // that reason (one without cells keeps its own).
  if (!base || !base_gate.admitted()) {
    const std::string why = !base ? "`" + base_entry.name + "` has no finished cell"
                                  : not_admitted_text(base_entry.name, base_gate);
    for (size_t i : row_of) rows[i].reason = "no baseline: " + why;
    for (FixRow& row : rows) row.seekers_holding.clear();
    return rows;
  }
  const std::vector<std::optional<FixVerdict>> fisher =
      admitted_fix_verdicts(*base, base_gate, with_cells, with_cells_gates);
  // The binomial test over the same fixes, Holm-corrected among themselves.
  std::vector<double> holds;
  for (size_t i = 0; i < with_cells.size(); ++i) {
    if (fisher[i]) holds.push_back(holds_p(held[i], with_cells[i].games()));
  }
  const std::vector<double> holds_holm = holm_adjust(holds);
  size_t next = 0;  // the next admitted fix's binomial p
  for (size_t i = 0; i < with_cells.size(); ++i) {
    FixRow& row = rows[row_of[i]];
    if (!fisher[i]) {
      row.reason = not_admitted_text(row.rule_set, with_cells_gates[i]);
      continue;
    }
    const FixVerdict& v = *fisher[i];
    row.tested = true;
    row.p_fisher = v.p;
    row.p_fisher_holm = v.p_holm;
    row.p_holds = holds[next];
    row.p_holds_holm = holds_holm[next];
    ++next;
    const bool holds_shown = row.p_holds_holm < alpha;
    // Issue 50: removing the wall means the builder loses most of its
    // games, not merely more of them than under the baseline.
    const bool loses_most = 2 * row.fix.losses > row.fix.games();
    const bool removes = v.shown && v.better && loses_most;
    // Draws that are not fortress draws: the agent failed to win in time.
    const int unheld_draws = row.fix.draws - row.fix_held;
    const std::string not_held =
        unheld_draws > 0 ? fmt::format(
                               " ({} of its draws are no fortress: the agent did not win "
                               "in time, which is not the wall holding)",
                               unheld_draws)
                         : "";
    const std::string losses = fmt::format("the builder loses {} of {} vs {} of {} under `{}`",
                                           row.fix.losses, row.fix.games(), row.baseline.losses,
                                           row.baseline.games(), row.baseline.rule_set);
    if (holds_shown) {
      row.status = FixStatus::kDoesNotRemoveWall;
      row.reason = fmt::format(
          "the builder holds a draw by a proven fortress in {} of {} games, significantly more "
          "than half",
          row.fix_held, row.fix.games());
      if (v.shown && v.better) {
        row.reason += "; it loses more often than under `" + row.baseline.rule_set +
                      "` (significant), so the fix weakens the wall without removing it";
      }
    } else if (removes) {
      row.status = FixStatus::kRemovesWall;
      row.reason = losses + ", significantly more, and most of its games";
    } else if (v.shown && v.better) {
      row.reason = losses +
                   ": significantly more, but not most of its games, and its fortress draws are "
                   "not shown to be more than half: the fix weakens the wall" +
                   not_held;
    } else if (v.shown) {
      row.reason = losses +
                   ": significantly fewer, and its fortress draws are not shown to be more than "
                   "half" +
                   not_held;
    } else if (v.games_needed < 0) {
      row.reason = fmt::format(
          "{}: no difference, and its fortress draws ({} of {}) are not shown to be more than "
          "half{}",
          losses, row.fix_held, row.fix.games(), not_held);
    } else {
      row.reason = fmt::format(
          "too few games: {}; showing a difference this large would take about {} games per "
          "arm (80 % power, level {:.3g})",
          losses, v.games_needed, alpha / std::max<size_t>(1, holds.size()));
    }
  }
  for (FixRow& row : rows) {
    if (row.status != FixStatus::kRemovesWall) row.seekers_holding.clear();
    if (row.tested && row.self_capture_farm()) {
      row.reason += fmt::format(
          "; **caveat**: {} of the agent's {} points in these games ({:.0f} %) came from its own "
          "pieces captured by its own moves (self-capture: the fix opens a points farm, which "
          "the builder does not use), not from an attack on the wall",
          row.agent_self_capture_points, row.agent_points,
          100.0 * row.agent_self_capture_points / row.agent_points);
    }
    if (row.tested && row.seldom_built()) {
      row.reason += fmt::format(
          "; **caveat**: the builder stood its formation (a two-eyed group or a wall) in only {} "
          "of its {} games, against {} of {} under `{}`: the fix stopped this builder's way of "
          "building, so these games do not show a standing wall falling (a builder that builds "
          "another shape is not tested)",
          row.fix_built, row.fix_kept, row.baseline_built, row.baseline_kept,
          row.baseline.rule_set);
    }
  }
  return rows;
}

namespace {

// Issue 50, item 6: how each rule set plays when nobody builds a wall — the
// agent against itself (the cells' agent games), with Ludii's Drawishness
// (draws the rules ended, not a limit), Timeouts (games the move cap ended)
// and Browne's Decisiveness (design_summary.h). A fix that removes the wall
// by making every game a draw at a limit, or a lottery, shows it here.
void natural_play_section(std::ostream& out, const LabConfig& config,
                          const std::vector<CellResult>& cells,
                          const std::map<std::string, GateStatus>& gates) {
  out << "\n## Natural play (the agent against itself)\n\n"
      << "Games of each rule set's agent against itself (all budgets, colours alternated), "
         "nobody building a wall. *Drawishness*: draws the rules ended (equal scores at the "
         "target, repetition, stalemate, the no-capture limit), with the Wilson 95 % interval; "
         "*Timeouts*: games the move cap ended; *Decisiveness*: mean share of a decided game "
         "played before the winner's lead first exceeded the loser's best (lower = decided "
         "earlier; report.md, \"Design measures\"). Read beside the agent's gate: an agent "
         "the gate does not admit plays these games too.\n\n"
      << "| rule set | agent games | first player W-D-L | Drawishness | Timeouts | decided | "
         "Decisiveness | agent admitted |\n|---|---|---|---|---|---|---|---|\n";
  for (const RuleSetEntry& entry : config.rule_sets) {
    std::vector<GameMetrics> games;
    for (const CellResult& c : cells)
      if (c.rule_set == entry.name) games.insert(games.end(), c.games.begin(), c.games.end());
    if (games.empty()) {
      out << "| " << entry.name << " | 0 | — | — | — | — | — | — |\n";
      continue;
    }
    const DesignSummary d = summarize_design(games);
    const RuleSetMetrics m = summarize_games(games);
    out << "| " << entry.name << " | " << d.games << " | "
        << fmt::format("{}-{}-{}", m.first_wins.count, m.draws.count, m.second_wins.count) << " | "
        << rate_text(d.natural_draws) << " | " << rate_text(d.timeouts) << " | "
        << (d.recorded ? std::to_string(d.decided) : "not recorded") << " | "
        << (d.decided > 0 ? fmt::format("{:.2f}", d.decisiveness) : "—") << " | "
        << (gates.at(entry.name).admitted() ? "yes" : "no") << " |\n";
  }
}

// Issue 50, item 5: Rodeffer's counter-argument — once its stock is gone a
// player must move (passing is allowed only without a legal move), so
// perhaps the builder must break its own fortress. Counted in the builder
// games against the attacker (GameMetrics::stockless_fortress_positions,
// forced_breaks): the positions where the builder is to move without stock
// with a proven fortress standing, and those where no legal move keeps one.
void rodeffer_section(std::ostream& out, const LabConfig& config,
                      const std::vector<CellResult>& cells) {
  out << "\n## Rodeffer's counter-argument (the builder without stock)\n\n"
      << "Once a player's stock is gone it must still move, so perhaps it must break its own "
         "fortress. In the builder's games against the attacker: *games* in which the builder "
         "came to move without stock behind a proven fortress; *positions* where it did; "
         "*forced*: those where every legal move left it without a proven fortress (it had to "
         "break it); *standing at the end*: such games whose proven fortress still stood when "
         "the game ended. Zero forced positions means the builder always had a move that kept "
         "its fortress: the argument failed in these games.\n\n"
      << "| rule set | builder games | games | positions | forced | standing at the end |\n"
      << "|---|---|---|---|---|---|\n";
  for (const RuleSetEntry& entry : config.rule_sets) {
    int games = 0, with = 0, positions = 0, forced = 0, standing = 0;
    bool recorded = true;
    for (const CellResult& c : cells) {
      if (c.rule_set != entry.name) continue;
      for (const BuilderGame& g : c.builder_games) {
        ++games;
        recorded = recorded && g.metrics.fortress_recorded;
        const int n = g.metrics.stockless_fortress_positions[g.builder];
        if (n == 0) continue;
        ++with;
        positions += n;
        forced += g.metrics.forced_breaks[g.builder];
        standing += g.metrics.fortress_since[g.builder] >= 0;
      }
    }
    if (games == 0 || !recorded) {
      out << "| " << entry.name << " | " << games << " | " << (games ? "not recorded" : "—")
          << " | | | |\n";
      continue;
    }
    out << fmt::format("| {} | {} | {} | {} | {} | {} |\n", entry.name, games, with, positions,
                       forced, standing);
  }
}

// Issue 50, item 7: one game per rule set to replay (lab/example_games.h).
void examples_section(std::ostream& out, const std::vector<ExampleGame>& examples) {
  out << "\n## Example games\n\n"
      << "One builder game per rule set, as a plain-text game record: the first the builder "
         "lost after its two-eyed group had stood (the wall falls), else the first fortress "
         "draw (it stands), else the first game. `inchzero show --record FILE` shows where it "
         "ends; the replay of `inchzero serve` opens it move by move.\n\n";
  if (examples.empty()) out << "None yet: no rule set has builder games.\n";
  for (const ExampleGame& e : examples) {
    out << "- `" << e.rule_set << "`: [`" << e.file << "`](" << e.file << "), game " << e.index + 1
        << " of `" << e.cell << "`: " << e.what << ".\n";
  }
}

// One paragraph per rule set (the baseline first) of what it does to the
// wall, from its builder games pooled over budgets (wall_effects.h).
void wall_effects_section(std::ostream& out, const LabConfig& config,
                          const std::vector<CellResult>& cells) {
  out << "\n## What each fix does to the wall\n\n"
      << "From the builder's games under each rule set, summed over the budgets: whether it "
         "stood its formation (a two-eyed group or a wall, by the original rule's argument) "
         "and from when; its losses, split into those after its formation fell, those with a "
         "formation still standing at the end (lost on points beside it) and those without one; "
         "its draws "
         "behind a fortress proven under the rule set's own rules, with the ply from which that "
         "fortress had stood (late when formations fell and were rebuilt); how the games ended "
         "and how many pieces were captured.\n\n";
  for (const RuleSetEntry& entry : config.rule_sets) {
    std::vector<BuilderGame> games;
    for (const CellResult& c : cells) {
      if (c.rule_set == entry.name)
        games.insert(games.end(), c.builder_games.begin(), c.builder_games.end());
    }
    out << "- `" << entry.name
        << "`: " << wall_effect_text(wall_effect(games, config.fortress_plies)) << "\n";
  }
}

}  // namespace

namespace {

// The fixes both tests were made for (verdict_rows: tested).
size_t tested_count(const std::vector<FixRow>& rows) {
  return std::count_if(rows.begin(), rows.end(), [](const FixRow& r) { return r.tested; });
}

// The agents bullet: the search without a network, or the trained agents
// with their seeds (and, with several per rule set, how they are pooled).
void agents_line(std::ostream& out, const LabConfig& config, const std::string& out_dir) {
  out << "- **Agents**: ";
  if (!config.agent_per_rule_set()) {
    out << "`" << config.agent << "`, a search without a network: nothing trained, "
        << (config.agent_per_entry() ? "the same player under every rule set but these"
                                     : "the same player under every rule set")
        << own_agents_text(config) << ".";
  } else {
    out << (config.agents() == 1 ? std::string("one") : std::to_string(config.agents()))
        << " per rule set (`" << config.agent << "`)";
    if (config.training.enabled()) {
      out << ", trained by the lab from run config `" << config.training.config << "` for "
          << config.training.budget_text() << ", from a seed derived from the lab's seed "
          << config.seed << " (each row's; also in `" << out_dir << "/agents/<rule set>.yaml`)";
    }
    if (config.agents() == 1) {
      out << ". One agent and one lab seed per rule set: the tests count games, not agents, so "
             "they say nothing about how another training seed would fare.";
    } else {
      out << fmt::format(
          ". {0} agents per rule set (`training.agents: {0}`), each trained from its own seed "
          "(agent 1 from the lab's seed as a one-agent lab's, agent k ≥ 2 from "
          "derive_seed(seed, \"agents\", k); folders `{1}/agents/<rule set>@k/`) and playing the "
          "same games from seeds of its own. A rule set is admitted when at least one of its "
          "agents passes the strength gate, and the tests take its builder games pooled over "
          "its admitted agents (a rule set with none shows all its agents' games, untested): "
          "the tests count games, and several agents guard against one lucky or unlucky agent "
          "deciding the verdict. Each row names every agent with its seed, the builder's W-D-L "
          "against it and its gate, so a reader sees whether one agent carries the result.",
          config.agents(), out_dir);
    }
  }
}

// The page's header: how it was made, the baseline, the games, the agents,
// the tests, the baseline's own record and what the page cost.
void verdict_header(std::ostream& out, const LabResults& results, const std::vector<FixRow>& rows,
                    const std::string& out_dir) {
  const LabConfig& config = results.config;
  const std::vector<CellResult>& cells = results.tested_cells;
  const std::vector<CellResult>& all_cells = results.cells;
  const std::vector<GateMatch>& gate = results.gate;
  const std::map<std::string, GateStatus>& gates = results.gates;
  const std::string& base_name = config.rule_sets.front().name;
  const std::vector<int>& budgets = results.budgets;
  const size_t tested = tested_count(rows);
  out << "# Verdict: which fix removes the wall? — " << config.description << "\n\n"
      << "Made by `" << results.command << "` from the finished cells in `" << out_dir
      << "/results/` and the strength gate's matches in `" << out_dir
      << "/gate/`; the same command remakes this page byte for byte (it has no date), and "
         "without `--report-only` it first plays what is missing, resuming after Ctrl-C. "
         "report.md beside it has the detail.\n\n";
  out << "- **Baseline**: `" << base_name << "`, the config's first rule set. Fixes: the "
      << rows.size() << " rule sets after it, in config order.\n";
  out << "- **Games**: the wall-builder (`wall`) against each rule set's agent, "
      << config.wall_games << " per budget (";
  for (size_t i = 0; i < budgets.size(); ++i) {
    out << (i ? ", " : "") << budgets[i] << "× = " << budgets[i] * config.simulations
        << " simulations";
  }
  out << "), colours alternated, summed over the budgets; every game's seed derives from the "
         "lab's seed "
      << config.seed << "." << config.own_wall_games_text() << config.game_settings_text() << "\n";
  agents_line(out, config, out_dir);
  out << "\n- **Tests**, each at level " << kVerdictAlpha
      << " after Holm's step-down correction over the " << tested
      << " fixes tested (those with finished cells whose agent, and the baseline's, the strength "
         "gate admits); a fix counts as failing when the builder wins or draws:\n"
      << "  - *Fisher*: Fisher's exact test (two-sided) of the builder's losses against its wins "
         "+ draws, the fix against the baseline"
      << (config.agent_per_entry()
              ? " (where a fix has its own agent the two arms faced different attackers: a "
                "stronger one under the fix can only add builder losses, so a *removes the "
                "wall* there could come from the attacker; *holds* reads the fix's games alone)"
              : "")
      << ";\n"
      << "  - *holds*: the one-sided exact binomial test that under the fix the builder holds "
         "a draw by a fortress proven under the fix's rules (report.md) in more than half its "
         "games; a clock draw is the agent failing to win in time, not the wall holding, and a "
         "builder win is not the wall either: neither counts (cells without the split count "
         "every draw).\n";
  const auto base = std::find_if(cells.begin(), cells.end(),
                                 [&](const CellResult& c) { return c.rule_set == base_name; });
  // Also with no fix after it (a gate control such as siege-gate-ab2): the
  // baseline's own line carries its agent's gate.
  if (base != cells.end()) {
    const BuilderRecord b = *builder_record(cells, base_name);
    out << fmt::format(
        "- **Under the baseline** the builder goes {} (W-D-L, {} games): it holds a fortress "
        "draw in {} (holds p = {}, not corrected: the baseline is no fix); its draws "
        "fortress / clock / other: {}. Agent: {}.\n",
        wdl(b), b.games(), held_games(config, cells, base_name),
        p_text(holds_p(held_games(config, cells, base_name), b.games())),
        draws_text(config, cells, base_name),
        strength_text(config, 0, gate, gates.at(base_name), all_cells));
  }
  // What the page cost, so a reader can plan a rerun (report.md has it per rule set).
  double cell_seconds = 0, gate_seconds = 0;
  for (const CellResult& c : all_cells) cell_seconds += c.seconds;
  for (const GateMatch& m : gate) gate_seconds += m.seconds;
  out << "- **Cost**: " << format_hours(cell_seconds + gate_seconds)
      << " (h:mm:ss) of wall-clock time with " << config.threads << " games at once, as the "
      << "result files record it: " << format_hours(cell_seconds)
      << " for the builder and agent games, "
      << (gate.empty() ? std::string("no strength gate match played")
                       : format_hours(gate_seconds) + " for the strength gate")
      << (config.training.enabled() ? ", the agents' training not counted" : "")
      << " (report.md, \"Cost\", per rule set).\n";
}

// What each of the three statuses means.
void statuses_section(std::ostream& out, const std::string& base_name) {
  out << "\n## The statuses\n\n"
      << "- **removes the wall**: *Fisher* shows the builder losing more often than under `"
      << base_name
      << "`, the builder loses more than half its games under the fix, and *holds* does not "
         "hold. When a draw-seeker of the config is not shown beaten "
         "under the fix (its own Fisher test against the baseline, report.md; not played counts "
         "as not beaten), the row reads **removes the wall**, against the builder only, and "
         "names it: another drawing strategy may survive.\n"
      << "- **does not remove the wall**: *holds* holds: the builder holds a draw by a proven "
         "fortress in significantly more than half its games, so the drawing strategy still "
         "works in most. Decided before *Fisher*: a fix under which the builder loses more "
         "often than under the baseline but still holds in most games weakens the wall, it "
         "does not remove it.\n"
      << "- **not shown**: neither, or not tested; the row says why (the strength gate, no "
         "cells, too few games with the games per arm the observed difference would need at "
         "80 % power, no difference, or more losses that are not most games: a weakened "
         "wall).\n"
      << "- A tested row carries a **caveat** when more than half of the agent's points in "
         "the builder games came from its own pieces captured by its own moves (self-capture, "
         "report.md): under that fix the builder loses to a points farm, which it could play "
         "as well, not to an attack on its wall.\n"
      << "- A tested row carries a **caveat** when the builder stood its formation (a two-eyed "
         "group or a wall, uncapturable by the original capture rule's argument) in fewer than "
         "half its games under the fix but in most under the baseline: the fix stopped the "
         "builder's way of building, and its losses do not show a standing wall falling.\n";
}

// The baseline's own wall, first in the summary: every status below is
// relative to it, and a baseline whose builder already loses most games has
// no wall for a fix to remove (issue 50's *removes the wall* needs more
// losses than the baseline's). One-sided exact binomial tests against ½, not
// corrected (the baseline is no fix): it falls when the builder loses more
// than half its games, it holds when it holds a proven fortress draw in more
// than half.
std::string baseline_wall_text(const LabResults& results) {
  const std::string& name = results.config.rule_sets.front().name;
  const std::string head = "The baseline `" + name + "`: ";
  const std::optional<BuilderRecord> b = builder_record(results.tested_cells, name);
  const GateStatus& gate = results.gates.at(name);
  if (!gate.admitted()) return head + "no wall shown either way: " + not_admitted_text(name, gate);
  if (!b) return head + "no finished cell";
  const int held = held_games(results.config, results.tested_cells, name);
  const double p_falls = binomial_upper_tail(b->losses, b->games(), 0.5);
  const double p_holds = holds_p(held, b->games());
  if (p_falls < kVerdictAlpha) {
    return head +
           fmt::format(
               "**the wall falls** against this attacker: the builder loses {} of {} "
               "(one-sided binomial p = {} that it loses more than half). No fix can be shown "
               "to remove a wall that does not stand: read each fix for whether the wall stands "
               "under it (*does not remove the wall*) or falls as it does here",
               b->losses, b->games(), p_text(p_falls));
  }
  if (p_holds < kVerdictAlpha) {
    return head + fmt::format(
                      "**the wall holds**: the builder holds a draw by a proven fortress in {} "
                      "of {} (one-sided binomial p = {})",
                      held, b->games(), p_text(p_holds));
  }
  return head + fmt::format(
                    "neither shown: the builder loses {} and holds a proven fortress in {} of {} "
                    "(p = {} and {}, one-sided binomial tests against ½)",
                    b->losses, held, b->games(), p_text(p_falls), p_text(p_holds));
}

// The baseline's wall, then one line per status naming its fixes.
void summary_section(std::ostream& out, const LabResults& results,
                     const std::vector<FixRow>& rows) {
  const size_t tested = tested_count(rows);
  out << "\n## Summary\n\n";
  // With no baseline every row is "not shown" for one reason: say it once.
  if (tested == 0 && !rows.empty()) {
    const auto with_cells =
        std::find_if(rows.begin(), rows.end(), [](const FixRow& r) { return r.has_cells; });
    out << "**No fix is tested**, so every fix is *not shown*"
        << (with_cells == rows.end() ? ": no fix has a finished cell" : ": " + with_cells->reason)
        << ".\n\n";
  }
  auto summary = [&](const std::string& title, auto pred) {
    std::string names;
    for (const FixRow& r : rows) {
      if (!pred(r)) continue;
      names += (names.empty() ? "`" : ", `") + r.rule_set + "`";
      if (r.tested && r.self_capture_farm())
        names += " (by a self-capture points farm: see its row)";
      if (r.tested && r.seldom_built()) names += " (the builder seldom built: see its row)";
    }
    out << "- " << title << ": " << (names.empty() ? "none" : names) << ".\n";
  };
  out << "- " << baseline_wall_text(results) << ".\n";
  summary("Removes the wall", [](const FixRow& r) {
    return r.status == FixStatus::kRemovesWall && r.seekers_holding.empty();
  });
  summary("Removes the wall against the builder only (a draw-seeker still holds)",
          [](const FixRow& r) {
            return r.status == FixStatus::kRemovesWall && !r.seekers_holding.empty();
          });
  summary("Does not remove the wall",
          [](const FixRow& r) { return r.status == FixStatus::kDoesNotRemoveWall; });
  summary("Not shown", [](const FixRow& r) { return r.status == FixStatus::kNotShown; });
}

// The table: one row per fix with its status, records, p values, draws,
// agent and (when the config has them) draw-seekers.
void fixes_table(std::ostream& out, const LabConfig& config, const std::vector<FixRow>& rows) {
  out << "\n## Fixes\n\n"
      << "W-D-L from the builder's side; p values \"—\" where the fix was not tested. Builder "
         "draws: fortress / clock / other (report.md defines them)."
      << (config.draw_seekers.empty()
              ? ""
              : " Draw-seekers: their W-D-L under the fix, *beaten* where shown to lose more "
                "often than under the baseline, else *still holds* (not shown beaten), *not "
                "played* or *not tested* (no baseline).")
      << "\n\n"
      << "| fix | status | builder W-D-L (fix / baseline) | games (fix / baseline) | Fisher p "
         "(Holm) | holds p (Holm) | builder draws F / C / O | agent and strength gate |";
  if (!config.draw_seekers.empty()) out << " draw-seekers |";
  out << "\n|---|---|---|---|---|---|---|---|";
  if (!config.draw_seekers.empty()) out << "---|";
  out << "\n";
  for (const FixRow& r : rows) {
    std::string status = fmt::format("**{}**", status_name(r.status));
    if (!r.seekers_holding.empty()) {
      status += ", against the builder only (";
      for (size_t k = 0; k < r.seekers_holding.size(); ++k) {
        status += (k ? ", `" : "`") + r.seekers_holding[k] + "`";
      }
      status += " not shown beaten)";
    }
    out << "| " << r.rule_set << " | " << status << ": " << r.reason << " | "
        << (r.has_cells ? wdl(r.fix) : "—") << " / " << wdl(r.baseline) << " | "
        << (r.has_cells ? std::to_string(r.fix.games()) : "—") << " / " << r.baseline.games()
        << " | " << (r.tested ? p_text(r.p_fisher) + " (" + p_text(r.p_fisher_holm) + ")" : "—")
        << " | " << (r.tested ? p_text(r.p_holds) + " (" + p_text(r.p_holds_holm) + ")" : "—")
        << " | " << r.draws << " | " << r.strength << " |";
    if (!config.draw_seekers.empty()) out << " " << r.seekers << " |";
    out << "\n";
  }
}

}  // namespace

std::string verdict_markdown(const LabResults& results, const std::string& out_dir) {
  const std::vector<FixRow> rows = verdict_rows(results);
  std::ostringstream out;
  verdict_header(out, results, rows, out_dir);
  statuses_section(out, results.config.rule_sets.front().name);
  summary_section(out, results, rows);
  fixes_table(out, results.config, rows);
  wall_effects_section(out, results.config, results.cells);
  natural_play_section(out, results.config, results.cells, results.gates);
  rodeffer_section(out, results.config, results.cells);
  examples_section(out, choose_examples(results.config, results.cells));
  return out.str();
}

}  // namespace inchzero::lab
