// The rule options of Inchworm Chess and Long Worm Chess, each declared once
// (ChessRules::visit): the schemas, the defaults and the reading from
// RuleOptions derive from it (core/rules/rule_fields.h); the end-of-game
// rules are resolved from them.
#pragma once

#include "core/games/chess/variant.h"
#include "core/rules/rule_fields.h"

namespace inchzero::chess {

struct ChessRules {
  // The options (their defaults: visit).
  bool inchworm;   // inchworm-chess only (long-worm chess is always inchworm)
  int move_rule;   // full moves; -1 = the ruling (100, or 50 for plain chess)
  int repetition;  // the same position for the N-th time draws (0 = off)
  int max_plies;   // the game ends as a draw after this many plies (0 = off)

  // Derived from them.
  Variant variant;
  int move_rule_plies;  // draw after this many plies without capture or pawn advance (0 = off)

  // Every option of inchworm-chess (long_worm false) or longworm-chess once.
  template <typename V>
  static void visit(ChessRules& r, V& v, bool long_worm) {
    if (!long_worm)
      v.flag("inchworm", r.inchworm, true,
             "every move is a stretch then a consolidation; false: plain FIDE chess");
    v.integer("move_rule", r.move_rule, -1, -1, 10000,
              "draw after N moves by each side without a capture or a pawn advance "
              "(-1: the ruling, 100 moves, or 50 when inchworm is false; 0 = off)");
    v.integer("repetition_draw", r.repetition, 3, 0, 100,
              "the same position for the N-th time is a draw (0 = off)");
    v.integer("max_plies", r.max_plies, 1000, 0, 1000000,
              "the game ends as a draw after this many plies (0 = off)");
  }

  // The declared defaults of inchworm-chess.
  ChessRules();
  // Read the options of inchworm-chess / longworm-chess (long_worm: which game).
  static ChessRules from_options(const RuleOptions& options, bool long_worm);

 private:
  void derive(bool long_worm);
};

}  // namespace inchzero::chess
