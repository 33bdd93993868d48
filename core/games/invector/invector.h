// Invector (Mark Steere, 2006): stones on a Konane grid capture orthogonally
// and otherwise move only toward the centre (RULINGS §2, docs/rules/invector.md).
#pragma once

#include <memory>

#include "core/game.h"
#include "core/rules/rule_fields.h"

namespace inchzero::invector {

// Every rule option of Invector, each declared once (visit): the schema and
// the reading from RuleOptions derive from it.
struct Rules {
  int width, height;
  bool pie;
  int max_plies;

  template <typename V>
  static void visit(Rules& r, V& v) {
    v.integer("width", r.width, 8, 3, 16,
              "board width (files a…); exactly one of width and height is even");
    v.integer("height", r.height, 7, 3, 16,
              "board height (ranks 1…); exactly one of width and height is even");
    v.flag("pie", r.pie, true,
           "pie rule: on White's first turn White may `swap` instead of moving");
    v.integer("max_plies", r.max_plies, 0, 0, 1000000,
              "the game ends as a draw after this many plies (0 = off; the game always "
              "ends anyway)");
  }
  static Rules from_options(const RuleOptions& options);
};

const OptionSchema& schema();

// Build the game for `options`; throws GameError when the board size breaks
// the rules (exactly one even dimension).
std::shared_ptr<const Game> make_game(const RuleOptions& options);

}  // namespace inchzero::invector
