#include "lab/example_games.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <optional>

#include "core/atomic_file.h"
#include "core/records/text_record.h"
#include "lab/lab_metrics.h"

namespace inchzero::lab {
namespace {

std::string result_words(const BuilderGame& g) {
  const int r = g.result();
  const GameMetrics& m = g.metrics;
  const std::string score = fmt::format("{}–{}", m.scores[g.builder], m.scores[1 - g.builder]);
  const char* how = r > 0 ? "won" : r < 0 ? "lost" : "drew";
  return fmt::format("the builder {} {} (its points first) by {} at ply {}", how, score,
                     m.end_reason == EndReason::kNone ? "no end" : to_string(m.end_reason),
                     m.plies);
}

// The example of one rule set's games (in cell order), or none.
std::optional<ExampleGame> choose(const LabConfig& config, const RuleSetEntry& entry,
                                  const std::vector<CellResult>& cells) {
  std::optional<ExampleGame> fell, stood, any;
  for (const CellResult& c : cells) {
    if (c.rule_set != entry.name) continue;
    for (size_t k = 0; k < c.builder_games.size(); ++k) {
      const BuilderGame& g = c.builder_games[k];
      ExampleGame e{entry.name,
                    "examples/" + entry.name + ".txt",
                    cell_path("", c.rule_set, c.budget, c.agent_index).substr(1),
                    static_cast<int>(k),
                    "",
                    &g};
      const int built = g.metrics.uncapturable_ply[g.builder];
      if (!fell && g.result() < 0 && built >= 0) {
        e.what =
            fmt::format("its two-eyed group stood from ply {}, and {}", built, result_words(g));
        fell = e;
      } else if (!stood &&
                 classify_builder_game(g, config.fortress_plies) == BuilderEnd::kFortress) {
        e.what = fmt::format("a fortress proven under these rules stood from ply {} to the end: {}",
                             g.metrics.fortress_since[g.builder], result_words(g));
        stood = e;
      } else if (!any) {
        e.what = "no formation fell or held: " + result_words(g);
        any = e;
      }
    }
  }
  return fell ? fell : stood ? stood : any;
}

}  // namespace

std::vector<ExampleGame> choose_examples(const LabConfig& config,
                                         const std::vector<CellResult>& cells) {
  std::vector<ExampleGame> out;
  for (const RuleSetEntry& entry : config.rule_sets)
    if (auto e = choose(config, entry, cells)) out.push_back(*e);
  return out;
}

void write_examples(const LabConfig& config, const std::vector<ExampleGame>& examples,
                    const std::string& out_dir) {
  for (const ExampleGame& e : examples) {
    const auto entry = std::find_if(config.rule_sets.begin(), config.rule_sets.end(),
                                    [&](const RuleSetEntry& r) { return r.name == e.rule_set; });
    PlayedGame played;
    played.game = config.game_of(*entry);
    played.rules_label = played.game->options().label();
    std::unique_ptr<State> state = played.game->initial_state();
    for (const std::string& text : e.game->moves) {
      played.moves.push_back(state->parse_move(text));
      state->apply_move(played.moves.back());
    }
    played.winner = e.game->metrics.winner;
    played.end_reason = e.game->metrics.end_reason;
    played.origin.event = "inchzero lab: " + config.description + " (the builder plays " +
                          (e.game->builder == 0 ? "first)" : "second)");
    played.origin.source = e.cell;
    played.origin.source_game = e.index + 1;
    const std::string path = out_dir + "/" + e.file;
    std::filesystem::create_directories(std::filesystem::path(path).parent_path());
    write_file_atomically(path, write_text_record(played));
  }
}

}  // namespace inchzero::lab
