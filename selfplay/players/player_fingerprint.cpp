#include "selfplay/players/player_fingerprint.h"

#include <cstdio>

#include "core/fnv.h"
#include "selfplay/players/player_spec.h"

namespace inchzero {
namespace {

// Whether a seed alone fixes the moves of `spec`'s players.
bool seeded_alone(const PlayerSpec& spec) {
  switch (spec.kind) {
    case PlayerSpec::Kind::kNet:
    case PlayerSpec::Kind::kStockfish:
      return false;
    case PlayerSpec::Kind::kRegistered:  // its argument holds its options
      return spec.argument.find("ms=") == std::string::npos;
    default:
      return spec.time_ms == 0;
  }
}

}  // namespace

std::string player_fingerprint(const std::shared_ptr<const Game>& game, const std::string& text) {
  const PlayerSpec spec = parse_player_spec(text);
  if (!seeded_alone(spec)) return "";
  const auto factory = make_player_factory(spec, game);
  std::unique_ptr<Player> players[2] = {factory->make(1), factory->make(2)};
  auto state = game->initial_state();
  Fnv fnv;
  for (int ply = 0; ply < kFingerprintPlies && !state->is_terminal(); ++ply) {
    const Move move = players[state->current_player()]->choose_move(*state);
    fnv.value(static_cast<uint64_t>(move.size()));
    for (const Action a : move) fnv.value(static_cast<int64_t>(a));
    state->apply_move(move);
  }
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(fnv.get()));
  return hex;
}

}  // namespace inchzero
