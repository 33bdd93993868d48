#include "core/bench_rules.h"

#include <iomanip>
#include <random>

#include "core/bench_reference.h"
#include "core/perft.h"
#include "core/seed.h"

namespace inchzero {
namespace {

struct Clock {
  using time_point = double;
  static double now() { return thread_cpu_seconds(); }
};

double seconds_since(double start) { return thread_cpu_seconds() - start; }

struct PlayoutCount {
  uint64_t games = 0, decisions = 0, plies = 0;
  double seconds = 0;
};

// How a random playout picks its decisions: from the list in a reused vector
// (as search lists them), from a fresh legal_actions() vector, or drawn by
// State::random_legal_action (as UCT's rollouts and the random player draw).
enum class Pick { kListed, kFreshVector, kDrawn };

// Random games until `budget` seconds pass (whole games only).
PlayoutCount random_playouts(const Game& game, uint64_t seed, double budget, Pick pick) {
  PlayoutCount count;
  std::mt19937_64 rng(seed);
  std::vector<Action> legal;
  const Clock::time_point start = Clock::now();
  while (count.games == 0 || seconds_since(start) < budget) {
    std::unique_ptr<State> s = game.initial_state();
    while (!s->is_terminal()) {
      if (pick == Pick::kDrawn) {
        s->apply_action(s->random_legal_action(rng, legal));
      } else {
        if (pick == Pick::kListed)
          s->legal_actions_into(legal);  // the reused vector of search
        else
          legal = s->legal_actions();
        s->apply_action(legal[rng() % legal.size()]);
      }
      ++count.decisions;
    }
    count.plies += s->ply();
    ++count.games;
  }
  count.seconds = seconds_since(start);
  return count;
}

}  // namespace

RulesBenchResult run_rules_bench(const Game& game, const RulesBenchOptions& options,
                                 std::ostream& log) {
  RulesBenchResult r;
  const double slice = options.seconds / 4;
  // 1. Machine reference.
  log << "reference (popcount loop) ..." << std::endl;
  r.reference_mops = popcount_reference_mwords(options.seed, slice / 2);
  // 2. Random playouts, fast path and generic interface, same seed.
  log << "random playouts ..." << std::endl;
  const PlayoutCount fast =
      random_playouts(game, derive_seed(options.seed, {1}), slice, Pick::kListed);
  r.games = fast.games;
  r.decisions = fast.decisions;
  r.plies = fast.plies;
  r.decisions_per_second = double(fast.decisions) / fast.seconds;
  r.games_per_second = double(fast.games) / fast.seconds;
  const PlayoutCount generic =
      random_playouts(game, derive_seed(options.seed, {1}), slice / 2, Pick::kFreshVector);
  r.generic_decisions_per_second = double(generic.decisions) / generic.seconds;
  const PlayoutCount drawn =
      random_playouts(game, derive_seed(options.seed, {1}), slice / 2, Pick::kDrawn);
  r.drawn_decisions_per_second = double(drawn.decisions) / drawn.seconds;
  // 3. Perft on the start position and on one reached by a seeded game.
  log << "perft ..." << std::endl;
  std::vector<std::pair<std::unique_ptr<State>, int>> positions;
  positions.emplace_back(game.initial_state(), 3);
  {
    std::mt19937_64 rng(derive_seed(options.seed, {2}));
    std::unique_ptr<State> s = game.initial_state();
    while (!s->is_terminal() && (s->ply() < 24 || s->in_compound_move())) {
      std::vector<Action> legal = s->legal_actions();
      s->apply_action(legal[rng() % legal.size()]);
    }
    if (!s->is_terminal()) positions.emplace_back(std::move(s), 2);
  }
  const Clock::time_point start = Clock::now();
  do {
    for (const auto& [state, depth] : positions) r.perft_nodes += perft(*state, depth);
  } while (seconds_since(start) < slice);
  r.perft_nodes_per_second = double(r.perft_nodes) / seconds_since(start);
  for (const auto& [state, depth] : positions)
    r.perft_positions.push_back(state->to_position() + " @ depth " + std::to_string(depth));
  return r;
}

void print_rules_bench(const Game& game, const RulesBenchOptions& options,
                       const RulesBenchResult& r, std::ostream& out) {
  out << std::fixed << std::setprecision(0);
  out << "game: " << game.name() << " (" << game.options().label() << "), seed " << options.seed
      << ", one thread; rates per CPU second of that thread\n";
  out << "reference: popcount loop " << std::setprecision(1) << r.reference_mops
      << " Mwords/s (machine speed, same run)\n"
      << std::setprecision(0);
  out << "random playouts: " << r.decisions_per_second << " decisions/s, " << std::setprecision(1)
      << r.games_per_second << " games/s (" << r.games << " games, "
      << double(r.decisions) / double(r.games) << " decisions and "
      << double(r.plies) / double(r.games) << " plies per game)\n";
  out << "  generic interface (legal_actions() vector per decision): " << std::setprecision(0)
      << r.generic_decisions_per_second << " decisions/s, fast path x" << std::setprecision(2)
      << r.decisions_per_second / r.generic_decisions_per_second << "\n";
  out << "  drawn (random_legal_action, as UCT rollouts draw): " << std::setprecision(0)
      << r.drawn_decisions_per_second << " decisions/s, x" << std::setprecision(2)
      << r.drawn_decisions_per_second / r.decisions_per_second << " the listed path\n";
  out << std::setprecision(0) << "perft: " << r.perft_nodes_per_second << " leaf nodes/s ("
      << r.perft_nodes << " nodes)\n";
  for (const auto& p : r.perft_positions) out << "  " << p << "\n";
  out << std::setprecision(1) << "ratio to reference: playouts "
      << r.decisions_per_second / (r.reference_mops * 1e6) * 1000.0
      << " decisions per 1000 reference words; perft "
      << r.perft_nodes_per_second / (r.reference_mops * 1e6) * 1000.0 << " nodes per 1000\n";
}

}  // namespace inchzero
