#include "model/encoders/chess_encoder.h"

#include <algorithm>

#include "core/games/chess/chess_state.h"

namespace inchzero {
namespace {

using chess::Bitboard;
using chess::ChessGame;
using chess::ChessState;
using chess::Position;

// Plane numbers (see the header).
constexpr int kOurPieces = 0, kTheirPieces = 6;
constexpr int kOurOrigins = 12, kOurTargets = 18, kTheirOrigins = 24, kTheirTargets = 30;
constexpr int kOurHalves = 36, kTheirHalves = 40;
constexpr int kOurDoubleStep = 44, kTheirDoubleStep = 45, kEnPassant = 46, kCastling = 47;
constexpr int kWeAreWhite = 51, kMoveClock = 52, kRepeated = 53, kPlyProgress = 54;
constexpr int kPendingFrom = 55, kPendingPromotion = 56, kOnes = 57;
constexpr int kPlanes = 58;
constexpr int kSquares = 64;

class ChessEncoder : public Encoder {
 public:
  explicit ChessEncoder(const ChessGame& game) : game_(game) {}

  ObservationShape shape() const override { return {kPlanes, 8, 8}; }

  int version() const override { return 1; }

  std::vector<std::string> plane_names() const override {
    static const char* const kKinds[] = {"pawn", "knight", "bishop", "rook", "queen", "king"};
    static const char* const kHalfKinds[] = {"knight", "bishop", "rook", "queen"};
    std::vector<std::string> names;
    for (const char* side : {"our", "their"})
      for (const char* kind : kKinds) names.push_back(std::string(side) + "_" + kind + "s");
    for (const char* side : {"our", "their"})
      for (const char* half : {"origins", "targets"})
        for (const char* kind : kKinds)
          names.push_back(std::string(side) + "_stretched_" + kind + "_" + half);
    for (const char* side : {"our", "their"})
      for (const char* kind : kHalfKinds)
        names.push_back(std::string(side) + "_half_" + kind + "s");
    for (const char* name :
         {"our_double_step_pawns", "their_double_step_pawns", "en_passant", "our_castle_king_side",
          "our_castle_queen_side", "their_castle_king_side", "their_castle_queen_side",
          "we_are_white", "move_rule_clock", "repeated", "ply", "move_from", "promotion_square",
          "board"})
      names.push_back(name);
    return names;
  }

  void encode(const State& state, int sym, float* out) const override {
    (void)sym;  // identity only
    const auto& s = static_cast<const ChessState&>(state);
    const Position& pos = s.position();
    const chess::Color us = pos.side, them = ~us;
    std::fill(out, out + kPlanes * kSquares, 0.0f);
    auto plane = [out](int p) { return out + p * kSquares; };
    auto mark = [&](int p, Bitboard b) {
      for (; b; b &= b - 1) plane(p)[chess::lsb(b)] = 1.0f;
    };
    auto fill = [&](int p, float v) { std::fill(plane(p), plane(p) + kSquares, v); };
    // 1. Pieces: consolidated, stretched halves, half pieces.
    for (int k = 0; k < chess::kNumFullKinds; ++k) {
      const auto kind = static_cast<chess::Kind>(k);
      mark(kOurPieces + k, pos.pieces(us, kind));
      mark(kTheirPieces + k, pos.pieces(them, kind));
    }
    for (int k = 0; k < 4; ++k) {
      const auto kind = static_cast<chess::Kind>(chess::kHalfKnight + k);
      mark(kOurHalves + k, pos.pieces(us, kind));
      mark(kTheirHalves + k, pos.pieces(them, kind));
    }
    for (Bitboard o = pos.origins; o; o &= o - 1) {
      const chess::Square origin = chess::lsb(o), target = pos.partner[origin];
      const chess::Piece p = pos.board[origin];
      const bool ours = chess::piece_color(p) == us;
      const int k = chess::piece_kind(p);
      plane((ours ? kOurOrigins : kTheirOrigins) + k)[origin] = 1.0f;
      plane((ours ? kOurTargets : kTheirTargets) + k)[target] = 1.0f;
    }
    // 2. Rights and counters.
    mark(kOurDoubleStep, pos.double_step & pos.by_color[us]);
    mark(kTheirDoubleStep, pos.double_step & pos.by_color[them]);
    if (pos.ep_square != chess::kNoSquare) plane(kEnPassant)[pos.ep_square] = 1.0f;
    const uint8_t rights[4] = {chess::castling_right(us, true), chess::castling_right(us, false),
                               chess::castling_right(them, true),
                               chess::castling_right(them, false)};
    for (int i = 0; i < 4; ++i)
      if (pos.castling & rights[i]) fill(kCastling + i, 1.0f);
    if (us == chess::kWhite) fill(kWeAreWhite, 1.0f);
    const chess::ChessRules& rules = game_.rules();
    if (rules.move_rule_plies > 0)
      fill(kMoveClock, std::min(1.0f, float(pos.halfmove_clock) / float(rules.move_rule_plies)));
    if (s.occurrences() > 1) fill(kRepeated, 1.0f);
    if (rules.max_plies > 0)
      fill(kPlyProgress, std::min(1.0f, float(s.ply()) / float(rules.max_plies)));
    // 3. The move in progress.
    if (s.pending_from() != chess::kNoSquare) plane(kPendingFrom)[s.pending_from()] = 1.0f;
    if (s.pending_to() != chess::kNoSquare) plane(kPendingPromotion)[s.pending_to()] = 1.0f;
    if (s.pending_onto() != chess::kNoSquare) plane(kPendingPromotion)[s.pending_onto()] = 1.0f;
    fill(kOnes, 1.0f);
  }

 private:
  const ChessGame& game_;
};

}  // namespace

std::unique_ptr<Encoder> make_chess_encoder(const Game& game) {
  const auto* chess_game = dynamic_cast<const ChessGame*>(&game);
  if (!chess_game) throw GameError("the chess encoder needs a chess game, not " + game.name());
  return std::make_unique<ChessEncoder>(*chess_game);
}

}  // namespace inchzero
