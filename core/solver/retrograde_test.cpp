// The retrograde solver against a different algorithm over an independently
// built graph (the position notation as key, values by fixed-point
// iteration), against the capped negamax solver where both apply, under the
// board's symmetries, and its refusals.
#include "core/solver/retrograde.h"

#include <gtest/gtest.h>

#include <map>
#include <sstream>

#include "core/registry.h"
#include "core/solver/solver.h"

namespace inchzero::solver {
namespace {

using inchworm::InchwormState;

std::shared_ptr<const Game> inchworm(std::vector<std::string> set) {
  return load_game("inchworm", "", set);
}

// The position notation without the counters no rule reads: "<ranks> <side>
// <stocks> <prisoners> <scores> <ply> <since-capture> <passes>" keeps the
// passes, and the ply / since-capture only when `keep_ply` / `keep_since`.
std::string plain_key(const State& s, bool keep_ply, bool keep_since) {
  std::istringstream in(s.to_position());
  std::vector<std::string> f;
  for (std::string w; in >> w;) f.push_back(w);
  if (f.size() == 8) {
    if (!keep_ply) f[5] = "-";
    if (!keep_since) f[6] = "-";
  }
  std::string out;
  for (const auto& w : f) out += w + " ";
  return out;
}

// Brute force: every position by the notation, each full move's child, then
// values by iterating "win if a move reaches a loss, loss if every move
// reaches a win, draw if every move is decided and none wins" to a fixed
// point; what stays undecided is drawn for ever.
struct FixedPointSolve {
  std::map<std::string, std::vector<std::string>> children;
  std::map<std::string, int> value;  // for the player to move; 2 = undecided
  std::map<std::string, int> side;

  FixedPointSolve(const State& root, bool keep_ply, bool keep_since) {
    std::vector<std::unique_ptr<State>> todo;
    todo.push_back(root.clone());
    children[plain_key(root, keep_ply, keep_since)];
    while (!todo.empty()) {
      std::unique_ptr<State> s = std::move(todo.back());
      todo.pop_back();
      const std::string key = plain_key(*s, keep_ply, keep_since);
      side[key] = s->current_player();
      if (s->is_terminal()) {
        const int w = s->winner();
        value[key] = w == kNoPlayer ? 0 : w == s->current_player() ? 1 : -1;
        continue;
      }
      value[key] = 2;
      for (const Move& m : s->legal_moves()) {
        auto c = s->clone();
        c->apply_move(m);
        const std::string ck = plain_key(*c, keep_ply, keep_since);
        children[key].push_back(ck);
        if (!children.count(ck)) {
          children[ck];
          todo.push_back(std::move(c));
        }
      }
    }
    for (bool changed = true; changed;) {
      changed = false;
      for (auto& [key, v] : value) {
        if (v != 2) continue;
        bool all_decided = true, any_draw = false, win = false;
        for (const std::string& c : children[key]) {
          const int cv = value[c];
          if (cv == 2) {
            all_decided = false;
            continue;
          }
          const int mine = side[c] == side[key] ? cv : -cv;
          win |= mine == 1;
          any_draw |= mine == 0;
        }
        if (win || all_decided) {
          v = win ? 1 : any_draw ? 0 : -1;
          changed = true;
        }
      }
    }
  }
};

RetrogradeOptions without_symmetry() {
  RetrogradeOptions o;
  o.symmetry = false;
  return o;
}

// The count of plies since a capture in every position's key, not in layers.
RetrogradeOptions count_in_key(bool symmetry = true) {
  RetrogradeOptions o;
  o.symmetry = symmetry;
  o.counter_layers = false;
  return o;
}

void check_against_brute_force(const Game& game, bool keep_ply, bool keep_since) {
  const auto root = game.initial_state();
  const RetrogradeSolution solution = solve_retrograde(*root, count_in_key(false));
  const FixedPointSolve brute(*root, keep_ply, keep_since);
  ASSERT_EQ(solution.size(), static_cast<int64_t>(brute.value.size()));
  int64_t endless = 0;
  for (int64_t i = 0; i < solution.size(); ++i) {
    const auto state = solution.codec().unpack(solution.key(i));
    const std::string key = plain_key(*state, keep_ply, keep_since);
    ASSERT_TRUE(brute.value.count(key)) << key;
    const int expected = brute.value.at(key);
    EXPECT_EQ(static_cast<int>(solution.value(i)), expected == 2 ? 0 : expected) << key;
    EXPECT_EQ(solution.endless(i), expected == 2) << key;
    endless += expected == 2;
    // The key round-trips.
    EXPECT_EQ(solution.codec().pack(*state), solution.key(i));
  }
  EXPECT_EQ(solution.stats().endless_draws, endless);
  // A board where something is decided: a check that every value is a draw
  // would prove little.
  EXPECT_GT(solution.stats().wins, 0);
  EXPECT_GT(solution.stats().losses, 0);
  EXPECT_EQ(solution.stats().wins + solution.stats().losses + solution.stats().forced_draws +
                solution.stats().endless_draws,
            solution.size());
}

TEST(Retrograde, MatchesBruteForceWithoutACap) {
  // No ply cap and no repetition rule: the game graph has cycles.
  check_against_brute_force(*inchworm({"width=3", "height=3", "stock=2", "target_score=1",
                                       "max_plies=0", "repetition_draw=0"}),
                            false, false);
}

TEST(Retrograde, MatchesBruteForceWithTheNoCaptureLimit) {
  check_against_brute_force(*inchworm({"width=3", "height=3", "stock=2", "target_score=2",
                                       "max_plies=0", "repetition_draw=0", "no_capture_limit=6"}),
                            false, true);
}

TEST(Retrograde, MatchesBruteForceUnderMenke) {
  check_against_brute_force(*inchworm({"width=3", "height=3", "stock=3", "target_score=1",
                                       "max_plies=0", "repetition_draw=0", "menke=true"}),
                            false, false);
}

// Counter layers against the count in the key (checked against brute force
// above): every (position, count) the keyed solve reached has the same
// value, distance and end in the layers. (The layers hold more: their
// positions are enumerated without the limit, and every count of each.)
void check_layers_against_keyed(const Game& game, const std::string& position) {
  const auto root = position.empty() ? game.initial_state() : game.state_from_position(position);
  const RetrogradeSolution keyed = solve_retrograde(*root, count_in_key());
  const RetrogradeSolution layered = solve_retrograde(*root);
  ASSERT_EQ(keyed.layers(), 0);
  ASSERT_GT(layered.layers(), 1);
  EXPECT_EQ(layered.size(), layered.base_size() * layered.layers());
  EXPECT_EQ(layered.stats().positions, layered.size());
  EXPECT_EQ(layered.stats().endless_draws, 0);
  std::map<int, int64_t> decided;  // value -> positions compared
  for (int64_t i = 0; i < keyed.size(); ++i) {
    const PositionKey key = keyed.key(i);
    const int64_t j = layered.find(key);
    ASSERT_GE(j, 0) << key_text(key);
    ASSERT_EQ(layered.key(j), key);
    ASSERT_EQ(layered.terminal(j), keyed.terminal(i)) << key_text(key);
    ASSERT_EQ(layered.value(j), keyed.value(i)) << key_text(key);
    ASSERT_EQ(layered.distance(j), keyed.distance(i)) << key_text(key);
    ++decided[static_cast<int>(keyed.value(i))];
  }
  // Wins, losses and draws all compared: a board where all is drawn would
  // prove little.
  for (int v : {-1, 0, 1}) EXPECT_GT(decided[v], 50) << v;
}

TEST(Retrograde, CounterLayersMatchTheCountInTheKey) {
  const std::vector<std::string> base = {"width=3",        "height=3",    "stock=3",
                                         "target_score=2", "max_plies=0", "repetition_draw=0"};
  auto with = [&](std::vector<std::string> more) {
    more.insert(more.begin(), base.begin(), base.end());
    return inchworm(more);
  };
  {
    SCOPED_TRACE("no_capture_limit=5");
    check_layers_against_keyed(*with({"no_capture_limit=5"}), "");
  }
  {
    // The limit grows with the pieces on the board, so it differs between
    // positions of one layer.
    SCOPED_TRACE("no_capture_limit=3, no_capture_limit_per_piece=1");
    check_layers_against_keyed(*with({"no_capture_limit=3", "no_capture_limit_per_piece=1"}), "");
  }
  {
    // Enclosure capture scores eye points too; stalemate by score.
    SCOPED_TRACE("enclosure_capture, stalemate_by_score");
    check_layers_against_keyed(
        *with({"no_capture_limit=4", "enclosure_capture=true", "stalemate_result=score"}), "");
  }
  {
    // The count already running at the root.
    SCOPED_TRACE("count 2 at the root");
    check_layers_against_keyed(*with({"no_capture_limit=6"}), "3/3/3 r 3,3 0,0 0,0 0 2 0");
  }
}

// With a ply cap the ply is part of the key and there is no cycle: the same
// value as the memoised negamax, and every draw is a draw at the cap.
TEST(Retrograde, AgreesWithTheCappedSolver) {
  for (int cap : {4, 5, 7}) {
    SCOPED_TRACE(cap);
    const auto game = inchworm({"width=3", "height=3", "stock=2", "target_score=1",
                                "max_plies=" + std::to_string(cap), "repetition_draw=0"});
    const Solution capped = solve(*game);
    const RetrogradeSolution retro = solve_retrograde(*game->initial_state());
    EXPECT_EQ(static_cast<int>(retro.value(0)), static_cast<int>(capped.start().value));
    EXPECT_EQ(retro.stats().endless_draws, 0);
    EXPECT_GT(retro.stats().wins, 0);
    // Every boundary position the negamax solved (keyed by its notation,
    // which also counts the plies since a capture that no rule here reads)
    // has the retrograde solver's value.
    int64_t compared = 0;
    for (const SolvedPosition& p : capped.positions) {
      if (p.key.find('|') != std::string::npos) continue;  // inside a move
      const auto state = state_for_key(*game, p.key);
      const int64_t i = retro.find(retro.codec().pack(dynamic_cast<const InchwormState&>(*state)));
      ASSERT_GE(i, 0) << p.key;
      EXPECT_EQ(static_cast<int>(retro.value(i)), static_cast<int>(p.value)) << p.key;
      ++compared;
    }
    EXPECT_GT(compared, 100);
  }
}

TEST(Retrograde, AFortressIsAnEndlessDrawAndACapDrawIsNot) {
  // Without a cap the 3x3 board with stock 3 and target 3 has endless draws;
  // with a cap of 12 plies the same start has none, only draws at the cap.
  const auto free_play = inchworm(
      {"width=3", "height=3", "stock=2", "target_score=3", "max_plies=0", "repetition_draw=0"});
  const RetrogradeSolution a = solve_retrograde(*free_play->initial_state());
  EXPECT_GT(a.stats().endless_draws, 0);
  const auto capped = inchworm(
      {"width=3", "height=3", "stock=2", "target_score=3", "max_plies=12", "repetition_draw=0"});
  const RetrogradeSolution b = solve_retrograde(*capped->initial_state());
  EXPECT_EQ(b.stats().endless_draws, 0);
  EXPECT_GT(b.stats().forced_draws, 0);
}

// The start is symmetric, so the positions reached are closed under the
// board's symmetries, and a position and its image have one value (solved
// without the reduction that assumes it).
TEST(Retrograde, ValuesAreTheSameUnderTheBoardsSymmetries) {
  const auto game = inchworm(
      {"width=3", "height=3", "stock=2", "target_score=2", "max_plies=0", "repetition_draw=0"});
  const auto& iw = dynamic_cast<const inchworm::InchwormGame&>(*game);
  const RetrogradeSolution s = solve_retrograde(*game->initial_state(), without_symmetry());
  ASSERT_EQ(iw.geometry().num_symmetries(), 8);
  int64_t checked = 0;
  for (int64_t i = 0; i < s.size(); ++i) {
    const auto state = s.codec().unpack(s.key(i));
    for (int sym = 1; sym < 8; ++sym) {
      inchworm::Position image = state->position();
      for (int c = 0; c < iw.geometry().num_cells(); ++c) image.clear(c);
      for (int c = 0; c < iw.geometry().num_cells(); ++c)
        if (state->owner(c) != inchworm::kEmpty)
          image.set_stack(iw.geometry().transform_cell(c, sym), state->owner(c), state->height(c));
      const InchwormState mirrored(iw.shared_from_this(), image, 0, 0, state->pass_streak());
      const int64_t j = s.find(s.codec().pack(mirrored));
      ASSERT_GE(j, 0) << state->to_position() << " under symmetry " << sym;
      EXPECT_EQ(s.value(j), s.value(i));
      EXPECT_EQ(s.distance(j), s.distance(i));
      EXPECT_EQ(s.endless(j), s.endless(i));
      ++checked;
    }
  }
  EXPECT_GT(checked, 1000);
}

// One key per position and its images: the same values and distances as the
// full solve, in fewer positions; the best line is the same length.
TEST(Retrograde, TheSymmetryReductionKeepsEveryValue) {
  for (const char* topology : {"flat", "cylinder", "torus"}) {
    SCOPED_TRACE(topology);
    const auto game = inchworm({"width=3", "height=3", "stock=2", "target_score=2", "max_plies=0",
                                "repetition_draw=0", std::string("topology=") + topology});
    // Not the start (which is symmetric): a position whose images differ.
    const auto from = game->state_from_position("1,R1,1/3/B1,2 r 1,1 0,0 0,0");
    const RetrogradeSolution full = solve_retrograde(*from, without_symmetry());
    const RetrogradeSolution reduced = solve_retrograde(*from);
    EXPECT_LT(reduced.size(), full.size());
    for (int64_t i = 0; i < full.size(); ++i) {
      const auto state = full.codec().unpack(full.key(i));
      const int64_t j = reduced.find(reduced.codec().pack(*state));
      ASSERT_GE(j, 0) << state->to_position();
      EXPECT_EQ(reduced.value(j), full.value(i)) << state->to_position();
      EXPECT_EQ(reduced.distance(j), full.distance(i)) << state->to_position();
      EXPECT_EQ(reduced.endless(j), full.endless(i)) << state->to_position();
    }
    EXPECT_EQ(best_line(reduced, *from, 1000).size(), best_line(full, *from, 1000).size());
  }
}

// The principal line: each best child keeps the value (flipped for the
// other side) and a won position's distance falls by one a move to the end.
TEST(Retrograde, TheBestLineKeepsTheValueToTheEnd) {
  const auto game = inchworm(
      {"width=3", "height=3", "stock=2", "target_score=1", "max_plies=0", "repetition_draw=0"});
  const RetrogradeSolution s = solve_retrograde(*game->initial_state());
  int64_t lines = 0;
  for (int64_t i = 0; i < s.size(); ++i) {
    if (s.value(i) != Value::kWin) continue;
    int64_t at = i;
    for (uint32_t d = s.distance(i); d > 0; --d) {
      const int64_t next = s.best_child(at);
      ASSERT_GE(next, 0);
      EXPECT_EQ(s.distance(next), d - 1);
      EXPECT_FALSE(move_between(s, at, next).empty());
      at = next;
    }
    EXPECT_TRUE(s.terminal(at));
    ++lines;
  }
  EXPECT_GT(lines, 0);
}

// Every decided value and distance follows from the children's: a win is one
// move more than its nearest lost child, a loss one more than its farthest
// child, a draw that ends one more than its nearest drawn child; an endless
// draw has no lost child and an undecided (endless) child.
void check_values_follow_from_children(const RetrogradeSolution& s, int64_t checked[3]) {
  for (int64_t i = 0; i < s.size(); ++i) {
    if (s.terminal(i)) continue;
    uint32_t nearest_win = UINT32_MAX, nearest_draw = UINT32_MAX, farthest = 0;
    bool endless_child = false;
    for (int64_t c : s.children(i)) {
      const int vc = static_cast<int>(s.value(c));
      const int mine = s.codec().side(s.key(c)) == s.codec().side(s.key(i)) ? vc : -vc;
      const uint32_t d = s.distance(c) + 1;
      if (mine == 1) nearest_win = std::min(nearest_win, d);
      if (mine == 0 && !s.endless(c)) nearest_draw = std::min(nearest_draw, d);
      endless_child |= s.endless(c);
      farthest = std::max(farthest, d);
    }
    SCOPED_TRACE(s.codec().unpack(s.key(i))->to_position());
    switch (s.value(i)) {
      case Value::kWin:
        ASSERT_EQ(s.distance(i), nearest_win);
        ++checked[0];
        break;
      case Value::kLoss:
        ASSERT_EQ(nearest_win, UINT32_MAX);
        ASSERT_FALSE(endless_child);
        ASSERT_EQ(s.distance(i), farthest);
        ++checked[1];
        break;
      case Value::kDraw:
        ASSERT_EQ(nearest_win, UINT32_MAX);
        ASSERT_EQ(s.endless(i), endless_child);
        if (!s.endless(i)) {
          ASSERT_EQ(s.distance(i), nearest_draw);
          ++checked[2];
        }
        break;
    }
  }
}

TEST(Retrograde, EachValueAndDistanceFollowsFromTheChildren) {
  // With the no-capture limit every line ends (forced draws); without it
  // some never do (endless draws).
  const auto limited = inchworm({"width=3", "height=3", "stock=3", "target_score=2", "max_plies=0",
                                 "repetition_draw=0", "no_capture_limit=5"});
  // Both ways of keeping the count: in layers (every count of every
  // position, reached or not) and in the key.
  for (bool layers : {true, false}) {
    SCOPED_TRACE(layers ? "counter layers" : "count in the key");
    RetrogradeOptions options;
    options.counter_layers = layers;
    const RetrogradeSolution a = solve_retrograde(*limited->initial_state(), options);
    EXPECT_EQ(a.layers() > 0, layers);
    int64_t checked[3] = {0, 0, 0};
    check_values_follow_from_children(a, checked);
    for (int64_t n : checked) EXPECT_GT(n, 100);
    EXPECT_EQ(a.stats().endless_draws, 0);
    EXPECT_GT(a.stats().rounds, 2);
  }
  const auto free_play = inchworm(
      {"width=3", "height=3", "stock=2", "target_score=3", "max_plies=0", "repetition_draw=0"});
  const RetrogradeSolution b = solve_retrograde(*free_play->initial_state());
  int64_t checked_b[3] = {0, 0, 0};
  check_values_follow_from_children(b, checked_b);
  EXPECT_GT(checked_b[0], 100);
  EXPECT_GT(b.stats().endless_draws, 100);
}

TEST(Retrograde, RefusesWhatItCannotKeyOrHold) {
  const auto no_target = inchworm({"width=3", "height=3", "target_score=0", "max_plies=0"});
  EXPECT_THROW(solve_retrograde(*no_target->initial_state()), GameError);
  const auto game = inchworm(
      {"width=3", "height=3", "stock=2", "target_score=2", "max_plies=0", "repetition_draw=0"});
  RetrogradeOptions tiny;
  tiny.memory_limit_bytes = 1000;
  try {
    solve_retrograde(*game->initial_state(), tiny);
    ADD_FAILURE() << "a solve beyond its memory limit was not refused";
  } catch (const GameError& e) {
    EXPECT_NE(std::string(e.what()).find("refused"), std::string::npos) << e.what();
  }
  EXPECT_THROW(solve_retrograde(*load_game("invector", "", {})->initial_state()), GameError);
}

}  // namespace
}  // namespace inchzero::solver
