#include "core/games/inchworm/fortress.h"

#include <fmt/format.h>

#include <algorithm>
#include <deque>
#include <numeric>
#include <unordered_set>

#include "core/games/inchworm/analysis.h"
#include "core/games/inchworm/captures.h"
#include "core/games/inchworm/inchworm.h"
#include "core/games/inchworm/inchworm_state.h"

namespace inchzero::inchworm {
namespace {

int pieces_on(const Position& pos, const Bits& cells) {
  int n = 0;
  for_each_cell(cells, [&](int c) { n += pos.height(c); });
  return n;
}

// Every piece of the opponent's colour that it could ever place: its stock,
// its pieces on the board, and its pieces the owner holds as prisoners (a
// rescue returns them). The total of a colour never changes.
int opponent_material(const Position& pos, int player) {
  const int opponent = 1 - player;
  return pos.stock(opponent) + pos.pieces_on_board(opponent) + pos.prisoners(player);
}

// The owner's pieces outside `group`: all the opponent could ever hold as
// prisoners of the owner's colour while the group stands (the owner's moves
// elsewhere may lose any of them).
int owner_material_outside(const Position& pos, int player, const Bits& group) {
  return pos.stock(player) + pos.pieces_on_board(player) + pos.prisoners(1 - player) -
         pieces_on(pos, group);
}

// Why the owner may not keep `group` as it is under the group limits (""
// when it may): after any move of the owner every one of its groups must be
// within them, so while this group is over a limit only the moves that
// change it are legal, and a pass when there is none (RULINGS §1,
// max_eyes_per_group / max_edges_per_group). Not proven, then: a fortress
// the owner may not keep is no wall.
std::string over_group_limit(const Position& pos, int player, const Bits& group,
                             const Geometry& geo, const Rules& rules) {
  if (rules.max_edges_per_group > 0) {
    const int edges = __builtin_popcount(edges_touched(group, geo));
    if (edges > rules.max_edges_per_group)
      return fmt::format(
          "it touches {} board edges where max_edges_per_group allows {}: every legal move of its "
          "owner changes it (or, with none, a pass)",
          edges, rules.max_edges_per_group);
  }
  if (rules.max_eyes_per_group > 0) {
    const Bits eyes = eye_cells(pos, player, geo, rules.eye_max_size);
    const int count =
        count_regions(geo.orth_spread(group) & eyes, eyes, geo, rules.max_eyes_per_group);
    if (count > rules.max_eyes_per_group)
      return fmt::format(
          "it has more eyes than max_eyes_per_group allows ({}): every legal move of its owner "
          "changes it (or, with none, a pass)",
          rules.max_eyes_per_group);
  }
  return "";
}

// The squares of the `k` smallest of `regions`.
int smallest_squares(std::vector<Bits> regions, size_t k) {
  std::sort(regions.begin(), regions.end(),
            [](const Bits& a, const Bits& b) { return a.count() < b.count(); });
  int n = 0;
  for (size_t i = 0; i < k && i < regions.size(); ++i) n += regions[i].count();
  return n;
}

// The sealed-eye argument of analysis.h under the options that change it
// (the first three checks are the supply, enclosure and menke cases of the
// caller). `eyes` has at least two regions.
FortressProof sealed_eye_argument(const Position& pos, int player, const Bits& group,
                                  const Geometry& geo, const Rules& rules,
                                  const std::vector<Bits>& eyes) {
  FortressProof r;
  r.group = group;
  const int opponent_own = opponent_material(pos, player);
  if (rules.drop_prisoners) {
    // Each eye but the one filled last must be filled with the owner's own
    // colour: pieces of the opponent's colour in an eye are captured when it
    // becomes full while the group keeps a liberty elsewhere.
    const int owner_colour = owner_material_outside(pos, player, group);
    const int needed = smallest_squares(eyes, eyes.size() - 1);
    if (owner_colour >= needed) {
      r.reason = fmt::format(
          "with drop_prisoners the opponent can fill its eyes with the owner's colour: {} of the "
          "owner's pieces outside it could become its prisoners, and all eyes but one take {}",
          owner_colour, needed);
      return r;
    }
  }
  if (rules.smaller_group_only && !rules.mover_priority) {
    // When the group has no liberty, pieces of the opponent fill one of its
    // eyes without a liberty of their own, so both colours are judged at
    // once and the smaller side alone is captured: the group must outweigh
    // all the opponent could put beside it.
    if (rules.smaller_group_by_area) {
      const int outside = geo.num_cells() - group.count();
      if (group.count() <= outside) {
        r.reason = fmt::format(
            "under smaller_group_only (by area) its {} squares do not outweigh the {} others, "
            "where the opponent's groups could stand",
            group.count(), outside);
        return r;
      }
    } else if (const int weight = pieces_on(pos, group); weight <= opponent_own) {
      r.reason = fmt::format(
          "under smaller_group_only its {} pieces do not outweigh the opponent's {}: pieces "
          "left in a full eye may be kept and the group be the smaller side",
          weight, opponent_own);
      return r;
    }
  }
  r.proven = true;
  r.reason = fmt::format(
      "{} sealed eyes: the opponent's pieces in one are captured when it is full, while "
      "another keeps a liberty{}{}",
      eyes.size(),
      rules.smaller_group_only && !rules.mover_priority ? " (and the group is the larger side)"
                                                        : "",
      rules.drop_prisoners ? " (and it cannot fill all eyes but one with the owner's colour)" : "");
  return r;
}

// The menke argument for a group that is all its owner has (""
// when it does not apply or does not prove): under menke the group falls
// only beside an opposing group that has no liberty either (RULINGS §1).
// When the owner has no piece outside the group, now or ever (stock, board,
// and the pieces of its colour the opponent holds, which a rescue or, with
// drop_prisoners, the opponent's own drop could place), every square beside
// such an opposing group belongs to the group, so that opposing group fills
// a whole region the group cuts off (a connected component of the other
// squares: a square of the region beside it would be empty, a liberty, or
// the opponent's, and so part of it). A capture therefore needs the
// opponent's pieces on every square beside the group and on every square of
// one such region, one piece at least each. The owner must leave the group
// alone, as every argument here assumes; with no other piece it can only
// pass when the group has no move.
std::string menke_sole_group_argument(const Position& pos, int player, const Bits& group,
                                      const Geometry& geo, int opponent_own) {
  if (owner_material_outside(pos, player, group) > 0) return "";
  const Bits beside = geo.orth_spread(group).minus(group);
  Bits rest = geo.all_cells().minus(group);
  int needed = -1;
  while (rest.any()) {
    const Bits region = geo.flood(Bits::single(rest.lowest()), rest);
    rest = rest.minus(region);
    if (!region.intersects(beside)) continue;
    const int squares = (region | beside).count();
    if (needed < 0 || squares < needed) needed = squares;
  }
  if (needed < 0 || opponent_own >= needed) return "";
  return fmt::format(
      "under menke it falls only beside an opposing group without liberties; its owner has no "
      "other piece, so such a group fills a whole region the group cuts off: the squares beside "
      "it and the smallest region take {} pieces, and the opponent has {}",
      needed, opponent_own);
}

}  // namespace

FortressProof prove_fortress(const Position& pos, int player, const Bits& group,
                             const Geometry& geo, const Rules& rules) {
  FortressProof r;
  r.group = group;
  r.reason = over_group_limit(pos, player, group, geo, rules);
  if (!r.reason.empty()) return r;
  // A capture needs an opposing stack beside the group (RULINGS §1).
  const int opponent_own = opponent_material(pos, player);
  if (opponent_own == 0) {
    r.proven = true;
    r.reason = "the opponent has no piece left: none in stock, on the board or to rescue";
    return r;
  }
  if (rules.enclosure_capture) {
    r.reason =
        "under enclosure_capture its eyes are no liberties: the opponent captures it by filling "
        "the others";
    return r;
  }
  // Supply: capture needs every eye square occupied at once (each is a
  // liberty of the group), at least one piece each.
  const std::vector<Bits> eyes = sealed_eye_regions(pos, player, group, geo);
  const int eye_squares = std::accumulate(eyes.begin(), eyes.end(), 0,
                                          [](int n, const Bits& e) { return n + e.count(); });
  const int supply =
      opponent_own + (rules.drop_prisoners ? owner_material_outside(pos, player, group) : 0);
  if (supply < eye_squares) {
    r.proven = true;
    r.reason = fmt::format(
        "its eyes have {} squares and the opponent can never put that many pieces in them ({})",
        eye_squares, supply);
    return r;
  }
  if (rules.menke) {
    r.reason = menke_sole_group_argument(pos, player, group, geo, supply);
    if (!r.reason.empty()) {
      r.proven = true;
      return r;
    }
    r.reason = fmt::format(
        "under menke the opponent's pieces in a full eye stay while the group has another "
        "liberty, so every eye can be filled: {} eye squares, {} pieces to fill them",
        eye_squares, supply);
    return r;
  }
  if (eyes.size() < 2) {
    r.reason =
        fmt::format("{} sealed eye{}: it needs two", eyes.size(), eyes.size() == 1 ? "" : "s");
    return r;
  }
  return sealed_eye_argument(pos, player, group, geo, rules, eyes);
}

FortressProof find_fortress(const Position& pos, int player, const Geometry& geo,
                            const Rules& rules) {
  FortressProof last;
  last.reason = "no two-eyed group";
  for (const Bits& group : groups_of(pos, player, geo)) {
    const bool sole_under_menke = rules.menke && owner_material_outside(pos, player, group) == 0;
    if (!sole_under_menke && eyes_of_group(pos, player, group, geo) < 2) continue;
    last = prove_fortress(pos, player, group, geo, rules);
    if (last.proven) return last;
  }
  return last;
}

bool target_needs_group(const Position& pos, int player, const Bits& group, const Rules& rules) {
  if (rules.target_score <= 0) return false;
  if (rules.enclosure_capture && rules.enclosed_space_points) return false;
  const int at_hand = pos.stock(player) + pos.pieces_on_board(player) - pieces_on(pos, group);
  return pos.score(1 - player) + at_hand < rules.target_score;
}

namespace {

// The game's rules with every end condition off: the search asks whether a
// capture can happen, not how the game would end.
std::shared_ptr<const InchwormGame> without_end_conditions(const InchwormGame& game) {
  RuleOptions options = game.options();
  for (const char* key : {"target_score", "max_plies", "repetition_draw", "no_capture_limit",
                          "no_capture_limit_per_piece"})
    schema().set(options, key, "0");
  return std::make_shared<const InchwormGame>(options);
}

struct SearchNode {
  Position pos;
  int64_t parent;
  std::string move;
};

}  // namespace

CaptureSearch search_capture(const InchwormGame& game, const Position& pos, int player,
                             const Bits& group, int64_t max_positions) {
  if (group.none() || group.minus(pos.stacks(player)).any())
    throw GameError("search_capture: the group is not made of the player's stacks");
  const auto open_game = without_end_conditions(game);
  const int opponent = 1 - player;
  // Scores only decide the end, which is off: they are left out so that
  // capturing the same intruders again does not make a new position.
  auto normalised = [&](Position p) {
    p.set_to_move(opponent);
    p.set_score(0, 0);
    p.set_score(1, 0);
    return p;
  };
  CaptureSearch result;
  std::vector<SearchNode> nodes{{normalised(pos), -1, ""}};
  std::unordered_set<uint64_t> seen{nodes[0].pos.hash()};
  for (size_t next = 0; next < nodes.size(); ++next) {
    const InchwormState state(open_game, nodes[next].pos, 0, 0, 0);
    for (const Move& move : state.legal_moves()) {
      auto after = state.clone_state();
      after->apply_move(move);
      if (group.minus(after->position().stacks(player)).any()) {
        result.outcome = CaptureSearchOutcome::kCaptured;
        result.line.push_back(state.move_to_string(move));
        for (int64_t n = static_cast<int64_t>(next); n > 0; n = nodes[n].parent)
          result.line.push_back(nodes[n].move);
        std::reverse(result.line.begin(), result.line.end());
        result.positions = static_cast<int64_t>(seen.size());
        return result;
      }
      Position child = normalised(after->position());
      if (!seen.insert(child.hash()).second) continue;
      if (static_cast<int64_t>(seen.size()) > max_positions) {
        result.positions = static_cast<int64_t>(seen.size());
        return result;  // kUndecided
      }
      nodes.push_back({child, static_cast<int64_t>(next), state.move_to_string(move)});
    }
  }
  result.outcome = CaptureSearchOutcome::kNeverCaptured;
  result.positions = static_cast<int64_t>(seen.size());
  return result;
}

}  // namespace inchzero::inchworm
