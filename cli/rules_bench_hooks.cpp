#include "cli/rules_bench_hooks.h"

#include <vector>

namespace inchzero::cli {

// cli/bench_chess.cpp
void bench_chess_perft(const Game& game, std::ostream& out, std::ostream& log);

const RulesBenchHook* find_rules_bench_hook(const std::string& game) {
  static const std::vector<RulesBenchHook> table = {
      {"inchworm-chess", &bench_chess_perft},
      {"longworm-chess", &bench_chess_perft},
  };
  for (const RulesBenchHook& hook : table)
    if (game == hook.game) return &hook;
  return nullptr;
}

}  // namespace inchzero::cli
