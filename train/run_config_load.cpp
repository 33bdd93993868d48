// The run config's checks that need more than its text (train/run_config.h):
// whether the evaluation's opponents can play the game, and its solution
// file. Apart from run_config.cpp because they link the players, the
// network's included (LibTorch), while reading the text stays LibTorch-free
// (fuzz/fuzz_run_config.cpp).
#include "selfplay/players/player_spec.h"
#include "train/run_config.h"
#include "train/run_evaluation.h"

namespace inchzero {
namespace {

// Every non-network evaluation opponent must play `game` (`wall`, for one,
// plays only Inchworm): said when the config is read, not after the first
// iteration's self-play. Network opponents are checked when they are loaded.
void check_opponents_play(const EvaluationConfig& evaluation,
                          const std::shared_ptr<const Game>& game) {
  std::vector<std::string> specs = evaluation.baseline_specs();
  if (evaluation.occasional_every > 0) specs.push_back(evaluation.occasional);
  for (const std::string& text : specs) {
    const PlayerSpec spec = parse_player_spec(text);
    if (spec.kind == PlayerSpec::Kind::kNet) continue;
    try {
      make_player_factory(spec, game);
    } catch (const GameError& e) {
      throw GameError("evaluation config: player '" + text + "' cannot play " + game->name() +
                      ": " + e.what());
    }
  }
}

}  // namespace

RunConfig RunConfig::from_yaml_text(const std::string& text, const std::string& source) {
  RunConfig c = parse_yaml_text(text, source);
  try {
    const std::shared_ptr<const Game> game = c.game.load();
    check_opponents_play(c.evaluation, game);
    // A solution of another board or other rules: said now, not after the
    // first iteration's self-play and training.
    if (!c.evaluation.solution.empty()) load_evaluation_solution(c.evaluation.solution, *game);
  } catch (const GameError& e) {
    throw GameError(source + ": " + e.what());
  } catch (const YAML::Exception& e) {
    throw GameError(source + ": section 'evaluation': " + e.what());
  }
  return c;
}

RunConfig RunConfig::load(const std::string& path_or_name) {
  std::string source;
  const std::string text = read_text(path_or_name, source);
  return from_yaml_text(text, source);
}

}  // namespace inchzero
