// Readable text and JSON views of an Inchworm state (`inchzero show`).
#include <nlohmann/json.hpp>

#include "core/games/inchworm/inchworm_state.h"

namespace inchzero::inchworm {

std::string InchwormState::to_text() const {
  const Geometry& geo = geometry();
  auto cell_text = [&](int c) {
    std::string t = pos_.owner(c) == kEmpty
                        ? "."
                        : (pos_.owner(c) == kRed ? "R" : "B") + std::to_string(pos_.height(c));
    return std::string(t.size() < 4 ? 4 - t.size() : 1, ' ') + t;
  };
  std::string out;
  for (int rank = geo.height() - 1; rank >= 0; --rank) {
    std::string label = std::to_string(rank + 1);
    out += std::string(3 - label.size(), ' ') + label;
    for (int file = 0; file < geo.width(); ++file) out += cell_text(geo.cell(file, rank));
    out += "\n";
  }
  out += "   ";
  for (int file = 0; file < geo.width(); ++file) out += "   " + std::string(1, 'a' + file);
  out += "\n";
  for (int p : {kRed, kBlue}) {
    out += std::string(p == kRed ? "Red " : "Blue") + ": stock " + std::to_string(pos_.stock(p)) +
           ", prisoners held " + std::to_string(pos_.prisoners(p)) + ", score " +
           std::to_string(pos_.score(p));
    if (!is_terminal() && p == pos_.to_move()) out += "   <- to move";
    out += "\n";
  }
  out += "ply " + std::to_string(ply_) + ", plies since capture " +
         std::to_string(plies_since_capture_) + ", rules " + game_->options().label() + "\n";
  if (last_captures_.any() && !in_compound_move()) {
    std::string list;
    for_each_cell(last_captures_.removed[0] | last_captures_.removed[1],
                  [&](int c) { list += (list.empty() ? "" : "-") + geo.square_name(c); });
    out += "last move captured: " + list + "\n";
  }
  if (in_compound_move()) {
    out += std::string("move in progress: ") +
           (cursor_.kind == MoveKind::kCollect ? "collect" : "distribution") + " from " +
           geo.square_name(squares_[0]) + ", now at " + geo.square_name(cursor_.last);
    if (cursor_.kind == MoveKind::kDistribute)
      out += ", " + std::to_string(cursor_.pieces_left) + " pieces left";
    out += "\n";
  }
  if (is_terminal()) {
    out += "game over (" + std::string(to_string(end_reason())) + "): " +
           (winner_ == kNoPlayer ? std::string("draw")
            : winner_ == kRed    ? "Red wins"
                                 : "Blue wins") +
           "\n";
  }
  return out;
}

nlohmann::json InchwormState::to_json() const {
  const Geometry& geo = geometry();
  nlohmann::json j;
  j["game"] = "inchworm";
  j["rules"] = game_->options().label();
  j["width"] = geo.width();
  j["height"] = geo.height();
  j["to_move"] = pos_.to_move();
  j["scores"] = {pos_.score(kRed), pos_.score(kBlue)};
  j["stocks"] = {pos_.stock(kRed), pos_.stock(kBlue)};
  j["prisoners"] = {pos_.prisoners(kRed), pos_.prisoners(kBlue)};
  nlohmann::json cells = nlohmann::json::object();
  for_each_cell(pos_.occupied(), [&](int c) {
    cells[geo.square_name(c)] = {pos_.owner(c), pos_.height(c)};
  });
  j["cells"] = cells;
  j["terminal"] = is_terminal();
  j["winner"] = winner_ == kNoPlayer ? nlohmann::json(nullptr) : nlohmann::json(winner_);
  j["end_reason"] =
      is_terminal() ? nlohmann::json(to_string(end_reason())) : nlohmann::json(nullptr);
  j["ply"] = ply_;
  j["plies_since_capture"] = plies_since_capture_;
  j["pass_streak"] = pass_streak_;
  j["in_compound_move"] = in_compound_move();
  if (!in_compound_move()) j["position"] = to_position();
  return j;
}

}  // namespace inchzero::inchworm
