#include "selfplay/retrograde_check.h"

#include <algorithm>
#include <random>

#include "core/seed.h"

namespace inchzero {

using solver::RetrogradeSolution;
using solver::Value;

namespace {

bool contested(const RetrogradeSolution& s, int64_t i) {
  if (s.terminal(i)) return false;
  for (int64_t c : s.children(i))
    if (s.value_for_mover(i, c) != s.value(i)) return true;
  return false;
}

// `count` of `items` (all of them when count is 0 or more), drawn with `rng`.
std::vector<int64_t> sample_of(std::vector<int64_t> items, int64_t count, std::mt19937_64& rng) {
  if (count <= 0 || count >= static_cast<int64_t>(items.size())) return items;
  for (int64_t k = 0; k < count; ++k) {
    std::uniform_int_distribution<int64_t> pick(k, static_cast<int64_t>(items.size()) - 1);
    std::swap(items[k], items[pick(rng)]);
  }
  items.resize(count);
  return items;
}

// The index of the position the player's move reaches from `i`.
int64_t players_child(const RetrogradeSolution& s, int64_t i, Player& player) {
  const auto state = s.codec().unpack(s.key(i));
  const Move move = player.choose_move(*state);
  auto child = state->clone_state();
  child->apply_move(move);
  const int64_t c = s.find(s.codec().pack(*child));
  if (c < 0) throw GameError("check: the player's move leads out of the solution");
  return c;
}

// Plays won position `start` out: the player for the winner, the solution's
// longest resistance for the loser.
void convert(const RetrogradeSolution& s, int64_t start, Player& player, int extra_moves,
             RetrogradeCheck& out) {
  const int winner = s.codec().side(s.key(start));
  const int64_t limit = 2 * static_cast<int64_t>(s.distance(start)) + extra_moves;
  ++out.conversion_games;
  int64_t at = start;
  for (int64_t moves = 0; moves < limit; ++moves) {
    if (s.terminal(at)) break;
    if (s.codec().side(s.key(at)) == winner) {
      const int64_t next = players_child(s, at, player);
      if (s.value_for_mover(at, next) != Value::kWin) {
        ++out.win_dropped;
        return;
      }
      at = next;
    } else {
      at = s.best_child(at);
    }
    if (s.terminal(at)) {
      ++out.converted;
      out.extra_moves_converted += moves + 1 - static_cast<int64_t>(s.distance(start));
      return;
    }
  }
}

}  // namespace

nlohmann::json RetrogradeCheck::to_json() const {
  return {{"contested_positions", contested_positions},
          {"checked", checked()},
          {"optimal", kept()},
          {"won", {{"checked", won_checked}, {"kept", won_kept}}},
          {"drawn", {{"checked", drawn_checked}, {"kept", drawn_kept}}},
          {"conversion",
           {{"games", conversion_games},
            {"converted", converted},
            {"win_dropped", win_dropped},
            {"mean_extra_moves",
             converted ? static_cast<double>(extra_moves_converted) / converted : 0.0}}},
          {"seed", seed}};
}

RetrogradeCheck check_player_against_retrograde(
    const RetrogradeSolution& solution, const PlayerFactory& factory,
    const RetrogradeCheckOptions& options, const std::function<void(int64_t, int64_t)>& progress) {
  RetrogradeCheck out;
  out.seed = options.seed;
  std::vector<int64_t> contested_list, won_list;
  for (int64_t i = 0; i < solution.size(); ++i) {
    if (contested(solution, i)) contested_list.push_back(i);
    if (!solution.terminal(i) && solution.value(i) == Value::kWin) won_list.push_back(i);
  }
  out.contested_positions = static_cast<int64_t>(contested_list.size());
  std::mt19937_64 rng(derive_seed(options.seed, {1}));
  const std::vector<int64_t> checked = sample_of(contested_list, options.sample, rng);
  const std::vector<int64_t> starts = options.conversions > 0
                                          ? sample_of(won_list, options.conversions, rng)
                                          : std::vector<int64_t>{};
  const auto total = static_cast<int64_t>(checked.size() + starts.size());
  int64_t done = 0;
  for (size_t k = 0; k < checked.size(); ++k) {
    const int64_t i = checked[k];
    const std::unique_ptr<Player> player = factory.make(derive_seed(options.seed, {2, k}));
    const bool kept =
        solution.value_for_mover(i, players_child(solution, i, *player)) == solution.value(i);
    if (solution.value(i) == Value::kWin) {
      ++out.won_checked;
      out.won_kept += kept;
    } else {
      ++out.drawn_checked;
      out.drawn_kept += kept;
    }
    if (progress) progress(++done, total);
  }
  for (size_t k = 0; k < starts.size(); ++k) {
    const std::unique_ptr<Player> player = factory.make(derive_seed(options.seed, {3, k}));
    convert(solution, starts[k], *player, options.extra_moves, out);
    if (progress) progress(++done, total);
  }
  return out;
}

}  // namespace inchzero
