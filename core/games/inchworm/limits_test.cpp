// The group limits (max_eyes_per_group, max_edges_per_group) against brute
// force: the pruned search for legal distributions must find exactly the
// moves that an unrestricted twin of the rule set plays and the limits allow,
// and the pruning test must never give up on a partial distribution that
// still has a legal completion.
#include "core/games/inchworm/limits.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <set>

#include "core/games/inchworm/captures.h"
#include "core/games/inchworm/test_support.h"
#include "tests/core/game_suite.h"

namespace inchzero::inchworm {
namespace {

using LimitCase = std::vector<std::string>;

// Small boards with large stocks grow tall stacks (long distributions), and
// the capture fixes change which groups survive a move.
const LimitCase kCases[] = {
    {"width=4", "height=4", "stock=10", "max_edges_per_group=1"},
    {"width=5", "height=4", "stock=12", "max_edges_per_group=1", "mover_priority=true"},
    {"width=4", "height=4", "stock=10", "max_edges_per_group=2", "menke=true"},
    {"width=4", "height=5", "stock=10", "max_edges_per_group=1", "topology=cylinder"},
    {"width=4", "height=4", "stock=10", "max_eyes_per_group=1"},
    {"width=5", "height=4", "stock=12", "max_eyes_per_group=1", "smaller_group_only=true"},
    {"width=5", "height=4", "stock=10", "max_eyes_per_group=1", "eye_max_size=2"},
    {"width=4", "height=5", "stock=12", "max_eyes_per_group=1", "max_edges_per_group=2"},
    {"width=4", "height=4", "stock=10", "max_eyes_per_group=1", "enclosure_capture=true"},
};

std::shared_ptr<const InchwormGame> twin_without_limits(const LimitCase& c) {
  LimitCase off = c;
  off.push_back("max_eyes_per_group=0");
  off.push_back("max_edges_per_group=0");
  return testing::game(off);
}

// Legal moves by brute force: every move of the unrestricted twin after which
// the mover's groups respect the limits; pass when none does.
std::vector<Move> brute_force_moves(const InchwormState& s, const InchwormGame& twin) {
  const auto free = twin.new_state_from_position(s.to_position());
  const int mover = s.to_move();
  std::vector<Move> out;
  for (const Move& m : free->legal_moves()) {
    if (twin.layout().kind(m[0]) == ActionKind::kPass) continue;
    auto after = free->clone_state();
    after->apply_move(m);
    if (groups_within_limits(after->position(), mover, s.geometry(), s.rules())) out.push_back(m);
  }
  if (out.empty()) out.push_back({twin.layout().pass()});
  std::sort(out.begin(), out.end());
  return out;
}

// Boundary states of seeded random games (every `stride`-th ply), of
// inchzero::testing::scaled_games(games) games.
std::vector<std::unique_ptr<InchwormState>> boundary_states(const InchwormGame& g, int games,
                                                            int stride) {
  std::mt19937_64 rng(7);
  std::vector<std::unique_ptr<InchwormState>> out;
  std::vector<Action> legal;
  for (int i = 0, n = inchzero::testing::scaled_games(games); i < n; ++i) {
    auto s = g.new_initial_state();
    while (!s->is_terminal()) {
      if (!s->in_compound_move() && s->ply() % stride == 0) out.push_back(s->clone_state());
      s->legal_actions_into(legal);
      s->apply_action(legal[rng() % legal.size()]);
    }
  }
  return out;
}

TEST(CountRegions, CountsOnlyRegionsTouchedAndStopsPastEnough) {
  // 5x1 strip: cells a1, c1, e1 are three separate regions.
  const Geometry geo(5, 3, Topology::kFlat);
  Bits cells;
  for (int c : {0, 2, 4}) cells.set(c);
  cells.set(geo.cell(0, 1));  // a2 joins a1's region
  EXPECT_EQ(count_regions(cells, cells, geo, 10), 3);
  EXPECT_EQ(count_regions(Bits::single(geo.cell(0, 1)) | Bits::single(0), cells, geo, 10), 1);
  EXPECT_EQ(count_regions(Bits::single(2) | Bits::single(4), cells, geo, 10), 2);
  EXPECT_EQ(count_regions(cells, cells, geo, 1), 2) << "stops once past `enough`";
  EXPECT_EQ(count_regions(Bits{}, cells, geo, 10), 0);
}

class Limits : public ::testing::TestWithParam<LimitCase> {};

// With the exact completion search (limit_search_nodes=0): the default bound
// may leave out a rare legal move, which this comparison would report (it
// did, on 4 x 5 with a 12-stack, with a bound of 3000).
TEST_P(Limits, LegalMovesAndDecisionsMatchBruteForce) {
  LimitCase exact = GetParam();
  exact.push_back("limit_search_nodes=0");
  auto g = testing::game(exact);
  auto twin = twin_without_limits(GetParam());
  int compared = 0, long_distributions = 0;
  for (const auto& s : boundary_states(*g, 12, 3)) {
    const std::vector<Move> expected = brute_force_moves(*s, *twin);
    std::vector<Move> listed = s->legal_moves();
    std::sort(listed.begin(), listed.end());
    ASSERT_EQ(listed, expected) << "position " << s->to_position();
    std::vector<Move> by_decisions;
    if (inchzero::testing::moves_by_decisions(*s, 20000, &by_decisions)) {
      std::sort(by_decisions.begin(), by_decisions.end());
      ASSERT_EQ(by_decisions, expected) << "decisions, position " << s->to_position();
    }
    for (const Move& m : expected) long_distributions += m.size() >= 5 ? 1 : 0;
    ++compared;
  }
  // Over 50 positions from the full 12 games; the same share of a scaled run.
  EXPECT_GT(compared, 50 * inchzero::testing::scaled_games(12) / 12);
  EXPECT_GT(long_distributions, 0) << "no distribution of four or more steps was exercised";
}

// Every partial distribution the pruning test gives up on really has no
// legal completion (checked over every king path), and it does give up on
// some, so the check exercises it.
TEST_P(Limits, PruningNeverDropsALegalCompletion) {
  auto g = testing::game(GetParam());
  const Geometry& geo = g->geometry();
  const Rules& rules = g->rules();
  std::mt19937_64 rng(11);
  int pruned = 0;
  for (const auto& s : boundary_states(*g, 12, 1)) {
    const int me = s->to_move();
    for (int c = 0; c < geo.num_cells(); ++c) {
      if (s->owner(c) != me || s->height(c) < 3) continue;
      // A random partial path of one or two steps, then the rest.
      Position pos = s->position();
      pos.set_stack(c, me, 1);
      Bits free = geo.all_cells().minus(pos.occupied());
      const int pieces = s->height(c) - 1;
      int last = c, placed = 0;
      for (int want = 1 + static_cast<int>(rng() % 2); placed < want && placed < pieces - 1;
           ++placed) {
        const Bits next = geo.king_mask(last) & free;
        if (next.none()) break;
        std::vector<int> options;
        for_each_cell(next, [&](int y) { options.push_back(y); });
        last = options[rng() % options.size()];
        free.reset(last);
        pos.set_stack(last, me, 1);
      }
      const int left = pieces - placed;
      if (!limits_broken_for_good(pos, last, left, geo, rules)) continue;
      ++pruned;
      uint8_t path[kMaxCells];
      for_each_king_path(geo, free, last, left, path, 0, [&](const uint8_t* p, int n) {
        Position done = pos;
        for (int i = 0; i < n; ++i) done.set_stack(p[i], me, 1);
        EXPECT_FALSE(limits_hold_after(done, geo, rules))
            << "pruned a legal completion at " << s->to_position();
        return true;
      });
    }
  }
  if (!rules.enclosure_capture) {
    EXPECT_GT(pruned, 0) << "the pruning test never fired";
  }
}

INSTANTIATE_TEST_SUITE_P(RuleSets, Limits, ::testing::ValuesIn(kCases));

// Draws 40 decisions per legal one with random_legal_action at `s`: each
// must be in `legal` (sorted), and their counts must pass a chi-square test
// of uniformity (a bound six standard deviations above its mean).
void expect_uniform_draws(const State& s, const std::vector<Action>& legal, std::mt19937_64& draw,
                          std::vector<Action>& scratch) {
  const int per_action = 40;
  std::vector<int> counts(legal.size(), 0);
  for (size_t i = 0; i < per_action * legal.size(); ++i) {
    const Action a = s.random_legal_action(draw, scratch);
    const auto at = std::lower_bound(legal.begin(), legal.end(), a);
    ASSERT_TRUE(at != legal.end() && *at == a) << "an illegal draw at " << s.to_position();
    ++counts[at - legal.begin()];
  }
  double chi2 = 0;
  for (int n : counts) chi2 += double(n - per_action) * (n - per_action) / per_action;
  const double df = double(legal.size()) - 1;
  EXPECT_LT(chi2, df + 6 * std::sqrt(2 * df)) << "not uniform at " << s.to_position();
}

// Under the limits a random decision is drawn without judging every
// candidate (InchwormState::random_legal_action). It must still be one of
// legal_actions_into's and uniform over them: at decisions of seeded random
// games (at the boundary and inside moves), many draws each, every draw
// legal and the counts within six standard deviations of uniform by the
// chi-square statistic. Some boundaries must have moves the limits forbid
// (an unrestricted twin lists more), or the rejection was never exercised.
TEST(RandomLegalAction, UniformOverTheLegalDecisionsUnderLimits) {
  std::mt19937_64 walk(3), draw(5);
  std::vector<Action> scratch;
  int states = 0, forbidden_seen = 0;
  for (const LimitCase& c : kCases) {
    const auto g = testing::game(c);
    const auto twin = twin_without_limits(c);
    auto s = g->new_initial_state();
    for (int decision = 0; decision < 240 && !s->is_terminal(); ++decision) {
      const std::vector<Action> legal = s->legal_actions();
      if (decision % 4 == 0 && legal.size() > 1 && legal.size() <= 40) {
        if (!s->in_compound_move() &&
            twin->new_state_from_position(s->to_position())->legal_actions().size() > legal.size())
          ++forbidden_seen;
        expect_uniform_draws(*s, legal, draw, scratch);
        ++states;
      }
      s->apply_action(legal[walk() % legal.size()]);
    }
  }
  EXPECT_GT(states, 100);
  EXPECT_GT(forbidden_seen, 5) << "no position where the limits forbid a move was drawn from";
}

// Under the limits the rest of a distribution is drawn by one shuffled
// search (InchwormState::random_completion). Every decision it gives must be
// legal where it is taken (legal_actions offers only decisions with a legal
// completion, so the finished move is legal), and the draws must vary.
TEST(RandomCompletion, UnderLimitsEveryDrawIsALegalMoveAndTheyVary) {
  std::mt19937_64 walk(13), draw(17);
  int distributions = 0, varied = 0;
  for (const LimitCase& c : kCases) {
    const auto g = testing::game(c);
    auto s = g->new_initial_state();
    for (int decision = 0; decision < 300 && !s->is_terminal(); ++decision) {
      const std::vector<Action> legal = s->legal_actions();
      const auto& state = dynamic_cast<const InchwormState&>(*s);
      if (state.move_kind() == MoveKind::kDistribute && state.pieces_left() >= 2) {
        std::set<std::vector<Action>> drawn;
        for (int k = 0; k < 8; ++k) {
          const std::vector<Action> rest = s->random_completion(draw);
          ASSERT_FALSE(rest.empty());
          auto t = s->clone();
          for (Action a : rest) {
            const std::vector<Action> here = t->legal_actions();
            ASSERT_NE(std::find(here.begin(), here.end(), a), here.end())
                << "an illegal decision in a drawn completion at " << s->to_position();
            t->apply_action(a);
          }
          EXPECT_FALSE(t->in_compound_move());
          drawn.insert(rest);
        }
        ++distributions;
        varied += drawn.size() > 1;
      }
      s->apply_action(legal[walk() % legal.size()]);
    }
  }
  EXPECT_GT(distributions, 20);
  EXPECT_GT(varied, 5) << "the drawn completions never varied";
}

// Without limits the draw defers the costly check too: a distribution
// (its start, or its next square) is offered before its path search and
// searched only when drawn (InchwormState::path_open), a dead end being
// rejected and drawn again from the rest. Draws must be legal and uniform
// over legal_actions_into's list, and the walk must meet stacks whose
// distribution is a dead end, or the rejection is untested.
TEST(RandomLegalAction, UniformOverTheLegalDecisionsWithoutLimits) {
  const LimitCase kFree[] = {
      {"width=4", "height=4", "stock=10"},
      {"width=5", "height=4", "stock=12", "topology=cylinder"},
      {"width=4", "height=4", "stock=10", "enclosure_capture=true"},
      {"width=5", "height=5", "stock=14", "topology=torus"},
  };
  std::mt19937_64 walk(7), draw(11);
  std::vector<Action> scratch;
  int states = 0, dead_ends_seen = 0;
  for (const LimitCase& c : kFree) {
    const auto g = testing::game(c);
    ASSERT_FALSE(g->rules().restricts_moves());
    auto s = g->new_initial_state();
    for (int decision = 0; decision < 400 && !s->is_terminal(); ++decision) {
      const std::vector<Action> legal = s->legal_actions();
      const auto& state = dynamic_cast<const InchwormState&>(*s);
      if (!s->in_compound_move()) {
        // Stacks tall enough to distribute that have no path: dead ends.
        const Position& pos = state.position();
        const int empty = state.geometry().all_cells().minus(pos.occupied()).count();
        for (int cell = 0; cell < state.geometry().num_cells(); ++cell) {
          const int h = pos.height(cell);
          if (pos.owner(cell) == pos.to_move() && h >= 2 && h - 1 <= empty &&
              !std::binary_search(legal.begin(), legal.end(), g->layout().distribute_from(cell)))
            ++dead_ends_seen;
        }
      }
      if (decision % 3 == 0 && legal.size() > 1 && legal.size() <= 40) {
        expect_uniform_draws(*s, legal, draw, scratch);
        ++states;
      }
      if (legal.size() == 1) {
        ASSERT_EQ(s->random_legal_action(draw, scratch), legal[0]) << s->to_position();
      }
      s->apply_action(legal[walk() % legal.size()]);
    }
  }
  EXPECT_GT(states, 100);
  EXPECT_GT(dead_ends_seen, 5) << "no stack without a distribution path was met";
}

// A position from a self-play game under max-eyes-1 on 8 x 8 where Red
// distributes a 21-stack from a1 next to Blue's 22-stack on b1 (which the
// move will capture). Choosing the next square of that distribution used to
// search paths for minutes. Whatever is offered must still complete into a
// legal move: follow the first offered decision until the move ends, from
// every offered next square, and check the mover's groups afterwards.
TEST(LimitsBoundedSearch, TallDistributionOffersOnlyCompletableSquares) {
  auto g = testing::game({"max_plies=1200"}, "max-eyes-1");
  auto start =
      testing::at(g, "8/B1,7/8/8/4,B1,2,R1/3,R1,4/R1,2,B1,4/R21,B22,3,R1,2 r 0,0 0,0 0,0 50 50 0");
  const ActionLayout& layout = g->layout();
  start->apply_action(layout.distribute_from(testing::cell(*start, "a1")));
  start->apply_action(layout.to(testing::cell(*start, "b2")));
  start->apply_action(layout.to(testing::cell(*start, "c1")));
  const std::vector<Action> offered = start->legal_actions();
  ASSERT_FALSE(offered.empty());
  for (Action first : offered) {
    auto s = start->clone();
    s->apply_action(first);
    while (s->in_compound_move()) {
      const std::vector<Action> next = s->legal_actions();
      ASSERT_FALSE(next.empty()) << "an offered decision led to a dead end";
      s->apply_action(next.front());
    }
    const auto& done = dynamic_cast<const InchwormState&>(*s);
    EXPECT_TRUE(groups_within_limits(done.position(), 0, done.geometry(), done.rules()))
        << "an offered decision completed into an illegal move: " << done.to_position();
  }
}

// Random games on the full board under each limit, long enough for tall
// stacks: every decision point offers something, and every finished move
// leaves the mover's groups within the limits, also when the bounded
// completion search gave up on some decisions (counted, and expected to
// happen, so that the bound is really exercised).
TEST(LimitsBoundedSearch, RandomFullBoardGamesStayLegal) {
  const int64_t unknown_before = unknown_completions();
  for (const char* rules : {"max-eyes-1", "max-edges-1"}) {
    auto g = testing::game({"max_plies=1200"}, rules);
    std::mt19937_64 rng(5);
    for (int game = 0; game < 6; ++game) {
      auto s = g->new_initial_state();
      while (!s->is_terminal()) {
        const int mover = s->current_player();
        const std::vector<Action> legal = s->legal_actions();
        ASSERT_FALSE(legal.empty()) << rules << ": no decision at " << s->to_position();
        s->apply_action(legal[rng() % legal.size()]);
        if (s->in_compound_move()) continue;
        const auto& st = dynamic_cast<const InchwormState&>(*s);
        ASSERT_TRUE(groups_within_limits(st.position(), mover, st.geometry(), st.rules()))
            << rules << ": illegal move played, now " << st.to_position();
      }
    }
  }
  EXPECT_GT(unknown_completions(), unknown_before) << "the bound never mattered";
}

}  // namespace
}  // namespace inchzero::inchworm
