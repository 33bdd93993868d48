#include "core/games/chess/fast_perft.h"

#include <algorithm>

#include "core/games/chess/movegen.h"

namespace inchzero::chess {

int occurrences(const Position& pos, const std::vector<uint64_t>& history) {
  // Only positions since the last capture or pawn advance can be equal, and
  // only those with the same side to move (every second one).
  const int n = static_cast<int>(history.size());
  const int window = std::min<int>(pos.halfmove_clock, n);
  int count = 1;
  for (int back = 2; back <= window; back += 2)
    if (history[n - back] == pos.key) ++count;
  return count;
}

bool drawn_by_rule(const Position& pos, const ChessRules& rules,
                   const std::vector<uint64_t>& history, int ply) {
  if (rules.move_rule_plies > 0 && pos.halfmove_clock >= rules.move_rule_plies) return true;
  if (rules.repetition > 0 && occurrences(pos, history) >= rules.repetition) return true;
  return rules.max_plies > 0 && ply >= rules.max_plies;
}

uint64_t fast_perft(const Position& pos, int depth, const ChessRules& rules,
                    std::vector<uint64_t>& history, int ply) {
  if (depth == 0) return 1;
  if (drawn_by_rule(pos, rules, history, ply)) return 0;
  if (depth == 1) return static_cast<uint64_t>(count_legal(pos, rules.variant));
  MoveList moves;
  generate_pseudo_legal(pos, rules.variant, moves);
  uint64_t total = 0;
  history.push_back(pos.key);
  for (const ChessMove& m : moves) {
    Position next = pos;
    next.apply(m, rules.variant);
    if (next.in_check(pos.side)) continue;
    total += fast_perft(next, depth - 1, rules, history, ply + 1);
  }
  history.pop_back();
  return total;
}

}  // namespace inchzero::chess
