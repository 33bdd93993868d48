// Move notation (RULINGS §1): `d3` drop, `@d3` prisoner drop, `e1=e4` or
// `h4=a4=b4` collect, `e5-f4-e3` distribution, `R9` rescue, `pass`; an
// optional capture suffix ` X d3-d4` is accepted and ignored.
#include <algorithm>
#include <sstream>

#include "core/games/inchworm/inchworm_state.h"
#include "core/words.h"

namespace inchzero::inchworm {
namespace {

const char* colour_name(int p) { return p == kRed ? "Red" : "Blue"; }

// The collect line from `s` in direction `d` ending on `e`, as decisions, or
// an empty move if own stacks do not continue from s to e.
Move collect_line(const InchwormState& st, int s, int d, int e) {
  const Geometry& geo = st.geometry();
  const ActionLayout& layout = st.inchworm_game().layout();
  const Bits own = st.position().stacks(st.to_move());
  if (!own.test(s)) return {};
  Move move{layout.collect_from(s)};
  for (int cur = geo.step(s, d); cur >= 0 && cur != s && own.test(cur); cur = geo.step(cur, d)) {
    move.push_back(layout.to(cur));
    if (cur != e) continue;
    const int next = geo.step(cur, d);
    if (next >= 0 && next != s && own.test(next)) move.push_back(layout.end_collect());
    return move;
  }
  return {};
}

// Whether a full move is legal here (replays it on a copy, decision by decision).
bool is_legal(const InchwormState& st, const Move& move) {
  if (move.empty()) return false;
  std::unique_ptr<InchwormState> copy = st.clone_state();
  std::vector<Action> legal;
  for (size_t i = 0; i < move.size(); ++i) {
    copy->legal_actions_into(legal);
    if (!std::binary_search(legal.begin(), legal.end(), move[i])) return false;
    copy->apply_action(move[i]);
    if (!copy->in_compound_move() != (i + 1 == move.size())) return false;
  }
  return true;
}

// Every collect line from s ending on e (one per direction at most), legal
// or not.
std::vector<Move> lines_between(const InchwormState& st, int s, int e) {
  std::vector<Move> found;
  for (int d = 0; d < kNumDirections; ++d) {
    Move m = collect_line(st, s, d, e);
    if (!m.empty()) found.push_back(std::move(m));
  }
  return found;
}

// Every legal collect from s ending on e (one per direction at most).
std::vector<Move> collects_between(const InchwormState& st, int s, int e) {
  std::vector<Move> found = lines_between(st, s, e);
  found.erase(
      std::remove_if(found.begin(), found.end(), [&](const Move& m) { return !is_legal(st, m); }),
      found.end());
  return found;
}

// Whether more than one legal collect from s ends on e. Legality is a replay
// of the move, so it is checked only when several lines join the two
// squares, which needs a wrapping board: writing every collect checked it,
// most of what the analysis engine spent writing its principal variations.
bool several_collects_between(const InchwormState& st, int s, int e) {
  const std::vector<Move> lines = lines_between(st, s, e);
  return lines.size() > 1 && std::count_if(lines.begin(), lines.end(),
                                           [&](const Move& m) { return is_legal(st, m); }) > 1;
}

}  // namespace

std::string InchwormState::move_to_string(const Move& move) const { return move_text(move, false); }

std::string InchwormState::move_text(const Move& move, bool with_captures) const {
  if (move.empty()) throw GameError("empty move");
  const Geometry& geo = geometry();
  const ActionLayout& layout = game_->layout();
  const int first = layout.has_cell(move[0]) ? layout.cell(move[0]) : -1;
  std::string text;
  switch (layout.kind(move[0])) {
    case ActionKind::kDrop:
      text = geo.square_name(first);
      break;
    case ActionKind::kPrisonerDrop:
      text = "@" + geo.square_name(first);
      break;
    case ActionKind::kRescue:
      text = "R" + std::to_string(pos_.prisoners(1 - pos_.to_move()));
      break;
    case ActionKind::kPass:
      text = "pass";
      break;
    case ActionKind::kDistributeFrom:
      text = geo.square_name(first);
      for (size_t i = 1; i < move.size(); ++i) text += "-" + geo.square_name(layout.cell(move[i]));
      break;
    case ActionKind::kCollectFrom: {
      std::vector<int> line{first};
      for (size_t i = 1; i < move.size(); ++i)
        if (layout.kind(move[i]) == ActionKind::kTo) line.push_back(layout.cell(move[i]));
      if (line.size() < 2) throw GameError("incomplete collect");
      // Name the second square only when another legal collect joins the
      // same two squares (wrapping topologies).
      const bool ambiguous = several_collects_between(*this, line.front(), line.back());
      text = geo.square_name(line.front()) + "=";
      if (ambiguous) text += geo.square_name(line[1]) + "=";
      text += geo.square_name(line.back());
      break;
    }
    case ActionKind::kTo:
    case ActionKind::kEndCollect:
      throw GameError("a full move cannot start with " + game_->action_to_string(move[0]));
  }
  if (with_captures) {
    std::unique_ptr<InchwormState> after = clone_state();
    after->apply_move(move);
    const CaptureResult& cap = after->last_captures();
    if (cap.any()) {
      std::string list;
      for_each_cell(cap.removed[0] | cap.removed[1],
                    [&](int c) { list += (list.empty() ? "" : "-") + geo.square_name(c); });
      text += " X " + list;
    }
  }
  return text;
}

Move InchwormState::parse_move(const std::string& raw) const {
  if (is_terminal()) throw GameError("the game is over");
  if (in_compound_move()) throw GameError("a move is in progress");
  const Geometry& geo = geometry();
  const ActionLayout& layout = game_->layout();
  const int me = pos_.to_move(), opp = 1 - me;
  // 1. Drop the capture suffix and surrounding blanks.
  std::string text = raw.substr(0, raw.find(" X "));
  const auto first = text.find_first_not_of(" \t"), last = text.find_last_not_of(" \t");
  text = first == std::string::npos ? "" : text.substr(first, last - first + 1);
  if (text.empty()) throw GameError("empty move");
  auto square = [&](const std::string& s) {
    const int c = geo.parse_square(s);
    if (c < 0)
      throw GameError("'" + s + "' is not a square of this " + std::to_string(geo.width()) + "x" +
                      std::to_string(geo.height()) + " board");
    return c;
  };
  auto why_illegal = [&]() {
    return std::string(rules().restricts_moves()
                           ? "is not legal in this position (or breaks max_eyes_per_group / "
                             "max_edges_per_group)"
                           : "is not legal in this position");
  };
  Move move;
  // 2. Recognise the move type and build its decisions.
  if (text == "pass") {
    move = {layout.pass()};
    if (!is_legal(*this, move)) throw GameError("pass is allowed only when no other move is legal");
    return move;
  }
  if (text[0] == 'R') {
    const std::string n = text.substr(1);
    if (n.empty() || n.find_first_not_of("0123456789") != std::string::npos || n.size() > 6)
      throw GameError("a rescue is written R<number>");
    if (pos_.prisoners(opp) == 0)
      throw GameError(std::string(colour_name(opp)) + " holds no prisoners to rescue");
    if (std::stoi(n) != pos_.prisoners(opp))
      throw GameError("a rescue returns all " + std::to_string(pos_.prisoners(opp)) +
                      " prisoners: write R" + std::to_string(pos_.prisoners(opp)));
    move = {layout.rescue()};
  } else if (text[0] == '@') {
    const int c = square(text.substr(1));
    if (!rules().drop_prisoners) throw GameError("prisoner drops need drop_prisoners: true");
    if (pos_.prisoners(me) == 0)
      throw GameError(std::string(colour_name(me)) + " holds no prisoners");
    if (pos_.owner(c) != kEmpty) throw GameError(geo.square_name(c) + " is not empty");
    move = {layout.prisoner_drop(c)};
  } else if (text.find('=') != std::string::npos) {
    const std::vector<std::string> parts = split_at(text, '=');
    if (parts.size() != 2 && parts.size() != 3)
      throw GameError("a collect is written start=end or start=next=end");
    const int s = square(parts[0]), e = square(parts.back());
    for (int c : {s, e})
      if (pos_.owner(c) != me)
        throw GameError(geo.square_name(c) + " does not hold a " + colour_name(me) + " stack");
    if (parts.size() == 3) {
      const int n = square(parts[1]);
      int dir = -1;
      for (int d = 0; d < kNumDirections; ++d)
        if (geo.step(s, d) == n) dir = d;
      if (dir < 0) throw GameError(parts[1] + " is not one straight step from " + parts[0]);
      move = collect_line(*this, s, dir, e);
      if (move.empty())
        throw GameError("no unbroken line of " + std::string(colour_name(me)) + " stacks from " +
                        parts[0] + " through " + parts[1] + " to " + parts[2]);
    } else {
      std::vector<Move> found = collects_between(*this, s, e);
      if (found.size() > 1)
        throw GameError("ambiguous collect: several lines join " + parts[0] + " and " + parts[1] +
                        "; write start=next=end");
      if (found.empty())
        throw GameError("no legal collect joins " + parts[0] + " and " + parts[1] +
                        " (an unbroken straight line of own stacks)");
      move = found[0];
    }
  } else if (text.find('-') != std::string::npos) {
    const std::vector<std::string> parts = split_at(text, '-');
    const int s = square(parts[0]);
    if (pos_.owner(s) != me)
      throw GameError(parts[0] + " does not hold a " + colour_name(me) + " stack");
    if (static_cast<int>(parts.size()) != pos_.height(s))
      throw GameError("the stack on " + parts[0] + " has height " + std::to_string(pos_.height(s)) +
                      ": the path must name exactly " + std::to_string(pos_.height(s)) +
                      " squares");
    move = {layout.distribute_from(s)};
    std::vector<int> seen{s};
    for (size_t i = 1; i < parts.size(); ++i) {
      const int c = square(parts[i]);
      if (!geo.king_mask(seen.back()).test(c))
        throw GameError(parts[i] + " is not a king step from " + parts[i - 1]);
      if (pos_.owner(c) != kEmpty || std::find(seen.begin(), seen.end(), c) != seen.end())
        throw GameError(parts[i] + " is not an empty square the path has not used");
      seen.push_back(c);
      move.push_back(layout.to(c));
    }
  } else {
    const int c = square(text);
    if (pos_.stock(me) == 0) throw GameError(std::string(colour_name(me)) + " has no stock left");
    if (pos_.owner(c) == opp)
      throw GameError(geo.square_name(c) + " holds a " + colour_name(opp) + " stack");
    move = {layout.drop(c)};
  }
  // 3. Every decision must be offered (the group limits can forbid a move).
  if (!is_legal(*this, move)) throw GameError(why_illegal());
  return move;
}

}  // namespace inchzero::inchworm
