// The readable board and the JSON view of a chess state.
#include <nlohmann/json.hpp>

#include "core/games/chess/chess_state.h"
#include "core/games/chess/fen.h"

namespace inchzero::chess {
namespace {

// Three characters per square: " P " consolidated, "(P)" a stretched half,
// " P*" a half piece (Long Worm), " . " empty.
std::string cell_text(const Position& pos, Square s) {
  const Piece p = pos.board[s];
  if (p == kNoPiece) return " . ";
  const char letter = piece_letter(piece_color(p), piece_kind(p));
  if (pos.is_stretched(s)) return std::string("(") + letter + ")";
  if (is_half(piece_kind(p))) return std::string(" ") + letter + "*";
  return std::string(" ") + letter + " ";
}

std::string castling_text(uint8_t rights) {
  std::string out;
  for (int i = 0; i < 4; ++i)
    if (rights & (1 << i)) out += "KQkq"[i];
  return out.empty() ? "-" : out;
}

}  // namespace

std::string ChessState::to_text() const {
  std::string out;
  for (int rank = 7; rank >= 0; --rank) {
    out += std::to_string(rank + 1) + " ";
    for (int file = 0; file < 8; ++file) out += cell_text(pos_, make_square(file, rank));
    out += "\n";
  }
  out += "   a  b  c  d  e  f  g  h\n";
  out += std::string(pos_.side == kWhite ? "White" : "Black") + " to move";
  if (in_check()) out += ", in check";
  out += "; castling " + castling_text(pos_.castling) + ", en passant " +
         (pos_.ep_square == kNoSquare ? std::string("-") : square_name(pos_.ep_square)) +
         ", clock " + std::to_string(pos_.halfmove_clock) + ", ply " + std::to_string(ply_) +
         ", rules " + game_->options().label() + "\n";
  if (pos_.stretched) {
    out += "stretched:";
    for (Bitboard o = pos_.origins; o;) {
      const Square s = pop_lsb(o);
      out += " " + square_name(s) + square_name(pos_.partner[s]);
    }
    out += "\n";
  }
  if (in_compound_move()) {
    out += "move in progress:";
    if (pending_from_ != kNoSquare) out += " from " + square_name(pending_from_);
    if (pending_to_ != kNoSquare) out += " to " + square_name(pending_to_) + ", promotion?";
    if (pending_onto_ != kNoSquare) out += " onto " + square_name(pending_onto_) + ", promotion?";
    out += "\n";
  }
  if (is_terminal()) {
    out += std::string("game over: ") + to_string(end_reason());
    out += winner_ == kNoPlayer ? ", draw" : winner_ == kWhite ? ", White wins" : ", Black wins";
    out += "\n";
  }
  return out;
}

nlohmann::json ChessState::to_json() const {
  nlohmann::json j;
  j["game"] = game_->name();
  j["rules"] = game_->options().label();
  j["width"] = 8;  // as every game's JSON says, for programs that draw the board
  j["height"] = 8;
  j["to_move"] = static_cast<int>(pos_.side);
  // Occupied squares only (both squares of a stretched piece). `cells`, the
  // common field: "e1": [owner, "K"] (0 White, 1 Black; the upper-case letter,
  // "R*" for a half piece). `pieces`: the same as FEN letters, "e8": "k".
  nlohmann::json cells = nlohmann::json::object();
  nlohmann::json pieces = nlohmann::json::object();
  for (Bitboard b = pos_.occupied(); b;) {
    const Square s = pop_lsb(b);
    const Piece p = pos_.board[s];
    const std::string half = is_half(piece_kind(p)) ? "*" : "";
    cells[square_name(s)] = {static_cast<int>(piece_color(p)),
                             std::string(1, piece_letter(kWhite, piece_kind(p))) + half};
    pieces[square_name(s)] = std::string(1, piece_letter(piece_color(p), piece_kind(p))) + half;
  }
  j["cells"] = cells;
  j["pieces"] = pieces;
  nlohmann::json stretched = nlohmann::json::array();
  for (Bitboard o = pos_.origins; o;) {
    const Square s = pop_lsb(o);
    const Piece p = pos_.board[s];
    stretched.push_back({{"piece", std::string(1, piece_letter(piece_color(p), piece_kind(p)))},
                         {"origin", square_name(s)},
                         {"target", square_name(pos_.partner[s])}});
  }
  j["stretched"] = stretched;
  j["castling"] = castling_text(pos_.castling);
  j["en_passant"] = pos_.ep_square == kNoSquare ? nlohmann::json(nullptr)
                                                : nlohmann::json(square_name(pos_.ep_square));
  j["halfmove_clock"] = pos_.halfmove_clock;
  j["in_check"] = in_check();
  j["terminal"] = is_terminal();
  j["winner"] = winner_ == kNoPlayer ? nlohmann::json(nullptr) : nlohmann::json(winner_);
  j["end_reason"] =
      is_terminal() ? nlohmann::json(to_string(end_reason())) : nlohmann::json(nullptr);
  j["ply"] = ply_;
  j["in_compound_move"] = in_compound_move();
  if (!in_compound_move()) j["position"] = to_position();
  return j;
}

}  // namespace inchzero::chess
