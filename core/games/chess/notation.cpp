#include "core/games/chess/notation.h"

#include "core/game.h"
#include "core/games/chess/movegen.h"

namespace inchzero::chess {
namespace {

constexpr const char* kSyntax =
    "expected a move like e2e4 or e7e8q, or a consolidation like e2e4>e4, e7e8>e8q or >e4";

const char* kind_name(Kind k) {
  constexpr const char* kNames[kNumKinds] = {"pawn",      "knight",    "bishop",      "rook",
                                             "queen",     "king",      "half knight", "half bishop",
                                             "half rook", "half queen"};
  return kNames[k];
}

std::string describe(Piece p) {
  return std::string(piece_color(p) == kWhite ? "white " : "black ") + kind_name(piece_kind(p));
}

char promotion_letter(uint8_t kind) { return "pnbrqk"[kind]; }

// The syntax of a move text, before looking at the position.
struct MoveText {
  bool consolidation = false;
  Square origin = kNoSquare, target = kNoSquare;  // stretch squares (kNoSquare in the short form)
  Square from = kNoSquare, to = kNoSquare;        // a direct move or stretch
  Square onto = kNoSquare;                        // a consolidation's destination
  uint8_t promotion = kNoPromotion;
};

// Parse an optional promotion letter at text[pos]; the text must end there.
bool parse_tail(const std::string& text, size_t pos, uint8_t& promotion) {
  if (pos == text.size()) return true;
  if (pos + 1 != text.size()) return false;
  const std::string letters = "nbrq";
  const size_t i = letters.find(text[pos]);
  if (i == std::string::npos) return false;
  promotion = static_cast<uint8_t>(kKnight + i);
  return true;
}

MoveText parse_syntax(const std::string& text) {
  MoveText t;
  bool ok = false;
  const size_t arrow = text.find('>');
  if (arrow == 0) {
    t.consolidation = true;
    t.onto = parse_square(text, 1);
    ok = t.onto != kNoSquare && parse_tail(text, 3, t.promotion);
  } else if (arrow == 4) {
    t.consolidation = true;
    t.origin = parse_square(text, 0);
    t.target = parse_square(text, 2);
    t.onto = parse_square(text, 5);
    ok = t.origin != kNoSquare && t.target != kNoSquare && t.onto != kNoSquare &&
         parse_tail(text, 7, t.promotion);
  } else if (arrow == std::string::npos) {
    t.from = parse_square(text, 0);
    t.to = parse_square(text, 2);
    ok = t.from != kNoSquare && t.to != kNoSquare && parse_tail(text, 4, t.promotion);
  }
  if (!ok) throw GameError("malformed move '" + text + "': " + kSyntax);
  return t;
}

// The one move of `candidates` that matches, or a GameError explaining the
// mismatch of promotion letters / legality.
ChessMove pick(const Position& pos, const Variant& variant, const std::string& text,
               const MoveList& candidates, uint8_t promotion) {
  bool any_promotion = false, any_plain = false;
  for (const ChessMove& m : candidates)
    (m.promotion == kNoPromotion ? any_plain : any_promotion) = true;
  if (any_promotion && promotion == kNoPromotion)
    throw GameError("'" + text + "': a pawn reaching the last rank must promote: add q, r, b or n");
  if (any_plain && promotion != kNoPromotion)
    throw GameError("'" + text + "': no promotion on this move" +
                    std::string(variant.inchworm ? " (in Inchworm Chess a pawn promotes when it "
                                                   "consolidates on the last rank, e.g. e7e8>e8q)"
                                                 : ""));
  for (const ChessMove& m : candidates) {
    if (m.promotion != promotion) continue;
    if (!is_legal(pos, m, variant))
      throw GameError("'" + text + "' would leave your king in check");
    return m;
  }
  throw GameError("'" + text + "' is not a legal move");
}

}  // namespace

std::string move_to_text(const Position& pos, const ChessMove& m) {
  std::string out;
  if (m.type == MoveType::kConsolidate) {
    const bool onto_origin = (pos.origins >> m.to) & 1;
    const Square origin = onto_origin ? m.to : m.from, target = onto_origin ? m.from : m.to;
    out = square_name(origin) + square_name(target) + ">" + square_name(m.to);
  } else {
    out = square_name(m.from) + square_name(m.to);
  }
  if (m.promotion != kNoPromotion) out += promotion_letter(m.promotion);
  return out;
}

ChessMove parse_move_text(const Position& pos, const Variant& variant, const std::string& text) {
  const MoveText t = parse_syntax(text);
  const Color us = pos.side;
  MoveList pseudo, candidates;
  generate_pseudo_legal(pos, variant, pseudo);
  if (t.consolidation) {
    if (!variant.inchworm)
      throw GameError("'" + text +
                      "': consolidations exist only in Inchworm Chess (inchworm: true)");
    const Piece p = pos.board[t.onto];
    if (p == kNoPiece || piece_color(p) != us || !pos.is_stretched(t.onto))
      throw GameError("'" + text + "': no stretched piece of yours stands on " +
                      square_name(t.onto));
    if (t.origin != kNoSquare) {
      const bool matches = (pos.origins & bit(t.origin)) && pos.partner[t.origin] == t.target &&
                           pos.board[t.origin] == p;
      if (!matches)
        throw GameError("'" + text + "': there is no stretch " + square_name(t.origin) +
                        square_name(t.target) + " of yours");
    }
    for (const ChessMove& m : pseudo)
      if (m.type == MoveType::kConsolidate && m.to == t.onto)
        candidates.moves[candidates.size++] = m;
    if (candidates.size == 0)
      throw GameError("'" + text + "': the castling king cannot consolidate on " +
                      square_name(t.onto) +
                      " (the right is spent or the rook cannot move); it can consolidate back");
    return pick(pos, variant, text, candidates, t.promotion);
  }
  const Piece p = pos.board[t.from];
  if (p == kNoPiece || piece_color(p) != us)
    throw GameError("'" + text + "': no piece of yours on " + square_name(t.from));
  if (pos.is_stretched(t.from)) {
    const Square other = pos.partner[t.from];
    const bool from_is_origin = (pos.origins >> t.from) & 1;
    const std::string stretch = from_is_origin ? square_name(t.from) + square_name(other)
                                               : square_name(other) + square_name(t.from);
    throw GameError("'" + text + "': the " + describe(p) + " is stretched (" + stretch +
                    ") and can only consolidate: " + stretch + ">" + stretch.substr(0, 2) + " or " +
                    stretch + ">" + stretch.substr(2));
  }
  for (const ChessMove& m : pseudo)
    if (m.type != MoveType::kConsolidate && m.from == t.from && m.to == t.to)
      candidates.moves[candidates.size++] = m;
  if (candidates.size == 0)
    throw GameError("'" + text + "': the " + describe(p) + " on " + square_name(t.from) +
                    " cannot move to " + square_name(t.to));
  return pick(pos, variant, text, candidates, t.promotion);
}

}  // namespace inchzero::chess
