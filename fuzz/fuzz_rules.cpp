// Rule files: YAML text for the game picked by the first byte. A file the
// loader accepts gives options the game either builds from or refuses with a
// GameError; a built game has a start position with moves.
#include "core/registry.h"
#include "fuzz/fuzz_games.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace inchzero;
  if (size < 1) return 0;
  const GameEntry& entry = game_table()[data[0] % game_table().size()];
  try {
    const RuleOptions options =
        rule_options_from_text(entry.schema(), fuzz::text_after_first(data, size), "fuzz input");
    const std::shared_ptr<const Game> game = entry.make(options);
    std::unique_ptr<State> state = game->initial_state();
    if (!state->is_terminal() && state->legal_actions().empty())
      fuzz::broken(entry.name + ": a start position without moves");
  } catch (const GameError&) {
  }
  return 0;
}
