#include "lab/wall_player.h"

#include <algorithm>
#include <tuple>
#include <vector>

#include "core/games/inchworm/analysis.h"
#include "core/games/inchworm/fortress.h"
#include "core/games/inchworm/inchworm_state.h"
#include "core/move_sample.h"
#include "lab/formation_targets.h"

namespace inchzero {
namespace {

using inchworm::Bits;
using inchworm::Geometry;
using inchworm::InchwormState;
using inchworm::Position;

// Candidates whose safety is checked reply by reply before giving up.
constexpr int kMaxSafetyChecks = 12;
// Rank (e): stacks up to this height keep their moves (wall_player.h).
constexpr int kMobileHeight = 3;

// The height of `player`'s tallest stack in `pos` (0 when it has none).
int tallest_stack(const Position& pos, int player) {
  int tallest = 0;
  inchworm::for_each_cell(pos.stacks(player),
                          [&](int c) { tallest = std::max(tallest, pos.height(c)); });
  return tallest;
}

// How far `me`'s tallest stack in `pos` stands above kMobileHeight (0 when
// none does).
int height_above_mobile(const Position& pos, int me) {
  return std::max(0, tallest_stack(pos, me) - kMobileHeight);
}

// True when `after` still has `f`'s two-eyed groups: their squares hold
// `me`'s stacks, their sealed eyes are empty. Why more than "a two-eyed group
// stands after": waiting leaves the standing group as it is; a collect that
// rebuilds one elsewhere passes through shapes the safety check samples only
// in part.
bool kept(const inchworm::Formations& f, const Position& after, int me) {
  return f.stones.minus(after.stacks(me)).none() && (f.eyes & after.occupied()).none();
}

// `me`'s pieces on the board outside its two-eyed groups in `pos`: the
// material an attacker can still capture once a formation stands.
int exposed_pieces(const Position& pos, int me, const Geometry& geo) {
  int inside = 0;
  inchworm::for_each_cell(inchworm::find_formations(pos, me, geo).stones,
                          [&](int c) { inside += pos.height(c); });
  return pos.pieces_on_board(me) - inside;
}

// Own groups of `me` whose liberties (plain definition) one opponent move
// could fill: a drop fills one square, a distribution of height h fills h − 1.
int groups_in_reach(const InchwormState& s, int me) {
  const Position& pos = s.position();
  const Geometry& geo = s.geometry();
  const int reach = std::max(1, tallest_stack(pos, 1 - me) - 1);
  const Bits empty = geo.all_cells().minus(pos.occupied());
  int count = 0;
  for (const Bits& group : inchworm::groups_of(pos, me, geo)) {
    if ((geo.orth_spread(group) & empty).count() <= reach) ++count;
  }
  return count;
}

// True when no reply of the opponent in `s` captures a piece of `me` (among
// the replies of sample_legal_moves: a tall stack's distributions are
// sampled, so a rare capturing path can be missed).
bool safe_after(const InchwormState& s, int me, std::mt19937_64& rng) {
  if (s.is_terminal() || groups_in_reach(s, me) == 0) return true;
  for (const Move& reply : sample_legal_moves(s, kDefaultMovesPerFirstDecision, rng)) {
    std::unique_ptr<InchwormState> next = s.clone_state();
    next->apply_move(reply);
    if (next->last_captures().pieces[me] > 0) return false;
    if (next->is_terminal() && next->winner() == 1 - me) return false;
  }
  return true;
}

}  // namespace

WallPlayerFactory::WallPlayerFactory(const Game& game, DefenderAim aim) : aim_(aim) {
  const auto* inchworm_game = dynamic_cast<const inchworm::InchwormGame*>(&game);
  if (inchworm_game == nullptr) {
    throw GameError("the " + describe() + " player plays only the 'inchworm' game, not '" +
                    game.name() + "'");
  }
  targets_ = std::make_shared<const std::vector<lab::FormationTarget>>(
      lab::two_eye_targets(inchworm_game->geometry()));
}

Move WallPlayer::choose_move(const State& state) {
  const auto& s = dynamic_cast<const InchwormState&>(state);
  const int me = s.to_move();
  // Once a formation stands the builder only waits (step 2's ranks c-d);
  // the waiter never stands.
  const bool builds = aim_ == DefenderAim::kBuild;
  const inchworm::Formations fortress =
      builds ? inchworm::find_formations(s.position(), me, s.geometry()) : inchworm::Formations{};
  const bool standing = fortress.uncapturable();
  const std::vector<Move> moves = sample_legal_moves(s, kDefaultMovesPerFirstDecision, rng_);
  // Step 1 and 2: simulate and rank every move.
  struct Candidate {
    // gap, pieces lost, formation changed, pieces exposed, stock spent,
    // height above the mobile height, groups in reach, tie-break
    std::tuple<int, int, int, int, int, int, int, uint64_t> rank;
    size_t index;
    std::unique_ptr<InchwormState> after;
  };
  std::vector<Candidate> candidates;
  for (size_t i = 0; i < moves.size(); ++i) {
    std::unique_ptr<InchwormState> after = s.clone_state();
    after->apply_move(moves[i]);
    if (after->is_terminal() && after->winner() == me) return moves[i];
    const bool loses = after->is_terminal() && after->winner() == 1 - me;
    int gap = 0;
    if (loses) {
      gap = 2 * lab::kBlockedGap;
    } else if (builds) {
      gap = lab::formation_gap(*after, me, *targets_);
    } else {
      // No formation: neither a two-eyed group nor any other group the
      // rules in force make a proven fortress (under menke a lone stack
      // that is all the waiter has, which it would otherwise gather into).
      gap =
          inchworm::find_formations(after->position(), me, after->geometry()).uncapturable() ||
          inchworm::find_fortress(after->position(), me, after->geometry(), after->rules()).proven;
    }
    int changed = 0, exposed = 0, spends = 0;
    if (standing) {
      changed = !kept(fortress, after->position(), me);
      exposed = exposed_pieces(after->position(), me, after->geometry());
      spends = after->stock(me) < s.stock(me);
    }
    candidates.push_back(
        {{gap, after->last_captures().pieces[me], changed, exposed, spends,
          height_above_mobile(after->position(), me), groups_in_reach(*after, me), rng_()},
         i,
         std::move(after)});
  }
  std::sort(candidates.begin(), candidates.end(),
            [](const Candidate& a, const Candidate& b) { return a.rank < b.rank; });
  // Step 3: the best move that leaves no capturing reply.
  const int checks = std::min<int>(kMaxSafetyChecks, static_cast<int>(candidates.size()));
  for (int k = 0; k < checks; ++k) {
    if (safe_after(*candidates[k].after, me, rng_)) return moves[candidates[k].index];
  }
  return moves[candidates.front().index];
}

}  // namespace inchzero
