#include "core/games/chess/fen.h"

#include <cstdlib>
#include <sstream>
#include <vector>

#include "core/game.h"
#include "core/words.h"

namespace inchzero::chess {
namespace {

[[noreturn]] void fail(const std::string& why) { throw GameError("bad position: " + why); }

int parse_count(const std::string& text, const char* what, int min, int max) {
  if (text.empty() || text.size() > 6 || text.find_first_not_of("0123456789") != std::string::npos)
    fail(std::string(what) + " '" + text + "' is not a number");
  const int v = std::stoi(text);
  if (v < min || v > max)
    fail(std::string(what) + " must be from " + std::to_string(min) + " to " + std::to_string(max));
  return v;
}

Square parse_square_field(const std::string& text, const char* what) {
  Square s = text.size() == 2 ? parse_square(text) : kNoSquare;
  if (s == kNoSquare) fail(std::string(what) + ": '" + text + "' is not a square");
  return s;
}

// One square of the board field before stretches are known.
struct SquareContent {
  Piece piece = kNoPiece;
  bool half = false;
};

std::array<SquareContent, 64> parse_board(const std::string& field, const Variant& variant) {
  std::array<SquareContent, 64> squares{};
  const std::vector<std::string> ranks = split_at(field, '/');
  if (ranks.size() != 8)
    fail("the board needs 8 ranks separated by '/', got " + std::to_string(ranks.size()));
  for (int i = 0; i < 8; ++i) {
    const int rank = 7 - i;
    int file = 0;
    const std::string& row = ranks[i];
    for (size_t j = 0; j < row.size(); ++j) {
      const char c = row[j];
      if (c >= '1' && c <= '8') {
        file += c - '0';
        continue;
      }
      const std::string letters = "pnbrqk";
      const size_t kind = letters.find(static_cast<char>(c | 0x20));
      if (kind == std::string::npos)
        fail(std::string("unknown piece letter '") + c + "' in rank " + std::to_string(rank + 1));
      if (file >= 8) fail("rank " + std::to_string(rank + 1) + " has more than 8 squares");
      SquareContent& sq = squares[make_square(file, rank)];
      const Color color = (c >= 'A' && c <= 'Z') ? kWhite : kBlack;
      sq.piece = make_piece(color, static_cast<Kind>(kind));
      if (j + 1 < row.size() && row[j + 1] == '*') {
        ++j;
        if (!variant.long_worm) fail("half pieces ('*') exist only in Long Worm Chess");
        if (!can_be_halved(static_cast<Kind>(kind)))
          fail(std::string("there is no half ") + (kind == kPawn ? "pawn" : "king") +
               " (a pawn dies whole, a half king ends the game)");
        sq.piece = make_piece(color, half_of(static_cast<Kind>(kind)));
        sq.half = true;
      }
      ++file;
    }
    if (file != 8)
      fail("rank " + std::to_string(rank + 1) + " has " + std::to_string(file) + " squares, not 8");
  }
  return squares;
}

// Could a whole piece of this kind and colour stretch from `origin` to
// `target` on some board? (FIDE move geometry, castling included.)
bool plausible_stretch(Color c, Kind k, Square origin, Square target) {
  const int df = file_of(target) - file_of(origin), dr = rank_of(target) - rank_of(origin);
  const int forward = c == kWhite ? 1 : -1;
  switch (k) {
    case kPawn: {
      const int start = c == kWhite ? 1 : 6;
      if (rank_of(origin) == 0 || rank_of(origin) == 7) return false;
      if (df == 0 && dr == forward) return true;
      if (df == 0 && dr == 2 * forward) return rank_of(origin) == start;
      return std::abs(df) == 1 && dr == forward;
    }
    case kKing:
      if (dr == 0 && std::abs(df) == 2) return origin == make_square(4, c == kWhite ? 0 : 7);
      return (kAttacks.king[origin] >> target) & 1;
    default:
      return (piece_attacks(c, k, origin, 0) >> target) & 1;
  }
}

void place_pieces(Position& pos, const std::array<SquareContent, 64>& squares,
                  const std::string& stretch_field, const Variant& variant) {
  std::array<bool, 64> in_stretch{};
  if (stretch_field != "-") {
    if (!variant.inchworm) fail("stretched pieces exist only with inchworm: true");
    for (const std::string& pair : split_at(stretch_field, ',')) {
      const Square origin = pair.size() == 4 ? parse_square(pair, 0) : kNoSquare;
      const Square target = pair.size() == 4 ? parse_square(pair, 2) : kNoSquare;
      if (origin == kNoSquare || target == kNoSquare || origin == target)
        fail("stretch '" + pair + "' is not two different squares like e2e4");
      if (in_stretch[origin] || in_stretch[target])
        fail("square of stretch '" + pair + "' is already part of another stretch");
      const SquareContent& a = squares[origin];
      const SquareContent& b = squares[target];
      if (a.piece == kNoPiece || a.piece != b.piece || a.half)
        fail("stretch '" + pair + "' needs the same whole piece letter on both squares");
      const Color c = piece_color(a.piece);
      const Kind k = piece_kind(a.piece);
      if (!plausible_stretch(c, k, origin, target))
        fail("stretch '" + pair + "' is not a move of that piece");
      in_stretch[origin] = in_stretch[target] = true;
      pos.put_stretched(origin, target, a.piece);
    }
  }
  for (Square s = 0; s < 64; ++s) {
    if (squares[s].piece == kNoPiece || in_stretch[s]) continue;
    const Piece p = squares[s].piece;
    if (piece_kind(p) == kPawn && (rank_of(s) == 0 || rank_of(s) == 7))
      fail("a consolidated pawn on " + square_name(s) + " (first or last rank)");
    pos.put_consolidated(s, p);
    // A pawn on its start square may move two squares unless the 8th field says otherwise.
    if (piece_kind(p) == kPawn && rank_of(s) == (piece_color(p) == kWhite ? 1 : 6))
      pos.set_double_step(s, true);
  }
  for (Color c : {kWhite, kBlack}) {
    // A stretched king counts once (by its origin half).
    const int kings = popcount(pos.king_squares(c) & ~(pos.stretched & ~pos.origins));
    if (kings != 1)
      fail(std::string(c == kWhite ? "White" : "Black") + " needs exactly one king, has " +
           std::to_string(kings));
  }
}

void parse_castling(Position& pos, const std::string& field) {
  uint8_t rights = 0;
  if (field != "-") {
    for (char c : field) {
      const std::string letters = "KQkq";
      const size_t i = letters.find(c);
      if (i == std::string::npos) fail(std::string("castling field: unknown letter '") + c + "'");
      if (rights & (1 << i)) fail(std::string("castling field: '") + c + "' given twice");
      rights |= static_cast<uint8_t>(1 << i);
    }
  }
  for (Color color : {kWhite, kBlack}) {
    for (bool king_side : {true, false}) {
      if (!(rights & castling_right(color, king_side))) continue;
      const Square king = make_square(4, color == kWhite ? 0 : 7);
      const Square rook = king_side ? king + 3 : king - 4;
      const Square castled = king_side ? king + 2 : king - 2;
      const std::string name = std::string(1, "KQkq"[2 * color + (king_side ? 0 : 1)]);
      if (!(pos.pieces(color, kRook) & bit(rook)))
        fail("castling right " + name + " needs a consolidated rook on " + square_name(rook));
      // Either the king is at home, or it is stretched toward this very side
      // (a castling in progress keeps its right until the king consolidates).
      const bool at_home = pos.pieces(color, kKing) & bit(king);
      const bool castling_now = pos.is_stretched(king) && (pos.origins & bit(king)) &&
                                pos.board[king] == make_piece(color, kKing) &&
                                pos.partner[king] == castled;
      if (!at_home && !castling_now)
        fail("castling right " + name + " needs the king on " + square_name(king) +
             " (or stretched from there to " + square_name(castled) + ")");
    }
  }
  pos.set_castling(rights);
}

void parse_en_passant(Position& pos, const std::string& field) {
  if (field == "-") return;
  const Square ep = parse_square_field(field, "en passant field");
  const Color us = pos.side, them = ~us;
  const int up = them == kWhite ? 8 : -8;  // direction the opposing pawn moved
  if (rank_of(ep) != (us == kWhite ? 5 : 2))
    fail("en passant square " + field + " is not on rank " + (us == kWhite ? "6" : "3"));
  if (pos.board[ep] != kNoPiece || pos.board[ep - up] != kNoPiece ||
      !(pos.pieces(them, kPawn) & bit(ep + up)))
    fail("en passant square " + field + " does not follow a two-square pawn move");
  // Keep it only if a pawn can capture there (so equal positions hash equally).
  if (kAttacks.pawn[them][ep] & pos.pieces(us, kPawn)) pos.set_en_passant(ep);
}

void parse_moved_pawns(Position& pos, const std::string& field) {
  if (field == "-") return;
  for (const std::string& name : split_at(field, ',')) {
    const Square s = parse_square_field(name, "moved-pawns field");
    if (!(pos.double_step & bit(s)))
      fail("moved-pawns field: " + name + " does not hold a consolidated pawn on its start square");
    pos.set_double_step(s, false);
  }
}

}  // namespace

Position parse_fen(const std::string& fen, const Variant& variant) {
  std::istringstream in(fen);
  std::vector<std::string> fields;
  for (std::string f; in >> f;) fields.push_back(f);
  if (fields.size() < 4 || fields.size() > 8 || fields.size() == 5)
    fail(
        "expected 4, 6, 7 or 8 fields (board side castling en-passant [halfmove fullmove "
        "[stretches [moved-pawns]]]), got " +
        std::to_string(fields.size()));
  if (!variant.inchworm && fields.size() > 6)
    fail("fields 7-8 (stretches, moved pawns) exist only with inchworm: true");
  Position pos;
  place_pieces(pos, parse_board(fields[0], variant), fields.size() > 6 ? fields[6] : "-", variant);
  if (fields[1] != "w" && fields[1] != "b")
    fail("side to move must be 'w' or 'b', got '" + fields[1] + "'");
  pos.set_side(fields[1] == "w" ? kWhite : kBlack);
  parse_castling(pos, fields[2]);
  parse_en_passant(pos, fields[3]);
  if (fields.size() >= 6) {
    pos.halfmove_clock = static_cast<uint16_t>(parse_count(fields[4], "halfmove clock", 0, 10000));
    pos.fullmove = static_cast<uint16_t>(parse_count(fields[5], "fullmove number", 1, 30000));
  }
  if (fields.size() == 8) parse_moved_pawns(pos, fields[7]);
  if (pos.in_check(~pos.side)) fail("the side not to move is in check");
  return pos;
}

std::string to_fen(const Position& pos, const Variant& variant) {
  std::string out;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const Piece p = pos.board[make_square(file, rank)];
      if (p == kNoPiece) {
        ++empty;
        continue;
      }
      if (empty) out += static_cast<char>('0' + empty);
      empty = 0;
      out += piece_letter(piece_color(p), piece_kind(p));
      if (is_half(piece_kind(p))) out += '*';
    }
    if (empty) out += static_cast<char>('0' + empty);
    if (rank) out += '/';
  }
  out += pos.side == kWhite ? " w " : " b ";
  std::string castling;
  for (int i = 0; i < 4; ++i)
    if (pos.castling & (1 << i)) castling += "KQkq"[i];
  out += castling.empty() ? "-" : castling;
  out += " " + (pos.ep_square == kNoSquare ? std::string("-") : square_name(pos.ep_square));
  out += " " + std::to_string(pos.halfmove_clock) + " " + std::to_string(pos.fullmove);
  if (!variant.inchworm) return out;
  std::string stretches, moved;
  for (Bitboard o = pos.origins; o;) {
    const Square s = pop_lsb(o);
    stretches += (stretches.empty() ? "" : ",") + square_name(s) + square_name(pos.partner[s]);
  }
  for (Color c : {kWhite, kBlack}) {
    Bitboard lost = pos.pieces(c, kPawn) & rank_bb(c == kWhite ? 1 : 6) & ~pos.double_step;
    while (lost) moved += (moved.empty() ? "" : ",") + square_name(pop_lsb(lost));
  }
  if (stretches.empty() && moved.empty()) return out;
  return out + " " + (stretches.empty() ? "-" : stretches) + " " + (moved.empty() ? "-" : moved);
}

}  // namespace inchzero::chess
