// Issue 18, part 2: the formation the wall-builder completes holds under the
// original rules. On a scripted 5 × 5 position the builder's two-eyed corner
// group (lab/formation_targets.h) stands, hemmed in by the opponent; an
// exhaustive search over every opponent move, each answered by the
// builder's own choice, finds no line of kDepth opponent moves that captures
// any of the builder's pieces. The second test shows that the search can
// fail: with one eye filled (the formation incomplete) it finds a capture.
#include <gtest/gtest.h>

#include <string>
#include <unordered_set>

#include "core/games/inchworm/analysis.h"
#include "core/games/inchworm/inchworm_state.h"
#include "core/registry.h"
#include "lab/wall_player.h"

namespace inchzero {
namespace {

using inchworm::InchwormState;

// Opponent moves searched (each but the last answered by the builder): 3
// takes 0.2-0.4 s in a Release build on the shared 2-core machine; 4 took
// about 6 s (an earlier builder, Red's stock 3), too long for the suite.
constexpr int kDepth = 3;

// True when some line of at most `depth` opponent moves from `s` (opponent
// to move), each but the last answered by `builder`'s choice, captures a
// piece of colour `me`. Every opponent move is tried (legal_moves, exact);
// `seen` skips a position already searched to this depth. On a capture,
// `line` holds its moves (notation, both sides), for the failure message.
bool capture_found(const InchwormState& s, int me, const WallPlayerFactory& builder, int depth,
                   std::unordered_set<uint64_t>& seen, std::string& line) {
  if (depth == 0 || s.is_terminal()) return false;
  if (!seen.insert(s.hash() * 31 + depth).second) return false;
  for (const Move& move : s.legal_moves()) {
    std::unique_ptr<InchwormState> next = s.clone_state();
    next->apply_move(move);
    std::string here = s.move_to_string(move);
    if (next->last_captures().pieces[me] > 0) return line = here, true;
    if (next->is_terminal() || depth == 1) continue;
    // The builder's reply; a fresh player per position keeps it reproducible.
    const Move reply = builder.make(7)->choose_move(*next);
    here += " " + next->move_to_string(reply);
    next->apply_move(reply);
    if (next->last_captures().pieces[me] > 0) return line = here, true;
    if (capture_found(*next, me, builder, depth - 1, seen, line)) {
      return line = here + " " + line, true;
    }
  }
  return false;
}

// The capturing line the search finds from `position` (5 × 5, original
// rules, Blue to move; Red is the builder), "" if none, after checking what
// find_formations says of Red there.
std::string capturing_line(const std::string& position, bool two_eyed) {
  auto game = load_game("inchworm", "original", {"width=5", "height=5"});
  std::unique_ptr<State> state = game->state_from_position(position);
  const auto& s = dynamic_cast<const InchwormState&>(*state);
  const inchworm::Formations f = inchworm::find_formations(s.position(), 0, s.geometry());
  EXPECT_EQ(f.two_eyed, two_eyed) << position;
  WallPlayerFactory builder(*game);
  std::unordered_set<uint64_t> seen;
  std::string line;
  return capture_found(s, 0, builder, kDepth, seen, line) ? line : "";
}

// Red: b1 d1 a2 b2 c2 d2, eyes a1 and c1; Blue fills every other liberty
// (e1 e2 and rank 3) and keeps five liberties of its own on rank 4. Red's
// stock (2) lasts for its two replies: it waits by dropping onto its own
// stacks.
TEST(WallFortress, TwoEyedGroupSurvivesEveryOpponentLineOfDepth3) {
  EXPECT_EQ(capturing_line("5/5/B1,B1,B1,B1,B1/R1,R1,R1,R1,B1/1,R1,1,R1,B1 b 2,2 0,0 0,0 20 0 0",
                           /*two_eyed=*/true),
            "");
}

// The same group with c1 filled: one eye, a1, is its last liberty, and a
// Blue drop there captures it (and the dropped piece) at once.
TEST(WallFortress, OneEyedGroupIsCapturedWithinTheSameDepth) {
  EXPECT_EQ(capturing_line("5/5/B1,B1,B1,B1,B1/R1,R1,R1,R1,B1/1,R1,R1,R1,B1 b 2,2 0,0 0,0 20 0 0",
                           /*two_eyed=*/false),
            "a1");
}

}  // namespace
}  // namespace inchzero
