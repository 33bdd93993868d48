#include "selfplay/eval/match.h"

#include <fmt/format.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <mutex>
#include <nlohmann/json.hpp>

#include "core/seed.h"
#include "core/thread_pool.h"
#include "selfplay/players/random_player.h"

namespace inchzero {

std::unique_ptr<State> match_opening(const Game& game, uint64_t seed, int opening_plies,
                                     int index) {
  std::unique_ptr<State> state = game.initial_state();
  RandomPlayer opening(derive_seed(seed, {static_cast<uint64_t>(index / 2), 2}));
  while (!state->is_terminal() && state->ply() < opening_plies) {
    state->apply_move(opening.choose_move(*state));
  }
  return state;
}

namespace {

// Play game `index` of a match; p0 takes colour index % 2.
MatchGame play_one(const Game& game, const PlayerFactory& p0, const PlayerFactory& p1,
                   uint64_t seed, int opening_plies, int index,
                   const GameObserverFactory& observe) {
  MatchGame result;
  result.index = index;
  result.p0_colour = index % 2;
  // Seeds by (game, side), so p0's stream does not depend on its colour's order.
  std::unique_ptr<Player> players[2];
  players[result.p0_colour] = p0.make(derive_seed(seed, {static_cast<uint64_t>(index), 0}));
  players[1 - result.p0_colour] = p1.make(derive_seed(seed, {static_cast<uint64_t>(index), 1}));
  std::unique_ptr<State> state = match_opening(game, seed, opening_plies, index);
  std::unique_ptr<GameObserver> observer = observe ? observe(index) : nullptr;
  if (observer) observer->start(*state);
  int decisions = 0;
  while (!state->is_terminal()) {
    const int mover = state->current_player();
    const int side = mover == result.p0_colour ? 0 : 1;
    const auto think_start = std::chrono::steady_clock::now();
    Move move = players[mover]->choose_move(*state);
    result.think_seconds[side] +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - think_start).count();
    ++result.moves[side];
    decisions += static_cast<int>(move.size());
    if (move.empty() || decisions > game.max_game_length()) {
      throw GameError(
          fmt::format("match game {}: a player returned an empty move or the game "
                      "exceeded {} decisions",
                      index, game.max_game_length()));
    }
    if (observer) {
      std::unique_ptr<State> before = state->clone();
      state->apply_move(move);
      observer->after_move(*before, move, *state);
    } else {
      state->apply_move(move);
    }
  }
  if (observer) observer->finish(*state);
  const int winner = state->winner();
  result.result = winner == kNoPlayer ? 0 : (winner == result.p0_colour ? 1 : -1);
  result.end_reason = state->end_reason();
  result.plies = state->ply();
  result.final_points = {state->points(0), state->points(1)};
  return result;
}

}  // namespace

MatchResult play_match(const Game& game, const PlayerFactory& p0, const PlayerFactory& p1,
                       const MatchOptions& options, const MatchProgress& progress) {
  MatchResult match;
  match.p0 = p0.describe();
  match.p1 = p1.describe();
  match.options = options;
  match.games.resize(options.games);
  const auto start = std::chrono::steady_clock::now();

  // Workers take the next game index until none is left; the first error
  // stops everyone taking new games and is rethrown here.
  std::atomic<int> next{0};
  std::mutex mutex;
  int finished = 0, skipped = 0;
  std::vector<char> done(options.games, 0);
  auto worker = [&](int) {
    while (true) {
      if (options.stop && options.stop->load()) return;
      if (options.enough && options.enough->load()) return;
      const int index = next.fetch_add(1);
      if (index >= options.games) return;
      if (options.skip && options.skip(index)) {
        std::lock_guard<std::mutex> lock(mutex);
        ++skipped;
        continue;
      }
      MatchGame g =
          play_one(game, p0, p1, options.seed, options.opening_plies, index, options.observe);
      std::lock_guard<std::mutex> lock(mutex);
      match.games[index] = g;
      ++finished;
      done[index] = 1;
      if (progress) progress(finished, options.games, g);
    }
  };
  run_workers(std::min(options.threads, options.games), worker, [&] { next = options.games; });
  if (finished < options.games) {
    // Stopped early or skipping: keep the finished games only.
    std::vector<MatchGame> kept;
    for (int i = 0; i < options.games; ++i) {
      if (done[i]) kept.push_back(match.games[i]);
    }
    match.games = std::move(kept);
    const bool stopped = options.stop && options.stop->load();
    const bool enough = options.enough && options.enough->load();
    match.interrupted = finished + skipped < options.games && (stopped || !enough);
  }
  match.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return match;
}

int MatchResult::wins() const {
  int n = 0;
  for (const auto& g : games) n += g.result > 0;
  return n;
}
int MatchResult::draws() const {
  int n = 0;
  for (const auto& g : games) n += g.result == 0;
  return n;
}
int MatchResult::losses() const {
  int n = 0;
  for (const auto& g : games) n += g.result < 0;
  return n;
}

MatchSummary MatchResult::summary() const { return summarize_match(wins(), draws(), losses()); }

std::map<std::string, int> MatchResult::end_reasons() const {
  std::map<std::string, int> reasons;
  for (const auto& g : games) ++reasons[to_string(g.end_reason)];
  return reasons;
}

std::array<std::array<int, 3>, 2> MatchResult::by_colour() const {
  std::array<std::array<int, 3>, 2> counts{};
  for (const auto& g : games) ++counts[g.p0_colour][g.result > 0 ? 0 : (g.result == 0 ? 1 : 2)];
  return counts;
}

double MatchResult::mean_plies() const {
  if (games.empty()) return 0;
  double total = 0;
  for (const auto& g : games) total += g.plies;
  return total / games.size();
}

double MatchResult::mean_p0_points_margin() const {
  if (games.empty()) return 0;
  double total = 0;
  for (const auto& g : games) total += g.p0_points_margin();
  return total / games.size();
}

double MatchResult::seconds_per_move(int side) const {
  double total = 0;
  long moves = 0;
  for (const auto& g : games) {
    total += g.think_seconds[side];
    moves += g.moves[side];
  }
  return moves == 0 ? 0 : total / moves;
}

namespace {
// JSON has no infinity; an unbounded Elo is written as null.
nlohmann::json finite_or_null(double x) {
  return std::isfinite(x) ? nlohmann::json(x) : nlohmann::json(nullptr);
}
std::string elo_text(double elo) {
  if (std::isinf(elo)) return elo > 0 ? "+inf" : "-inf";
  return fmt::format("{:+.0f}", elo);
}
}  // namespace

nlohmann::json MatchResult::to_json() const {
  const MatchSummary s = summary();
  nlohmann::json j;
  j["p0"] = p0;
  j["p1"] = p1;
  j["games"] = s.games;
  j["seed"] = options.seed;
  j["opening_plies"] = options.opening_plies;
  j["wins"] = wins();
  j["draws"] = draws();
  j["losses"] = losses();
  j["score"] = s.score;
  j["score_95"] = {s.score_interval.low, s.score_interval.high};
  j["elo"] = finite_or_null(s.elo);
  j["elo_95"] = {finite_or_null(s.elo_interval.low), finite_or_null(s.elo_interval.high)};
  j["end_reasons"] = end_reasons();
  const auto colour = by_colour();
  for (int c = 0; c < 2; ++c) {
    j["p0_as_player" + std::to_string(c)] = {
        {"wins", colour[c][0]}, {"draws", colour[c][1]}, {"losses", colour[c][2]}};
  }
  j["mean_plies"] = mean_plies();
  j["p0_mean_points_margin"] = mean_p0_points_margin();
  j["seconds"] = seconds;
  j["threads"] = options.threads;
  j["p0_ms_per_move"] = 1000 * seconds_per_move(0);
  j["p1_ms_per_move"] = 1000 * seconds_per_move(1);
  return j;
}

std::string MatchResult::to_text(const std::array<std::string, 2>& colour_names) const {
  const MatchSummary s = summary();
  std::string out;
  out += fmt::format("{} (p0) vs {} (p1): {} games, seed {}, p0 plays {} in even games\n", p0, p1,
                     s.games, options.seed, colour_names[0]);
  out += fmt::format("p0 wins {}, draws {}, losses {}\n", wins(), draws(), losses());
  out += fmt::format("score {:.3f}  95% Wilson interval [{:.3f}, {:.3f}]\n", s.score,
                     s.score_interval.low, s.score_interval.high);
  out += fmt::format("Elo difference {}  95% interval [{}, {}]\n", elo_text(s.elo),
                     elo_text(s.elo_interval.low), elo_text(s.elo_interval.high));
  const auto colour = by_colour();
  for (int c = 0; c < 2; ++c) {
    out += fmt::format("p0 as {:<6}: {} wins, {} draws, {} losses\n", colour_names[c], colour[c][0],
                       colour[c][1], colour[c][2]);
  }
  out += fmt::format("mean game length {:.1f} plies, {:.1f} s\n", mean_plies(), seconds);
  out +=
      fmt::format("p0's mean final points margin {:+.2f} (the game's score or heuristic points)\n",
                  mean_p0_points_margin());
  out += fmt::format("time per move: p0 {:.1f} ms, p1 {:.1f} ms (wall, {} games at once)\n",
                     1000 * seconds_per_move(0), 1000 * seconds_per_move(1),
                     std::min(options.threads, std::max(1, s.games)));
  out += "end reasons:\n";
  for (const auto& [reason, count] : end_reasons()) {
    out += fmt::format("  {:<14} {:>5}  {:5.1f}%\n", reason.empty() ? "?" : reason, count,
                       100.0 * count / std::max(1, s.games));
  }
  return out;
}

}  // namespace inchzero
