#include "lab/lab_report.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <map>
#include <sstream>

#include "core/atomic_file.h"
#include "core/gnuplot.h"
#include "core/progress.h"
#include "lab/agent_pool.h"
#include "lab/design_report.h"
#include "lab/example_games.h"
#include "lab/gate_play.h"
#include "lab/gate_report.h"
#include "lab/lab_agents.h"
#include "lab/lab_controls.h"
#include "lab/lab_metrics.h"
#include "lab/lab_results.h"
#include "lab/lab_stats.h"
#include "lab/seeker_report.h"
#include "lab/verdict_file.h"

namespace inchzero::lab {
namespace {

// Draw causes reported as their own CSV columns (RULINGS §1 end reasons).
const char* const kDrawCauses[] = {"target", "no_capture_limit", "repetition", "cap", "stalemate"};

std::string pct(const Rate& r) { return rate_text(r); }

Rate wall_losses(int wins, int draws, int losses) { return {losses, wins + draws + losses}; }

// Every cell of one rule set, budgets ascending.
std::map<std::string, std::vector<const CellResult*>> by_rule_set(
    const std::vector<CellResult>& cells) {
  std::map<std::string, std::vector<const CellResult*>> out;
  for (const CellResult& c : cells) out[c.rule_set].push_back(&c);
  return out;
}

struct RowSummary {
  RuleSetMetrics top;  // at the largest budget
  int wall_w = 0, wall_d = 0, wall_l = 0;
};

// `cells` are one rule set's, budgets ascending per agent; the top budget's
// games are pooled over the agents that played it (one cell with one agent).
RowSummary summarize_row(const std::vector<const CellResult*>& cells) {
  RowSummary s;
  int top_budget = 0;
  for (const CellResult* c : cells) top_budget = std::max(top_budget, c->budget);
  std::vector<GameMetrics> top;
  for (const CellResult* c : cells) {
    if (c->budget == top_budget) top.insert(top.end(), c->games.begin(), c->games.end());
  }
  s.top = summarize_games(top);
  for (const CellResult* c : cells) {
    s.wall_w += c->wall_wins;
    s.wall_d += c->wall_draws;
    s.wall_l += c->wall_losses;
  }
  return s;
}

// Cells made before the builder games were kept have only their W-D-L.
bool builder_games_kept(const CellResult& c) {
  return static_cast<int>(c.builder_games.size()) == c.wall_games();
}

// Per cell, how the builder's draws came about (lab_metrics.h).
void builder_draws_section(std::ostream& out, const LabConfig& config,
                           const std::vector<CellResult>& cells) {
  out << "\n## The builder's draws: fortress or clock\n\n"
      << "A *fortress* draw: a formation proven uncapturable under the cell's own rules "
         "(core/games/inchworm/fortress.h: under `menke` and `enclosure_capture`, for instance, "
         "two sealed eyes prove nothing) stood through the last "
      << config.fortress_plies
      << " plies, and the agent could not reach the target without capturing it. A *clock* "
         "draw: any other draw ended by the "
         "cap or the no-capture limit, or at 0–0. *Other*: the remaining draws (equal scores at "
         "the target, repetition, stalemate). Per (rule set, budget) cell; every builder game "
         "with its moves is in `results/<cell>.json`. *Agent's points, self-capture*: of the "
         "agent's points in these games, those its own pieces captured by its own moves scored "
         "it (under `enclosed_space_points` a captured group scores its owner its eye squares: "
         "a points farm, not an attack on the wall).\n\n"
      << "| rule set | budget | builder W-D-L | fortress draws | clock draws | other draws | "
         "agent's points, self-capture / all |\n"
      << "|---|---|---|---|---|---|---|\n";
  for (const RuleSetEntry& entry : config.rule_sets) {
    for (const CellResult& c : cells) {
      if (c.rule_set != entry.name) continue;
      out << "| " << entry.name << " | " << c.budget << "× | " << c.wall_wins << "-" << c.wall_draws
          << "-" << c.wall_losses << " | ";
      if (builder_games_kept(c)) {
        const BuilderDraws d = count_builder_draws(c.builder_games, config.fortress_plies);
        out << d.fortress << " | " << d.clock << " | " << d.other << " | ";
      } else {
        out << "not recorded | not recorded | not recorded | ";
      }
      const AgentPoints a = agent_points(c.builder_games);
      out << (builder_games_kept(c) && a.recorded
                  ? std::to_string(a.self_capture) + " / " + std::to_string(a.points)
                  : std::string("not recorded"))
          << " |\n";
    }
  }
}

// What each rule set's games took, as their files record it, so that a user
// can plan a run (issue 18 asks how long the full verdict takes). Wall-clock
// seconds of whatever machine played them; a match resumed after a stop
// counts the time of every run.
void cost_section(std::ostream& out, const LabConfig& config, const std::vector<CellResult>& cells,
                  const std::vector<GateMatch>& matches) {
  out << "\n## Cost\n\n"
      << "Wall-clock time as the result files record it (`seconds` in `results/*.json` and "
         "`gate/*.json`, h:mm:ss), with "
      << config.threads
      << " games at once on the machine that played each part; a match resumed after a stop "
         "counts the time of every run, and one still under way (its journal, "
         "`gate/*.games.jsonl`) is not counted yet. Builder and agent games: the cells (agent "
         "vs agent, the wall-builder and any other challenger); strength gate: its matches (— "
         "where none was played).";
  if (config.training.enabled()) {
    out << " The lab's training of its agents is not counted: each agent's run records its "
           "own time (`agents/<rule set>/metrics.jsonl`).";
  }
  out << "\n\n"
      << "| rule set | builder and agent games | strength gate | together |\n"
      << "|---|---|---|---|\n";
  double all_cells = 0, all_gate = 0;
  for (const RuleSetEntry& entry : config.rule_sets) {
    double cell_seconds = 0, gate_seconds = 0;
    bool played = false, gate_played = false;
    for (const CellResult& c : cells) {
      if (c.rule_set != entry.name) continue;
      cell_seconds += c.seconds;
      played = true;
    }
    for (const GateMatch& m : matches) {
      if (m.rule_set != entry.name) continue;
      gate_seconds += m.seconds;
      played = gate_played = true;
    }
    if (!played) continue;
    all_cells += cell_seconds;
    all_gate += gate_seconds;
    out << "| " << entry.name << " | " << format_hours(cell_seconds) << " | "
        << (gate_played ? format_hours(gate_seconds) : std::string("—")) << " | "
        << format_hours(cell_seconds + gate_seconds) << " |\n";
  }
  out << "| **all** | " << format_hours(all_cells) << " | " << format_hours(all_gate) << " | "
      << format_hours(all_cells + all_gate) << " |\n";
}

// The title, the command and what was played: agent, budgets, games,
// training, overrides; a partial report says how much is missing.
void header_section(std::ostream& out, const LabResults& results) {
  const LabConfig& config = results.config;
  out << "# Rule-variant lab: " << config.description << "\n\n"
      << "Command: `" << results.command << "`\n\n"
      << "Agent: `" << config.agent << "` with {sims} = " << config.simulations
      << " × budget; budgets:";
  for (int b : results.budgets) out << " " << b << "× (`" << config.lab_agent_spec(b) << "`)";
  out << own_agents_text(config) << ". " << config.games
      << " agent-vs-agent games per rule set and budget, " << config.wall_games
      << " wall-builder-vs-agent games per rule set and budget (colours alternated)."
      << config.own_wall_games_text() << " Seed " << config.seed << ".";
  if (config.agent_per_rule_set()) {
    out << " {agent} = the rule set's own network agent (the newest network of its run):";
    if (config.training.enabled()) {
      out << " trained by the learning loop from run config `" << config.training.config << "` for "
          << config.training.budget_text() << " per rule set, in `agents/<rule set>/`";
      if (config.agents() > 1) {
        out << "; " << config.agents()
            << " agents per rule set (`training.agents`), each from its own seed, agent k ≥ 2 in "
               "`agents/<rule set>@k/` with its cells in `results/<rule set>@k-x<budget>.json`: "
               "the tables show a row per agent (`<rule set>@k`), the verdict pools each rule "
               "set's builder games over its agents the strength gate admits";
      }
    }
    for (const RuleSetEntry& e : config.rule_sets) {
      if (!e.run.empty()) out << "; `" << e.name << "` reuses run `" << e.run << "`";
    }
    out << ".";
  }
  out << config.game_settings_text();
  const size_t planned = results.shown.rule_sets.size() * results.budgets.size();
  if (results.cells.size() < planned) {
    out << "\n\n**Partial report: " << results.cells.size() << " of " << planned
        << " (rule set, budget) cells finished; rule sets without results are left out.**";
  }
  out << "\n\nRates are shares with Wilson 95 % intervals. Outcome, length and formation "
         "columns are agent vs agent at the largest finished budget; wall-builder columns sum all "
         "budgets (W-D-L from the builder's side).\n\n";
}

// The main table: one row per rule set (per agent), the draw rate at each
// budget, the outcomes, lengths and formations at the largest, the
// builder's record over all budgets.
void outcome_table(std::ostream& out, const LabResults& results) {
  const std::vector<int>& budgets = results.budgets;
  const auto rows = by_rule_set(results.shown_cells);
  out << "| rule set |";
  for (int b : budgets) out << " draw " << b << "× |";
  out << " Red win | Blue win | Balance | length median / p95 | capped | nobody at target |"
         " captures/game | wall or 2-eye positions | builder W-D-L | builder loses |\n|---|";
  for (size_t i = 0; i < budgets.size(); ++i) out << "---|";
  out << "---|---|---|---|---|---|---|---|---|---|\n";
  for (const RuleSetEntry& entry : results.shown.rule_sets) {
    auto it = rows.find(entry.name);
    if (it == rows.end()) continue;
    const RowSummary s = summarize_row(it->second);
    out << "| " << entry.name << " |";
    for (int b : budgets) {
      // A budget not finished yet (partial report) shows a dash.
      auto cell = std::find_if(it->second.begin(), it->second.end(),
                               [b](const CellResult* c) { return c->budget == b; });
      out << " " << (cell == it->second.end() ? "—" : pct(summarize_games((*cell)->games).draws))
          << " |";
    }
    const RuleSetMetrics& m = s.top;
    out << " " << pct(m.first_wins) << " | " << pct(m.second_wins) << " | "
        << fmt::format("{:.2f}", m.balance) << " | " << m.length_median << " / " << m.length_p95
        << " | " << pct(m.capped) << " | " << pct(m.no_target) << " | "
        << fmt::format("{:.1f}", m.captures_per_game) << " | "
        << fmt::format("{:.0f}% / {:.0f}%", 100 * m.wall_share, 100 * m.two_eyed_share) << " | "
        << s.wall_w << "-" << s.wall_d << "-" << s.wall_l << " | "
        << pct(wall_losses(s.wall_w, s.wall_d, s.wall_l)) << " |\n";
  }
}

// The description below the verdict: each fix put in one of four classes
// by thresholds on its builder's counts (no test), with its costs beside the
// baseline's.
void description_section(std::ostream& out, const LabResults& results, const RowSummary& base) {
  const LabConfig& config = results.config;
  const auto pooled = by_rule_set(results.tested_cells);
  out << "\n### Description (thresholds on the counts; no test, not a verdict)\n\n";
  out << "- Baseline `" << config.rule_sets.front().name << "`: the wall-builder "
      << (base.wall_l == 0 ? "never loses"
                           : "loses " + std::to_string(base.wall_l) + " of " +
                                 std::to_string(base.wall_w + base.wall_d + base.wall_l))
      << " against the agent (W-D-L " << base.wall_w << "-" << base.wall_d << "-" << base.wall_l
      << "); agent-vs-agent draw rate " << pct(base.top.draws) << ".\n";
  std::map<WallVerdict, std::vector<std::string>> classes;
  for (size_t i = 1; i < config.rule_sets.size(); ++i) {
    auto it = pooled.find(config.rule_sets[i].name);
    if (it == pooled.end()) continue;
    const RowSummary s = summarize_row(it->second);
    classes[wall_verdict(s.wall_w, s.wall_d, s.wall_l)].push_back(fmt::format(
        "`{}` (builder W-D-L {}-{}-{}; median length {} vs {} plies, Balance {:.2f} vs {:.2f}, "
        "draws {})",
        config.rule_sets[i].name, s.wall_w, s.wall_d, s.wall_l, s.top.length_median,
        base.top.length_median, s.top.balance, base.top.balance, pct(s.top.draws)));
  }
  // In the order a reader wants them, each with its title.
  const std::pair<WallVerdict, const char*> kClasses[] = {
      {WallVerdict::kLoses,
       "The wall-builder loses at least half its games (the wall strategy is removed):"},
      {WallVerdict::kSometimesLoses, "The wall-builder loses some games, fewer than half:"},
      {WallVerdict::kWinsInstead,
       "The wall-builder never loses and draws fewer than half its games (the wall no longer "
       "holds a draw, but the agent does not beat it: the builder wins the rest):"},
      {WallVerdict::kHolds,
       "The wall-builder never loses and draws at least half its games (the drawing strategy "
       "survives):"},
  };
  for (const auto& [verdict, title] : kClasses) {
    const std::vector<std::string>& items = classes[verdict];
    out << "- " << title << (items.empty() ? " none.\n" : "\n");
    for (const auto& item : items) out << "  - " << item << "\n";
  }
  const int wall_n = config.wall_games * static_cast<int>(results.budgets.size());
  out << "\nEach description rests on " << wall_n << " wall-builder games per rule set"
      << (config.agents() > 1 ? " and agent, pooled over the agents as in the verdict" : "")
      << "; only the verdict above says which differences the games show."
      << config.own_wall_games_text() << "\n";
}

// The verdict: each fix against the first rule set (the baseline, normally
// `original`) by Fisher's exact test with Holm's correction (lab_stats.h),
// stated only where significant; then the draw-seekers' verdict and the
// description.
void verdict_section(std::ostream& out, const LabResults& results) {
  const LabConfig& config = results.config;
  const auto pooled = by_rule_set(results.tested_cells);
  out << "\n## Verdict (Fisher's exact test of each rule set against the first, Holm-corrected)"
         "\n\n";
  const RuleSetEntry& base_entry = config.rule_sets.front();
  auto base_it = pooled.find(base_entry.name);
  if (base_it == pooled.end()) {
    out << "No verdict: the baseline `" << base_entry.name << "` has no finished cell.\n";
    return;
  }
  const RowSummary base = summarize_row(base_it->second);
  const BuilderRecord base_record{base_entry.name, base.wall_w, base.wall_d, base.wall_l};
  std::vector<BuilderRecord> fix_records;
  std::vector<GateStatus> fix_gates;
  for (size_t i = 1; i < config.rule_sets.size(); ++i) {
    auto it = pooled.find(config.rule_sets[i].name);
    if (it == pooled.end()) continue;
    const RowSummary s = summarize_row(it->second);
    fix_records.push_back({config.rule_sets[i].name, s.wall_w, s.wall_d, s.wall_l});
    fix_gates.push_back(results.gates.at(config.rule_sets[i].name));
  }
  out << "A fix works when the wall-builder loses; its wins count as the fix failing, like its "
         "draws. Each rule set's builder losses against its wins and draws (all budgets) are "
         "compared with the baseline's; a difference is stated only where the Holm-adjusted p "
         "is below 0.05, otherwise it is *not shown*. A rule set whose agent the strength gate "
         "does not admit is *not shown* whatever its games say.";
  if (config.agents() > 1) {
    out << " With " << config.agents()
        << " agents per rule set, a rule set is admitted when at least one of its agents passes "
           "the gate, and its builder games are pooled over its admitted agents (the tests count "
           "games; several agents guard against one lucky or unlucky agent; verdict.md shows "
           "each agent's W-D-L).";
  }
  out << "\n\n";
  const std::vector<GatedLine> builder_lines =
      gated_verdict(out, base_record, results.gates.at(base_entry.name), fix_records, fix_gates);
  std::vector<std::string> fix_names;
  for (const BuilderRecord& r : fix_records) fix_names.push_back(r.rule_set);
  draw_seekers_verdict(out, config, results.tested_cells, results.gates, fix_names, builder_lines);
  description_section(out, results, base);
}

// The plots' data, one file per plot, then the gnuplot script, run from the
// plots folder `plots`: a point per agent, named as in the report's tables.
// False, after a warning on stderr, when gnuplot failed.
bool write_plots(const LabResults& results, const std::string& plots) {
  const std::vector<int>& budgets = results.budgets;
  const auto rows = by_rule_set(results.shown_cells);
  std::ostringstream draws, versus, lengths, names;
  int index = 0;
  for (const RuleSetEntry& entry : results.shown.rule_sets) {
    auto it = rows.find(entry.name);
    if (it == rows.end()) continue;
    names << entry.name << " ";
    for (const CellResult* c : it->second) {
      const RuleSetMetrics m = summarize_games(c->games);
      const double shift = 0.15 * (c->budget == budgets.front() ? -1 : 1);
      draws << fmt::format("{:.2f} {} {:.4f} {:.4f} {:.4f} \"{}\"\n", index + shift, c->budget,
                           m.draws.value(), m.draws.interval().low, m.draws.interval().high,
                           entry.name);
      versus << results.config.simulations * c->budget << " " << m.draws.value() << "\n";
    }
    versus << "\n\n";
    for (int l : summarize_games(it->second.back()->games).lengths) {
      lengths << l << "\n";
    }
    lengths << "\n\n";
    ++index;
  }
  write_file_atomically(plots + "/draws.dat", draws.str());
  write_file_atomically(plots + "/draw_vs_budget.dat", versus.str());
  write_file_atomically(plots + "/lengths.dat", lengths.str());
  write_file_atomically(plots + "/plots.gp", plot_script(names.str(), index));
  const std::string error = run_gnuplot(plots, "plots.gp", "gnuplot.log");
  if (!error.empty()) {
    std::cerr << "warning: " << error << "; text reports written\n";
    return false;
  }
  return true;
}

}  // namespace

WallVerdict wall_verdict(int wins, int draws, int losses) {
  const int n = wins + draws + losses;
  if (losses == 0) return 2 * draws >= n ? WallVerdict::kHolds : WallVerdict::kWinsInstead;
  return 2 * losses >= n ? WallVerdict::kLoses : WallVerdict::kSometimesLoses;
}

std::string report_csv(const std::vector<CellResult>& cells, int fortress_plies,
                       const LabConfig* config) {
  // Several agents per rule set: which one played the row, and its seed.
  const bool agent_columns = config && config->agents() > 1;
  std::ostringstream out;
  out << "rule_set,budget,agent,options,games";
  for (const char* r : {"first_win", "draw", "second_win", "capped", "no_target", "stocks_out",
                        "uncapturable_games", "wall_builder_loss"}) {
    out << "," << r << "," << r << "_low," << r << "_high";
  }
  out << ",balance";
  for (const char* c : kDrawCauses) out << ",draws_" << c;
  out << ",length_median,length_p95,length_mean,captures_per_game,pieces_captured_per_game,"
         "longest_no_capture_run,stocks_out_ply,rescues_per_game,two_eyed_share,wall_share,"
         "multi_edge_share,opening_entropy_bits,wall_wins,wall_draws,wall_losses,"
         "wall_fortress_draws,wall_clock_draws,wall_other_draws,seconds"
      << design_csv_header() << (agent_columns ? ",agent_index,agent_seed" : "") << "\n";
  for (const CellResult& c : cells) {
    const RuleSetMetrics m = summarize_games(c.games);
    out << c.rule_set << "," << c.budget << "," << c.agent << ",\"" << c.options << "\","
        << m.games;
    const Rate wall = wall_losses(c.wall_wins, c.wall_draws, c.wall_losses);
    for (const Rate* r : {&m.first_wins, &m.draws, &m.second_wins, &m.capped, &m.no_target,
                          &m.stocks_out, &m.uncapturable_games, &wall}) {
      out << fmt::format(",{:.4f},{:.4f},{:.4f}", r->value(), r->interval().low,
                         r->interval().high);
    }
    out << fmt::format(",{:.4f}", m.balance);
    for (const char* cause : kDrawCauses) {
      auto it = m.draw_causes.find(cause);
      out << "," << (it == m.draw_causes.end() ? 0 : it->second);
    }
    out << fmt::format(
        ",{},{},{:.1f},{:.2f},{:.2f},{:.1f},{:.1f},{:.2f},{:.4f},{:.4f},{:.4f},{:.3f}",
        m.length_median, m.length_p95, m.length_mean, m.captures_per_game,
        m.pieces_captured_per_game, m.longest_no_capture_run, m.stocks_out_ply, m.rescues_per_game,
        m.two_eyed_share, m.wall_share, m.multi_edge_share, m.opening_entropy_bits);
    out << "," << c.wall_wins << "," << c.wall_draws << "," << c.wall_losses;
    // Empty where the cell predates the kept builder games.
    if (builder_games_kept(c)) {
      const BuilderDraws d = count_builder_draws(c.builder_games, fortress_plies);
      out << "," << d.fortress << "," << d.clock << "," << d.other;
    } else {
      out << ",,,";
    }
    out << fmt::format(",{:.1f}", c.seconds) << design_csv_row(c);
    if (agent_columns) {
      const auto& sets = config->rule_sets;
      const size_t index =
          std::find_if(sets.begin(), sets.end(),
                       [&](const RuleSetEntry& e) { return e.name == c.rule_set; }) -
          sets.begin();
      out << "," << c.agent_index << ",";
      if (index < sets.size()) out << lab_agent_seed(*config, index, c.agent_index);
    }
    out << "\n";
  }
  return out.str();
}

std::string report_markdown(const LabResults& results) {
  std::ostringstream out;
  header_section(out, results);
  outcome_table(out, results);
  builder_draws_section(out, results.shown, results.shown_cells);
  draw_seekers_sections(out, results.config, results.tested_cells, results.gates, results.shown,
                        results.shown_cells);
  controls_section(out, results.shown, results.shown_cells);
  strength_gate_section(out, results.shown, results.shown_gate);
  design_sections(out, results.shown, results.shown_cells);
  cost_section(out, results.shown, results.shown_cells, results.shown_gate);
  verdict_section(out, results);
  return out.str();
}

std::string plot_script(const std::string& names, int num_rule_sets) {
  const int n = num_rule_sets;
  std::ostringstream gp;
  // One x tic per rule set, labelled with its name.
  auto tics = [&]() {
    for (int i = 0; i < n; ++i) gp << (i ? "," : "") << "word(names," << i + 1 << ") " << i;
  };
  gp << "set terminal pngcairo size 1200,600 noenhanced\nset datafile separator whitespace\n"
     << "names = \"" << names << "\"\n"
     << "set output 'draw_rate.png'\nset title 'Agent-vs-agent draw rate "
     << "(Wilson 95 % intervals; left point 1x budget, right point the largest)'\n"
     << "set yrange [0:1.05]\nset xtics rotate by -30\nset xrange [-0.6:" << n - 0.4 << "]\n"
     << "set xtics (";
  tics();
  gp << ")\nplot 'draws.dat' using 1:3:4:5 with yerrorbars pt 7 title 'draw rate'\n"
     << "set output 'draw_vs_budget.png'\nset title 'Draw rate against "
     << "search budget (simulations per decision)'\nset xtics auto norotate\nset xrange [*:*]\n"
     << "set logscale x 2\nset key outside right\nplot for [i=0:" << n - 1
     << "] 'draw_vs_budget.dat' index i using 1:2 with linespoints title word(names,i+1)\n"
     << "unset logscale x\nset output 'game_length.png'\nset title 'Game "
     << "length (plies), agent vs agent at the largest budget'\nset yrange [0:*]\nset key off\n"
     << "set xrange [-0.6:" << n - 0.4 << "]\nset xtics rotate by -30 (";
  tics();
  gp << ")\nplot for [i=0:" << n - 1 << "] 'lengths.dat' index i using (i):1:(0.5) with boxplot\n";
  return gp.str();
}

bool write_report(const LabConfig& config, const std::vector<CellResult>& cells,
                  const std::string& out_dir, const std::string& command) {
  write_file_atomically(out_dir + "/report.csv", report_csv(cells, config.fortress_plies, &config));
  // seekers.csv and the plots: a row (a point) per agent, named as in the
  // report's tables (`<rule set>@k` for agent k >= 2).
  const LabResults results =
      lab_results(config, cells, load_gate_matches(config, out_dir), command);
  if (!config.draw_seekers.empty()) {
    write_file_atomically(out_dir + "/seekers.csv",
                          seekers_csv(results.shown, results.shown_cells));
  }
  write_file_atomically(out_dir + "/report.md", report_markdown(results));
  // The one page to quote (lab/verdict_file.h), from the same results.
  write_file_atomically(out_dir + "/verdict.md", verdict_markdown(results, out_dir));
  write_examples(config, choose_examples(config, cells), out_dir);
  return write_plots(results, out_dir + "/plots");
}

}  // namespace inchzero::lab
