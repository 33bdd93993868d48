// One chess move (one ply) inside the rules core. In Inchworm Chess a ply is
// either a stretch or a consolidation; in FIDE chess, and for the half pieces
// of Long Worm Chess, it is a direct move.
#pragma once

#include <array>
#include <cstdint>

#include "core/games/chess/bitboard.h"
#include "core/games/chess/piece.h"

namespace inchzero::chess {

enum class MoveType : uint8_t {
  kDirect,       // FIDE move (castling, e.p., promotion included) or a half piece's move
  kStretch,      // a whole piece stretches from `from` to `to` (may capture on `to`)
  kConsolidate,  // a stretched piece leaves `from` and stands on `to` (one of its squares)
};

constexpr uint8_t kNoPromotion = 0xFF;

struct ChessMove {
  uint8_t from = 0;
  uint8_t to = 0;
  MoveType type = MoveType::kDirect;
  uint8_t promotion = kNoPromotion;  // a Kind (knight..queen) or kNoPromotion

  bool operator==(const ChessMove& o) const {
    return from == o.from && to == o.to && type == o.type && promotion == o.promotion;
  }
  bool operator!=(const ChessMove& o) const { return !(*this == o); }
};

// A fixed-capacity move list (no allocation in the move generator). 512 is
// more than any reachable position needs: at most 218 FIDE moves, plus at
// most 16 stretched pieces with 5 consolidations each.
struct MoveList {
  std::array<ChessMove, 512> moves;
  int size = 0;

  void push(Square from, Square to, MoveType type, uint8_t promotion = kNoPromotion) {
    moves[size++] =
        ChessMove{static_cast<uint8_t>(from), static_cast<uint8_t>(to), type, promotion};
  }
  const ChessMove* begin() const { return moves.data(); }
  const ChessMove* end() const { return moves.data() + size; }
  const ChessMove& operator[](int i) const { return moves[i]; }
};

}  // namespace inchzero::chess
