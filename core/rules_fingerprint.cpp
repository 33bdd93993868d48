#include "core/rules_fingerprint.h"

#include <fmt/format.h>

#include <map>
#include <mutex>
#include <vector>

#include "core/fnv.h"
#include "core/registry.h"
#include "core/seed.h"

namespace inchzero {
namespace {

// The fixed root of the playouts' seeds: part of the format, like the sizes.
constexpr uint64_t kPlayoutSeed = 0x72756c6573667031ull;  // "rulesfp1"

// How a playout picks its decisions.
enum class Pick { kUniform, kLowest, kHighest };

void fold_playout(const Game& game, Pick pick, uint64_t seed, int max_decisions, Fnv& fnv) {
  std::unique_ptr<State> state = game.initial_state();
  uint64_t draw = seed;
  for (int decision = 0; decision < max_decisions && !state->is_terminal(); ++decision) {
    const std::vector<Action> legal = state->legal_actions();
    const Action action = pick == Pick::kLowest    ? legal.front()
                          : pick == Pick::kHighest ? legal.back()
                                                   : legal[splitmix64(draw++) % legal.size()];
    fnv.value(static_cast<int32_t>(state->current_player()));
    fnv.value(static_cast<uint8_t>(state->in_compound_move()));
    fnv.value(static_cast<uint64_t>(legal.size()));
    fnv.bytes(legal.data(), legal.size() * sizeof(Action));
    fnv.value(action);
    state->apply_action(action);
  }
  const bool over = state->is_terminal();
  fnv.value(static_cast<uint8_t>(over));
  fnv.value(static_cast<int32_t>(over ? state->winner() : kNoPlayer));
  // The reason's word, as before the enum: fingerprints already recorded stay valid.
  fnv.text(over ? to_string(state->end_reason()) : "");
  fnv.value(static_cast<int32_t>(state->ply()));
  // Points only where they are the game's score: the heuristic points of
  // chess, Invector and Steere's Inchworm decide nothing, and retuning them
  // must not orphan records.
  if (keeps_score(*state)) {
    fnv.value(state->points(0));
    fnv.value(state->points(1));
  }
}

}  // namespace

uint64_t behaviour_fingerprint(const Game& game, int playouts, int max_decisions) {
  Fnv fnv;
  fnv.text(game.name());
  fnv.value(static_cast<int32_t>(game.num_actions()));
  fnv.value(static_cast<int32_t>(game.num_symmetries()));
  for (int i = 0; i < playouts; ++i) {
    const Pick pick = i == 0 ? Pick::kLowest : i == 1 ? Pick::kHighest : Pick::kUniform;
    fold_playout(game, pick, derive_seed(kPlayoutSeed, {static_cast<uint64_t>(i)}), max_decisions,
                 fnv);
  }
  return fnv.get() == 0 ? 1 : fnv.get();
}

uint64_t behaviour_fingerprint(const Game& game) {
  return behaviour_fingerprint(game, kFingerprintPlayouts, kFingerprintMaxDecisions);
}

uint64_t fingerprint_of_recorded_rules(const std::string& game_name,
                                       const std::string& rules_yaml) {
  static std::mutex mutex;
  static std::map<std::pair<std::string, std::string>, uint64_t> known;
  std::lock_guard<std::mutex> lock(mutex);
  const auto key = std::make_pair(game_name, rules_yaml);
  if (const auto it = known.find(key); it != known.end()) return it->second;
  uint64_t fingerprint = 0;
  try {
    // An empty text names no rules at all (not "every default").
    if (rules_yaml.empty()) throw GameError("no rules");
    const GameEntry& entry = find_game(game_name);
    std::vector<std::string> unreadable;
    const RuleOptions options = entry.schema().from_recorded_yaml(rules_yaml, &unreadable);
    if (unreadable.empty()) fingerprint = behaviour_fingerprint(*entry.make(options));
  } catch (const GameError&) {
    // An unknown game, or options the game refuses together: unknown rules.
  }
  return known.emplace(key, fingerprint).first->second;
}

std::string fingerprint_hex(uint64_t fingerprint) { return fmt::format("{:016x}", fingerprint); }

}  // namespace inchzero
