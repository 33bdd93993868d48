#include "core/move_sample.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "core/games/inchworm/test_support.h"

namespace inchzero {
namespace {

namespace iw = inchworm::testing;

// A red 20-stack alone in the middle of the open 8 x 8 board: its
// distribution paths number far more than memory holds, so legal_moves()
// cannot list them (the lab's out-of-memory position had a 21-stack).
constexpr const char* kTallStack = "8/8/8/3,R20,4/8/8/8/B1,7 r 5,24 0,0 0,0 40 0 0";

// True when `move` is a legal decision sequence from `state` ending at a
// move boundary.
bool legal_by_decisions(const State& state, const Move& move) {
  std::unique_ptr<State> s = state.clone();
  for (size_t i = 0; i < move.size(); ++i) {
    const std::vector<Action> legal = s->legal_actions();
    if (!std::binary_search(legal.begin(), legal.end(), move[i])) return false;
    s->apply_action(move[i]);
    if (s->in_compound_move() != (i + 1 < move.size())) return false;
  }
  return true;
}

TEST(SampleLegalMoves, TallStackIsBoundedAndLegal) {
  auto g = iw::game();
  auto s = iw::at(g, kTallStack);
  const int per_first = 16;
  std::mt19937_64 rng(1);
  const std::vector<Move> moves = sample_legal_moves(*s, per_first, rng);
  const size_t first_decisions = s->legal_actions().size();
  EXPECT_LE(moves.size(), first_decisions * per_first);
  std::set<Move> distinct(moves.begin(), moves.end());
  EXPECT_EQ(distinct.size(), moves.size()) << "a move listed twice";
  const Action distribute = g->layout().distribute_from(iw::cell(*s, "d5"));
  int distributions = 0;
  std::set<Action> firsts;
  for (const Move& m : moves) {
    ASSERT_TRUE(legal_by_decisions(*s, m)) << s->move_to_string(m);
    firsts.insert(m.front());
    if (m.front() == distribute) {
      ++distributions;
      EXPECT_EQ(m.size(), 20u) << "a 20-stack distribution is 1 + 19 decisions";
    }
  }
  EXPECT_EQ(firsts.size(), first_decisions) << "every first decision is represented";
  // Random paths of a 20-stack almost never coincide.
  EXPECT_GE(distributions, per_first - 2);
  EXPECT_LE(distributions, per_first);
}

TEST(SampleLegalMoves, SameSeedSameMovesOtherSeedOtherPaths) {
  auto g = iw::game();
  auto s = iw::at(g, kTallStack);
  std::mt19937_64 a(7), b(7), c(8);
  const std::vector<Move> first = sample_legal_moves(*s, 8, a);
  EXPECT_EQ(first, sample_legal_moves(*s, 8, b));
  EXPECT_NE(first, sample_legal_moves(*s, 8, c));
}

// The visitor sees sample_legal_moves' list in its order, and when it stops
// the listing it is not called again: each prefix of the list is what a
// visitor that stops there sees (the tall stack's random completions
// included, whose draws after the stop are never made).
TEST(VisitSampledMoves, VisitsTheSampledListInOrderAndStopsWhenAsked) {
  auto g = iw::game();
  auto s = iw::at(g, kTallStack);
  std::mt19937_64 listing_rng(11);
  const std::vector<Move> listed = sample_legal_moves(*s, 8, listing_rng);
  ASSERT_GT(listed.size(), 20u);
  for (size_t stop_after : {size_t{1}, size_t{7}, listed.size() - 3, listed.size()}) {
    std::mt19937_64 rng(11);
    std::vector<Move> seen;
    const bool all = visit_sampled_moves(*s, 8, rng, [&](const Move& move) {
      seen.push_back(move);
      return seen.size() < stop_after;
    });
    EXPECT_EQ(seen, std::vector<Move>(listed.begin(), listed.begin() + stop_after));
    EXPECT_EQ(all, false) << "the last visit returned false";
  }
  std::mt19937_64 rng(11);
  size_t visits = 0;
  EXPECT_TRUE(visit_sampled_moves(*s, 8, rng, [&](const Move&) { return ++visits > 0; }));
  EXPECT_EQ(visits, listed.size());
}

// Exact when every first decision has few moves: a 3-stack's distributions
// (at most 8·7 paths) and a collect are listed in full, so the list is
// legal_moves() itself.
TEST(SampleLegalMoves, ExactWhenEveryFirstDecisionIsSmall) {
  auto g = iw::game();
  auto s = iw::at(g, "8/8/8/3,R3,R1,R2,2/8/8/8/B1,7 r 19,24 0,0 0,0 40 0 0");
  std::mt19937_64 rng(3);
  std::vector<Move> sampled = sample_legal_moves(*s, kDefaultMovesPerFirstDecision, rng);
  std::vector<Move> exact = s->legal_moves();
  std::sort(sampled.begin(), sampled.end());
  std::sort(exact.begin(), exact.end());
  EXPECT_EQ(sampled, exact);
  // And smaller than the exact list once the bound bites.
  std::mt19937_64 rng2(3);
  EXPECT_LT(sample_legal_moves(*s, 4, rng2).size(), exact.size());
}

TEST(ListLegalMoves, AllMovesOrFalseBeyondTheLimit) {
  auto g = iw::game();
  auto small = iw::at(g, "8/8/8/3,R3,R1,R2,2/8/8/8/B1,7 r 19,24 0,0 0,0 40 0 0");
  std::vector<Move> listed;
  ASSERT_TRUE(list_legal_moves(*small, 100000, &listed));
  std::vector<Move> exact = small->legal_moves();
  std::sort(exact.begin(), exact.end());
  std::sort(listed.begin(), listed.end());
  EXPECT_EQ(listed, exact);
  EXPECT_FALSE(list_legal_moves(*small, 10, &listed));
  EXPECT_EQ(listed.size(), 11u);
  // The tall stack: legal_moves() would not fit in memory.
  EXPECT_FALSE(list_legal_moves(*iw::at(g, kTallStack), 100000, &listed));
  EXPECT_EQ(listed.size(), 100001u);
}

TEST(SampleLegalMoves, RejectsZeroBound) {
  auto g = iw::game();
  auto s = g->initial_state();
  std::mt19937_64 rng(1);
  EXPECT_THROW(sample_legal_moves(*s, 0, rng), std::invalid_argument);
}

}  // namespace
}  // namespace inchzero
