#include "selfplay/players/players_bench.h"

#include <algorithm>
#include <iomanip>
#include <random>

#include "core/bench_reference.h"
#include "core/seed.h"
#include "selfplay/players/player_spec.h"

namespace inchzero {
namespace {

// Position i: a seeded random game stopped at the first move boundary at or
// after ply 6 + 12 i (a game that ends before is replaced by the next seed).
std::vector<std::unique_ptr<State>> fixed_positions(const Game& game, int count, uint64_t seed) {
  std::vector<std::unique_ptr<State>> out;
  std::vector<Action> scratch;
  for (uint64_t attempt = 0; static_cast<int>(out.size()) < count; ++attempt) {
    const int ply = 6 + 12 * static_cast<int>(out.size());
    std::mt19937_64 rng(derive_seed(seed, {out.size(), attempt}));
    std::unique_ptr<State> s = game.initial_state();
    while (!s->is_terminal() && (s->ply() < ply || s->in_compound_move()))
      s->apply_action(s->random_legal_action(rng, scratch));
    if (!s->is_terminal()) out.push_back(std::move(s));
    if (attempt > 100u * static_cast<uint64_t>(count))
      throw GameError("bench players: the games end too soon to give " + std::to_string(count) +
                      " positions");
  }
  return out;
}

}  // namespace

PlayersBenchResult run_players_bench(const std::shared_ptr<const Game>& game,
                                     const PlayersBenchOptions& options, std::ostream& log) {
  PlayersBenchResult result;
  // Every spec is checked before anything is timed.
  std::vector<std::unique_ptr<PlayerFactory>> factories;
  for (const std::string& spec : options.players)
    factories.push_back(make_player_factory(spec, game));
  log << "reference (popcount loop) ..." << std::endl;
  result.reference_mwords = popcount_reference_mwords(options.seed, 0.25);
  const auto positions = fixed_positions(*game, options.positions, options.seed);
  for (const auto& p : positions)
    result.positions.push_back(p->to_position() + " (ply " + std::to_string(p->ply()) + ")");
  const double budget = options.seconds / std::max<size_t>(1, factories.size());
  for (size_t k = 0; k < factories.size(); ++k) {
    PlayerBenchRow row;
    row.player = factories[k]->describe();
    log << row.player << " ..." << std::endl;
    std::vector<double> seconds(positions.size(), 0);
    std::vector<int> moves(positions.size(), 0);
    double total = 0;
    // Whole passes over the positions until the budget is spent, a fresh
    // player (seeded by player, position and pass) for every move.
    for (uint64_t pass = 0; pass == 0 || total < budget; ++pass) {
      for (size_t i = 0; i < positions.size(); ++i) {
        auto player = factories[k]->make(derive_seed(options.seed, {k, i, pass}));
        const double start = thread_cpu_seconds();
        player->choose_move(*positions[i]);  // the move itself is not needed
        const double spent = thread_cpu_seconds() - start;
        seconds[i] += spent;
        ++moves[i];
        total += spent;
      }
    }
    for (size_t i = 0; i < positions.size(); ++i) {
      row.moves += moves[i];
      row.slowest_position_ms = std::max(row.slowest_position_ms, 1e3 * seconds[i] / moves[i]);
    }
    row.ms_per_move = 1e3 * total / row.moves;
    result.rows.push_back(row);
  }
  return result;
}

void print_players_bench(const Game& game, const PlayersBenchOptions& options,
                         const PlayersBenchResult& r, std::ostream& out) {
  out << "game: " << game.name() << " (" << game.options().label() << "), seed " << options.seed
      << ", " << r.positions.size() << " positions, one thread; CPU time of that thread\n";
  for (const std::string& p : r.positions) out << "  " << p << "\n";
  out << std::fixed << std::setprecision(1) << "reference: popcount loop " << r.reference_mwords
      << " Mwords/s (machine speed, same run)\n";
  out << "player  ms/move  slowest position ms/move  moves  ratio to reference "
         "(M reference words a move)\n";
  for (const PlayerBenchRow& row : r.rows) {
    out << row.player << "  " << std::setprecision(2) << row.ms_per_move << "  "
        << row.slowest_position_ms << "  " << row.moves << "  " << std::setprecision(3)
        << row.ms_per_move * 1e-3 * r.reference_mwords << "\n";
  }
}

}  // namespace inchzero
