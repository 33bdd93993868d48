// The solver's values against plain minimax without a memo (a different
// algorithm: it walks the full tree, never shares a subtree), at every
// position of the smallest boards, and the solution file's refusals.
#include "core/solver/solver.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <algorithm>
#include <filesystem>
#include <set>

#include "core/atomic_file.h"
#include "core/registry.h"
#include "core/solver/solution_file.h"

namespace inchzero::solver {
namespace {

struct MinimaxCheck {
  const Solution& solution;
  std::set<std::string> seen;  // keys of the non-terminal positions met

  // Minimax value of `state` for its player to decide; checks the solver's
  // entry for this position (value and optimal set) on the way back.
  int value(const State& state, const std::string& boundary, const std::vector<Action>& partial) {
    const int me = state.current_player();
    const std::vector<Action> actions = state.legal_actions();
    std::vector<int> values;
    for (Action a : actions) {
      auto child = state.clone();
      child->apply_action(a);
      int v;
      if (child->is_terminal()) {
        v = child->winner() == kNoPlayer ? 0 : child->winner() == me ? 1 : -1;
      } else if (child->in_compound_move()) {
        std::vector<Action> more = partial;
        more.push_back(a);
        v = value(*child, boundary, more);
        if (child->current_player() != me) v = -v;
      } else {
        v = value(*child, child->to_position(), {});
        if (child->current_player() != me) v = -v;
      }
      values.push_back(v);
    }
    const int best = *std::max_element(values.begin(), values.end());
    std::vector<Action> optimal;
    for (size_t i = 0; i < actions.size(); ++i)
      if (values[i] == best) optimal.push_back(actions[i]);
    const std::string key = position_key(boundary, partial);
    const SolvedPosition* p = solution.find(key);
    EXPECT_NE(p, nullptr) << "missing " << key;
    if (p) {
      EXPECT_EQ(p->player, me) << key;
      EXPECT_EQ(p->value, best) << key;
      EXPECT_EQ(p->best, optimal) << key;
      EXPECT_EQ(p->num_legal, static_cast<int32_t>(actions.size())) << key;
    }
    seen.insert(key);
    return best;
  }
};

// Solve, then brute-force every line of play and compare.
void check_against_brute_force(const Game& game) {
  SolveStats stats;
  const Solution s = solve(game, {}, nullptr, &stats);
  auto start = game.initial_state();
  MinimaxCheck bf{s, {}};
  const int root = bf.value(*start, start->to_position(), {});
  EXPECT_EQ(s.start().value, root);
  // The solver stored exactly the positions the full tree contains.
  EXPECT_EQ(bf.seen.size(), s.positions.size());
  EXPECT_EQ(stats.positions, static_cast<int64_t>(s.positions.size()));
  EXPECT_GT(stats.positions, 10);
}

TEST(Solver, InvectorSmallestBoardMatchesBruteForce) {
  check_against_brute_force(*load_game("invector", "", {"width=3", "height=4", "max_plies=6"}));
}

TEST(Solver, InvectorWithoutPieMatchesBruteForce) {
  check_against_brute_force(
      *load_game("invector", "", {"width=4", "height=3", "pie=false", "max_plies=7"}));
}

TEST(Solver, InchwormSmallestBoardMatchesBruteForce) {
  // Five plies reach compound moves (collect and distribute decisions);
  // target_score=1 makes a capture decide the game.
  check_against_brute_force(*load_game(
      "inchworm", "",
      {"width=3", "height=3", "stock=2", "target_score=1", "max_plies=5", "repetition_draw=0"}));
}

TEST(Solver, InchwormDefaultRepetitionBelowItsReachMatchesBruteForce) {
  // repetition_draw=3 cannot happen within 3 plies, so it is accepted.
  check_against_brute_force(*load_game(
      "inchworm", "", {"width=3", "height=3", "stock=2", "target_score=1", "max_plies=3"}));
}

TEST(Solver, SteereSmallestBoardMatchesBruteForce) {
  check_against_brute_force(
      *load_game("steere-inchworm", "", {"width=3", "height=3", "max_plies=10"}));
}

TEST(Solver, KeysRebuildTheirStates) {
  auto game = load_game(
      "inchworm", "",
      {"width=3", "height=3", "stock=2", "target_score=1", "max_plies=5", "repetition_draw=0"});
  const Solution s = solve(*game);
  int mid_move = 0;
  for (const SolvedPosition& p : s.positions) {
    auto state = state_for_key(*game, p.key);
    ASSERT_FALSE(state->is_terminal()) << p.key;
    EXPECT_EQ(state->current_player(), p.player) << p.key;
    for (Action a : p.best) {
      const auto legal = state->legal_actions();
      EXPECT_TRUE(std::binary_search(legal.begin(), legal.end(), a)) << p.key;
    }
    mid_move += state->in_compound_move();
  }
  EXPECT_GT(mid_move, 0) << "no compound-move position was solved";
}

TEST(Solver, RefusesHistoryDependentRules) {
  EXPECT_THROW(solve(*load_game("inchworm", "", {"width=3", "height=3", "max_plies=4"})),
               GameError);
  EXPECT_THROW(solve(*load_game("inchworm-chess", "fide")), GameError);
}

TEST(Solver, RefusesTooManyPositions) {
  SolveLimits limits;
  limits.max_positions = 5;
  EXPECT_THROW(solve(*load_game("invector", "", {"width=3", "height=4"}), limits),
               std::runtime_error);
}

class SolutionFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("solver_test_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
    path_ = (dir_ / "s.jsonl.gz").string();
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::filesystem::path dir_;
  std::string path_;
};

TEST_F(SolutionFileTest, RoundTrip) {
  auto game = load_game("invector", "", {"width=3", "height=4", "max_plies=6"});
  const Solution s = solve(*game);
  write_solution(path_, s);
  const Solution r = read_solution(path_);
  check_solution_matches(r, *game, path_);
  ASSERT_EQ(r.positions.size(), s.positions.size());
  for (size_t i = 0; i < s.positions.size(); ++i) {
    EXPECT_EQ(r.positions[i].key, s.positions[i].key);
    EXPECT_EQ(r.positions[i].value, s.positions[i].value);
    EXPECT_EQ(r.positions[i].best, s.positions[i].best);
    EXPECT_EQ(r.positions[i].num_legal, s.positions[i].num_legal);
  }
  EXPECT_EQ(r.start_key, s.start_key);
}

TEST_F(SolutionFileTest, RefusesMismatchedRulesAndGame) {
  auto game = load_game("invector", "", {"width=3", "height=4", "max_plies=6"});
  write_solution(path_, solve(*game));
  const Solution r = read_solution(path_);
  auto other = load_game("invector", "", {"width=3", "height=4", "max_plies=9"});
  try {
    check_solution_matches(r, *other, path_);
    FAIL() << "other rules accepted";
  } catch (const GameError& e) {
    EXPECT_NE(std::string(e.what()).find("max_plies=9"), std::string::npos) << e.what();
  }
  EXPECT_THROW(check_solution_matches(r, *load_game("steere-inchworm"), path_), GameError);
}

// The rules are matched by what they do, not how they are written: the
// per-piece no-capture allowance changes nothing while the limit is off,
// so a solution made without it serves rules that spell it out; a cap
// that ends games later does not.
TEST_F(SolutionFileTest, MatchesRulesByTheirBehaviour) {
  const std::vector<std::string> board = {"width=3",        "height=3",    "stock=2",
                                          "target_score=1", "max_plies=5", "repetition_draw=0"};
  write_solution(path_, solve(*load_game("inchworm", "", board)));
  const Solution r = read_solution(path_);
  std::vector<std::string> same = board;
  same.push_back("no_capture_limit_per_piece=3");
  const auto same_game = load_game("inchworm", "", same);
  ASSERT_NE(same_game->options().to_yaml(), load_game("inchworm", "", board)->options().to_yaml());
  EXPECT_NO_THROW(check_solution_matches(r, *same_game, path_));
  std::vector<std::string> longer = board;
  longer[4] = "max_plies=7";
  EXPECT_THROW(check_solution_matches(r, *load_game("inchworm", "", longer), path_), GameError);
}

// A version 1 file (its fingerprint a hash of the options text) is read by
// rebuilding the behaviour fingerprint from the options it recorded.
TEST_F(SolutionFileTest, ReadsVersionOneFilesByTheirOptions) {
  const auto game = load_game("invector", "", {"width=3", "height=4", "max_plies=6"});
  write_solution(path_, solve(*game));
  std::string text;
  {
    gzFile in = gzopen(path_.c_str(), "rb");
    ASSERT_NE(in, nullptr);
    char buffer[1 << 16];
    for (int n; (n = gzread(in, buffer, sizeof buffer)) > 0;) text.append(buffer, n);
    gzclose(in);
  }
  const std::string version = "\"version\":2";
  ASSERT_NE(text.find(version), std::string::npos);
  text.replace(text.find(version), version.size(), "\"version\":1");
  const size_t fp = text.find("\"fingerprint\":\"") + 15;
  text.replace(fp, 16, "0123456789abcdef");  // what a text hash would be: ignored
  {
    gzFile out = gzopen(path_.c_str(), "wb");
    ASSERT_EQ(gzwrite(out, text.data(), static_cast<unsigned>(text.size())),
              static_cast<int>(text.size()));
    gzclose(out);
  }
  const Solution r = read_solution(path_);
  EXPECT_NO_THROW(check_solution_matches(r, *game, path_));
  EXPECT_THROW(check_solution_matches(
                   r, *load_game("invector", "", {"width=3", "height=4", "max_plies=9"}), path_),
               GameError);
}

TEST_F(SolutionFileTest, RefusesDamagedFiles) {
  write_solution(path_, solve(*load_game("invector", "", {"width=3", "height=4", "max_plies=6"})));
  const std::string good = read_file(path_);
  // A flipped byte in the compressed body (CRC or inflate error).
  std::string flipped = good;
  flipped[good.size() / 2] = static_cast<char>(flipped[good.size() / 2] ^ 0x5a);
  write_file_atomically(path_, flipped);
  EXPECT_THROW(read_solution(path_), GameError);
  // Cut short.
  write_file_atomically(path_, good.substr(0, good.size() - 20));
  EXPECT_THROW(read_solution(path_), GameError);
  // Not gzip at all, and missing.
  write_file_atomically(path_, "{\"format\":\"inchzero-solution\"}\n");
  EXPECT_THROW(read_solution(path_), GameError);
  EXPECT_THROW(read_solution((dir_ / "missing.gz").string()), GameError);
}

}  // namespace
}  // namespace inchzero::solver
