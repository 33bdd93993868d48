#include "train/rank_options.h"

#include <fmt/format.h>

#include "core/game.h"

namespace inchzero {

void check_rank_options(const RankOptions& o) {
  if (o.ranks < 1 || o.rank < 0 || o.rank >= o.ranks) {
    throw GameError(fmt::format("--rank {} is not below --ranks {}", o.rank, o.ranks));
  }
  if (o.ranks > 1 && o.rendezvous.empty()) {
    throw GameError(fmt::format("--ranks {} needs --rendezvous", o.ranks));
  }
}

}  // namespace inchzero
