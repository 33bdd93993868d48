#include "fuzz/fuzz_games.h"

#include <cstdio>
#include <cstdlib>

#include "core/registry.h"

namespace inchzero::fuzz {

const std::vector<std::shared_ptr<const Game>>& games() {
  static const std::vector<std::shared_ptr<const Game>> all = [] {
    std::vector<std::shared_ptr<const Game>> out;
    for (const GameEntry& entry : game_table()) out.push_back(load_game(entry.name));
    out.push_back(load_game("inchworm-chess", "fide"));
    return out;
  }();
  return all;
}

void broken(const std::string& what) {
  std::fprintf(stderr, "invariant broken: %s\n", what.c_str());
  std::abort();
}

}  // namespace inchzero::fuzz
