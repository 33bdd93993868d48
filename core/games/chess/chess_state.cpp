#include "core/games/chess/chess_state.h"

#include <array>

#include "core/games/chess/actions.h"
#include "core/games/chess/fast_perft.h"
#include "core/games/chess/fen.h"
#include "core/games/chess/movegen.h"
#include "core/games/chess/notation.h"
#include "core/perft.h"
#include "core/seed.h"

namespace inchzero::chess {

ChessState::ChessState(std::shared_ptr<const ChessGame> game, const Position& pos, int ply)
    : game_(std::move(game)), pos_(pos), ply_(ply) {
  settle();
}

void ChessState::settle() {
  MoveList list;
  generate_legal(pos_, game_->variant(), list);
  legal_.assign(list.begin(), list.end());
  end_ = EndReason::kNone;
  winner_ = kNoPlayer;
  // Checkmate and stalemate first: a mate given on the last ply before the
  // move rule or the cap still wins (as in FIDE chess).
  if (legal_.empty()) {
    const bool mated = pos_.in_check(pos_.side);
    end_ = mated ? EndReason::kCheckmate : EndReason::kStalemate;
    if (mated) winner_ = ~pos_.side;
    return;
  }
  const ChessRules& r = game_->rules();
  if (r.move_rule_plies > 0 && pos_.halfmove_clock >= r.move_rule_plies)
    end_ = EndReason::kMoveRule;
  else if (r.repetition > 0 && occurrences() >= r.repetition)
    end_ = EndReason::kRepetition;
  else if (r.max_plies > 0 && ply_ >= r.max_plies)
    end_ = EndReason::kCap;
  if (end_ != EndReason::kNone) legal_.clear();
}

double ChessState::points(int player) const {
  // Half-pawn units, so that half pieces stay integers: P N B R Q K, then
  // the half knight, bishop, rook and queen.
  static constexpr std::array<int, kNumKinds> kHalfPawns = {2, 6, 6, 10, 18, 0, 3, 3, 5, 9};
  // Every square of the colour except the target halves of stretched pieces.
  Bitboard pieces = pos_.by_color[player] & ~(pos_.stretched & ~pos_.origins);
  int half_pawns = 0;
  while (pieces) half_pawns += kHalfPawns[piece_kind(pos_.board[pop_lsb(pieces)])];
  return half_pawns / 2.0;
}

int ChessState::occurrences() const { return chess::occurrences(pos_, history_); }

void ChessState::play(const ChessMove& move) {
  history_.push_back(pos_.key);
  pos_.apply(move, game_->variant());
  // Positions before a capture or pawn advance can never recur: keep clones cheap.
  if (pos_.halfmove_clock == 0) history_.clear();
  ++ply_;
  pending_from_ = pending_to_ = pending_onto_ = kNoSquare;
  settle();
}

void ChessState::legal_actions_into(std::vector<Action>& out) const {
  using namespace actions;
  std::array<bool, kNumActions> offered{};
  for (const ChessMove& m : legal_) {
    const bool consolidation = m.type == MoveType::kConsolidate;
    if (pending_onto_ != kNoSquare) {
      if (consolidation && m.to == pending_onto_) offered[promote(m.promotion)] = true;
    } else if (pending_to_ != kNoSquare) {
      if (!consolidation && m.from == pending_from_ && m.to == pending_to_)
        offered[promote(m.promotion)] = true;
    } else if (pending_from_ != kNoSquare) {
      if (!consolidation && m.from == pending_from_) offered[kTo + m.to] = true;
    } else {
      offered[consolidation ? kOnto + m.to : kFrom + m.from] = true;
    }
  }
  out.clear();
  for (Action a = 0; a < kNumActions; ++a)
    if (offered[a]) out.push_back(a);
}

void ChessState::apply_action(Action a) {
  using namespace actions;
  const Square s = square(a);
  switch (kind(a)) {
    case ActionKind::kPickFrom:
      pending_from_ = s;
      return;
    case ActionKind::kPickTo:
      for (const ChessMove& m : legal_) {
        if (m.type == MoveType::kConsolidate || m.from != pending_from_ || m.to != s) continue;
        if (m.promotion != kNoPromotion) {
          pending_to_ = s;
        } else {
          play(m);
        }
        return;
      }
      break;
    case ActionKind::kPickOnto:
      for (const ChessMove& m : legal_) {
        if (m.type != MoveType::kConsolidate || m.to != s) continue;
        if (m.promotion != kNoPromotion) {
          pending_onto_ = s;
        } else {
          play(m);
        }
        return;
      }
      break;
    case ActionKind::kPickPromotion: {
      const uint8_t k = promotion_kind(a);
      for (const ChessMove& m : legal_) {
        const bool match = pending_onto_ != kNoSquare
                               ? m.type == MoveType::kConsolidate && m.to == pending_onto_
                               : m.type != MoveType::kConsolidate && m.from == pending_from_ &&
                                     m.to == pending_to_;
        if (match && m.promotion == k) {
          play(m);
          return;
        }
      }
      break;
    }
  }
  throw GameError("illegal action '" + game_->action_to_string(a) + "' here");
}

Move ChessState::to_actions(const ChessMove& m) const {
  using namespace actions;
  Move out;
  if (m.type == MoveType::kConsolidate) {
    out.push_back(kOnto + m.to);
  } else {
    out.push_back(kFrom + m.from);
    out.push_back(kTo + m.to);
  }
  if (m.promotion != kNoPromotion) out.push_back(promote(m.promotion));
  return out;
}

ChessMove ChessState::from_actions(const Move& move) const {
  for (const ChessMove& m : legal_)
    if (to_actions(m) == move) return m;
  std::string text;
  for (Action a : move) text += (text.empty() ? "" : ", ") + game_->action_to_string(a);
  throw GameError("not a legal move here: [" + text + "]");
}

std::vector<Move> ChessState::legal_moves() const {
  std::vector<Move> out;
  out.reserve(legal_.size());
  for (const ChessMove& m : legal_) out.push_back(to_actions(m));
  return out;
}

std::string ChessState::move_to_string(const Move& move) const {
  return move_to_text(pos_, from_actions(move));
}

Move ChessState::parse_move(const std::string& text) const {
  if (is_terminal())
    throw GameError(std::string("the game is over (") + to_string(end_reason()) + ")");
  if (in_compound_move()) throw GameError("a move is already in progress");
  return to_actions(parse_move_text(pos_, game_->variant(), text));
}

uint64_t ChessState::hash() const {
  // Besides the position: what decides how the game may go on (the ply for
  // the cap, the clock for the move rule, the repetition count) and the move
  // in progress.
  auto field = [](uint64_t tag, uint64_t value) { return splitmix64((tag << 40) | value); };
  uint64_t h = pos_.key;
  h ^= field(1, static_cast<uint64_t>(ply_));
  h ^= field(2, pos_.halfmove_clock);
  h ^= field(3, static_cast<uint64_t>(occurrences()));
  h ^= field(4, static_cast<uint64_t>(pending_from_));
  h ^= field(5, static_cast<uint64_t>(pending_to_));
  h ^= field(6, static_cast<uint64_t>(pending_onto_));
  return h;
}

std::string ChessState::to_position() const { return to_fen(pos_, game_->variant()); }

uint64_t ChessState::perft(int depth) const {
  return in_compound_move() ? generic_perft(*this, depth) : fast_perft(depth);
}

uint64_t ChessState::fast_perft(int depth) const {
  std::vector<uint64_t> history = history_;
  return chess::fast_perft(pos_, depth, game_->rules(), history, ply_);
}

}  // namespace inchzero::chess
