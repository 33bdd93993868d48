// Steere's Inchworm (Mark Steere, 2021): worms of stacked checkers race off
// the far end or the right side of the board (RULINGS §3,
// docs/rules/steere-inchworm.md). Game name `steere-inchworm`.
#pragma once

#include <memory>

#include "core/game.h"
#include "core/rules/rule_fields.h"

namespace inchzero::steere {

// Every rule option of Steere's Inchworm, each declared once (visit): the
// schema and the reading from RuleOptions derive from it.
struct Rules {
  int width, height, max_plies;

  template <typename V>
  static void visit(Rules& r, V& v) {
    v.integer("width", r.width, 6, 3, 16, "board width (files a…)");
    v.integer("height", r.height, 7, 3, 16, "board height (ranks 1…)");
    v.integer("max_plies", r.max_plies, 1000, 0, 1000000,
              "a game still running after this many plies (passes count) is a draw, end "
              "reason `cap` (0 = off)");
  }
  static Rules from_options(const RuleOptions& options);
};

const OptionSchema& schema();

std::shared_ptr<const Game> make_game(const RuleOptions& options);

}  // namespace inchzero::steere
