// The decision action space of the chess games (docs/action-space.md,
// "Inchworm Chess and Long Worm Chess"): 196 actions, the same for every
// rule set of both games.
//   [0, 64)     FROM[s]     pick the piece on s to move or stretch
//   [64, 128)   TO[s]       its destination (completes the move unless a promotion follows)
//   [128, 192)  ONTO[s]     consolidate the stretched piece standing on s onto s
//   [192, 196)  PROMOTE[k]  queen, rook, bishop, knight
// A move or stretch is FROM, TO (+ PROMOTE in FIDE chess); a consolidation is
// ONTO (+ PROMOTE when a pawn consolidates on the last rank).
#pragma once

#include "core/game.h"
#include "core/games/chess/piece.h"

namespace inchzero::chess::actions {

constexpr Action kFrom = 0;
constexpr Action kTo = 64;
constexpr Action kOnto = 128;
constexpr Action kPromote = 192;
constexpr int kNumActions = 196;

enum class ActionKind { kPickFrom, kPickTo, kPickOnto, kPickPromotion };

constexpr ActionKind kind(Action a) { return static_cast<ActionKind>(a < kPromote ? a / 64 : 3); }
// The square of a FROM/TO/ONTO action.
constexpr int square(Action a) { return a % 64; }

// Promotion pieces in action order.
constexpr Kind kPromotionOrder[4] = {kQueen, kRook, kBishop, kKnight};
constexpr Action promote(uint8_t kind) {
  return kPromote + (kind == kQueen ? 0 : kind == kRook ? 1 : kind == kBishop ? 2 : 3);
}
constexpr Kind promotion_kind(Action a) { return kPromotionOrder[a - kPromote]; }

}  // namespace inchzero::chess::actions
