// The chess part of `inchzero bench rules`: with inchworm=false, perft on the
// published FIDE positions by our move generator and, in the same run, by
// Debian's Stockfish over a pipe (`go perft N`), with the node counts checked
// against the published values. Wall-clock time on both sides (Stockfish
// runs in its own process); one thread each.
#include <chrono>
#include <functional>
#include <iomanip>

#include "cli/rules_bench_hooks.h"
#include "core/games/chess/chess_game.h"
#include "core/games/chess/chess_state.h"
#include "core/games/chess/perft_positions.h"
#include "selfplay/players/uci_process.h"

namespace inchzero::cli {
namespace {

double wall_seconds_of(const std::function<void()>& work) {
  const auto start = std::chrono::steady_clock::now();
  work();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Inchworm modes have no reference engine: our fast perft from the start.
void bench_inchworm_perft(const chess::ChessGame& game, std::ostream& out, std::ostream& log) {
  log << "chess: perft from the start position ..." << std::endl;
  auto state = game.new_initial_state();
  uint64_t nodes = 0;
  const int depth = 5;
  const double seconds = wall_seconds_of([&] { nodes = state->perft(depth); });
  out << std::fixed << std::setprecision(2) << "chess perft (" << game.name() << ", start, depth "
      << depth << "): " << nodes << " nodes, " << seconds << " s, " << double(nodes) / seconds / 1e6
      << " M nodes/s\n"
      << "stockfish comparison: skipped (it plays FIDE chess only; use --set inchworm=false)\n";
}

}  // namespace

void bench_chess_perft(const Game& base, std::ostream& out, std::ostream& log) {
  const auto& game = dynamic_cast<const chess::ChessGame&>(base);
  if (game.variant().inchworm) {
    bench_inchworm_perft(game, out, log);
    return;
  }
  UciProcess stockfish;
  std::string why;
  const bool compare = stockfish.start(kDebianStockfish, why);
  out << std::fixed << "FIDE perft, published positions (wall clock, one thread each";
  out << (compare ? ", vs " + stockfish.name() + " `go perft`)\n"
                  : ")\nstockfish comparison: skipped: " + why + "\n");
  out << std::left << std::setw(20) << "  position" << std::right << std::setw(6) << "depth"
      << std::setw(12) << "nodes" << std::setw(8) << "check" << std::setw(12) << "ours Mn/s";
  if (compare) out << std::setw(12) << "sf Mn/s" << std::setw(10) << "ours/sf";
  out << "\n";
  uint64_t total_nodes = 0;
  double ours_total = 0, sf_total = 0;
  bool all_match = true;
  for (const chess::PerftPosition& p : chess::published_perft_positions()) {
    log << "chess: perft " << p.name << " depth " << p.bench_depth << " ..." << std::endl;
    auto state = game.new_state_from_position(p.fen);
    uint64_t nodes = 0;
    const double ours = wall_seconds_of([&] { nodes = state->perft(p.bench_depth); });
    bool match = nodes == p.counts[p.bench_depth - 1];
    UciProcess::PerftRun sf;
    if (compare) {
      sf = stockfish.perft(p.fen, p.bench_depth);
      match = match && sf.nodes == nodes;
      sf_total += sf.seconds;
    }
    all_match = all_match && match;
    total_nodes += nodes;
    ours_total += ours;
    out << std::left << std::setw(20) << ("  " + std::string(p.name)) << std::right << std::setw(6)
        << p.bench_depth << std::setw(12) << nodes << std::setw(8) << (match ? "ok" : "WRONG")
        << std::setw(12) << std::setprecision(1) << double(nodes) / ours / 1e6;
    if (compare)
      out << std::setw(12) << double(sf.nodes) / sf.seconds / 1e6 << std::setw(10)
          << std::setprecision(2) << sf.seconds / ours;
    out << "\n";
  }
  out << std::left << std::setw(26) << "  all" << std::right << std::setw(12) << total_nodes
      << std::setw(8) << (all_match ? "ok" : "WRONG") << std::setw(12) << std::setprecision(1)
      << double(total_nodes) / ours_total / 1e6;
  if (compare)
    out << std::setw(12) << double(total_nodes) / sf_total / 1e6 << std::setw(10)
        << std::setprecision(2) << sf_total / ours_total;
  out << "\n  (check: nodes equal the published count" << (compare ? " and Stockfish's" : "")
      << "; ours/sf > 1 means we are faster)\n";
}

}  // namespace inchzero::cli
