#include "core/records/pgn.h"

#include <map>
#include <sstream>

#include "core/games/chess/chess_game.h"
#include "core/games/chess/chess_state.h"
#include "core/games/chess/san.h"

namespace inchzero {
namespace {

// A tag value with '\' and '"' escaped (PGN standard 8.1.1).
std::string quoted(const std::string& value) {
  std::string out = "\"";
  for (char c : value) {
    if (c == '\\' || c == '"') out += '\\';
    out += c;
  }
  return out + "\"";
}

// The PGN standard's Termination values for inchzero's end reasons.
std::string termination(EndReason end_reason) {
  if (end_reason == EndReason::kNone) return "unterminated";
  if (end_reason == EndReason::kCap || end_reason == EndReason::kDecisionLimit)
    return "adjudication";
  return "normal";  // checkmate, stalemate, repetition, move_rule, resign
}

// Movetext wrapped into lines of at most 79 characters, never inside a piece.
class Movetext {
 public:
  void add(const std::string& token) {
    if (!line_.empty() && line_.size() + 1 + token.size() > 79) {
      out_ += line_ + "\n";
      line_.clear();
    }
    line_ += (line_.empty() ? "" : " ") + token;
  }
  std::string finish() { return out_ + line_ + "\n"; }

 private:
  std::string out_, line_;
};

}  // namespace

bool pgn_supports(const Game& game) {
  return dynamic_cast<const chess::ChessGame*>(&game) != nullptr;
}

std::string write_pgn(const PlayedGame& g) {
  const auto* chess_game = dynamic_cast<const chess::ChessGame*>(g.game.get());
  if (!chess_game)
    throw GameError("PGN holds only the chess games (inchworm-chess, longworm-chess), not '" +
                    g.game->name() + "': write it as a text record (--format text)");
  const chess::Variant variant = chess_game->variant();
  const bool fide = !variant.inchworm;

  // 1. The moves, in SAN for FIDE chess, with their move numbers.
  Movetext movetext;
  std::unique_ptr<State> final_state = replay(g, [&](size_t i, const State& state) {
    const auto& cs = static_cast<const chess::ChessState&>(state);
    const chess::Position& pos = cs.position();
    std::string token = fide ? chess::move_to_san(pos, cs.from_actions(g.moves[i]))
                             : state.move_to_string(g.moves[i]);
    // A move number stays on the line of its move.
    if (pos.side == chess::kWhite)
      token = std::to_string(pos.fullmove) + ". " + token;
    else if (i == 0)
      token = std::to_string(pos.fullmove) + "... " + token;
    movetext.add(token);
  });
  check_outcome(*final_state, g.winner, g.end_reason);
  const std::string result = result_text(g.winner, g.end_reason);
  movetext.add(result);

  // 2. The tags: the Seven Tag Roster in its order, then the others in ASCII
  // order of their names (PGN export format, 8.1.1).
  const GameOrigin& o = g.origin;
  const std::string player = o.network.empty() ? "?" : o.network;
  std::map<std::string, std::string> more;
  if (!fide) more["Variant"] = variant.long_worm ? "Long Worm Chess" : "Inchworm Chess";
  if (!g.start_position.empty()) {
    const std::string fen = g.start_state()->to_position();
    if (fen != chess_game->initial_state()->to_position()) {
      more["SetUp"] = "1";
      more["FEN"] = fen;
    }
  }
  more["PlyCount"] = std::to_string(g.moves.size());
  more["Termination"] = termination(g.end_reason);
  if (g.end_reason != EndReason::kNone) more["EndReason"] = to_string(g.end_reason);
  more["Game"] = g.game->name();
  more["Rules"] = g.rules_label.empty() ? g.game->options().label() : g.rules_label;
  if (o.seed) more["Seed"] = std::to_string(*o.seed);
  if (o.game_index >= 0) more["GameIndex"] = std::to_string(o.game_index);
  if (!o.source.empty()) more["Source"] = o.source;
  if (o.source_game >= 1) more["SourceGame"] = std::to_string(o.source_game);
  std::ostringstream out;
  auto tag = [&](const std::string& name, const std::string& value) {
    out << "[" << name << " " << quoted(value) << "]\n";
  };
  tag("Event", o.event.empty() ? "?" : o.event);
  tag("Site", "?");
  tag("Date", "????.??.??");
  tag("Round", "-");
  tag("White", player);
  tag("Black", player);
  tag("Result", result);
  for (const auto& [name, value] : more) tag(name, value);
  out << "\n" << movetext.finish() << "\n";
  return out.str();
}

}  // namespace inchzero
