#include "tests/core/game_suite.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "core/move_sample.h"
#include "core/registry.h"

namespace inchzero::testing {

std::shared_ptr<const Game> load_case(const SuiteCase& c) {
  return load_game(c.game, c.rules, c.overrides);
}

void PrintTo(const SuiteCase& c, std::ostream* os) {
  *os << c.game << " --rules " << c.rules;
  for (const auto& o : c.overrides) *os << " --set " << o;
}

namespace {

bool walk(const State& state, size_t budget, Move& prefix, std::vector<Move>* out) {
  for (Action a : state.legal_actions()) {
    std::unique_ptr<State> child = state.clone();
    const int player = state.current_player();
    child->apply_action(a);
    prefix.push_back(a);
    if (child->in_compound_move()) {
      EXPECT_EQ(child->current_player(), player) << "the same player finishes a compound move";
      EXPECT_FALSE(child->legal_actions().empty()) << "a decision led into a dead end";
      if (!walk(*child, budget, prefix, out)) return false;
    } else {
      out->push_back(prefix);
      if (out->size() > budget) return false;
    }
    prefix.pop_back();
  }
  return true;
}

}  // namespace

bool moves_by_decisions(const State& state, size_t budget, std::vector<Move>* out) {
  Move prefix;
  out->clear();
  return walk(state, budget, prefix, out);
}

namespace {

double read_test_scale() {
  const char* text = std::getenv("INCHZERO_TEST_SCALE");
  if (text == nullptr || *text == '\0') return 1.0;
  char* end = nullptr;
  const double scale = std::strtod(text, &end);
  if (*end != '\0' || !(scale > 0.0 && scale <= 1.0)) {
    std::fprintf(stderr, "INCHZERO_TEST_SCALE='%s': expected a fraction in (0, 1]\n", text);
    std::exit(2);
  }
  return scale;
}

}  // namespace

int scaled_games(int full) {
  static const double scale = read_test_scale();
  return std::max(1, static_cast<int>(std::lround(full * scale)));
}

std::vector<std::unique_ptr<State>> sample_states(const Game& game, uint64_t seed, int games,
                                                  int stride) {
  std::mt19937_64 rng(seed);
  std::vector<std::unique_ptr<State>> out;
  for (int g = 0, n = scaled_games(games); g < n; ++g) {
    std::unique_ptr<State> s = game.initial_state();
    for (int step = 0; !s->is_terminal() && step < game.max_game_length(); ++step) {
      if (step % stride == 0) out.push_back(s->clone());
      std::vector<Action> legal = s->legal_actions();
      s->apply_action(legal[rng() % legal.size()]);
    }
    out.push_back(std::move(s));
  }
  return out;
}

namespace {

class GameSuite : public ::testing::TestWithParam<SuiteCase> {
 protected:
  void SetUp() override { game_ = load_case(GetParam()); }
  std::shared_ptr<const Game> game_;
};

// Random games: every decision offered is in range, sorted, unique, and the
// outcome fields agree with is_terminal().
TEST_P(GameSuite, RandomPlayoutsKeepInvariants) {
  std::mt19937_64 rng(1);
  int finished = 0;
  for (int g = 0; g < GetParam().games; ++g) {
    std::unique_ptr<State> s = game_->initial_state();
    int decisions = 0;
    while (!s->is_terminal()) {
      std::vector<Action> legal = s->legal_actions();
      ASSERT_FALSE(legal.empty()) << "a running game must offer a decision";
      ASSERT_TRUE(std::is_sorted(legal.begin(), legal.end()));
      ASSERT_EQ(std::adjacent_find(legal.begin(), legal.end()), legal.end());
      ASSERT_GE(legal.front(), 0);
      ASSERT_LT(legal.back(), game_->num_actions());
      ASSERT_EQ(s->winner(), kNoPlayer);
      ASSERT_EQ(s->end_reason(), EndReason::kNone);
      const int player = s->current_player();
      ASSERT_TRUE(player == 0 || player == 1);
      const int ply = s->ply();
      s->apply_action(legal[rng() % legal.size()]);
      if (s->in_compound_move()) {
        ASSERT_EQ(s->current_player(), player);
        ASSERT_EQ(s->ply(), ply);
      } else {
        ASSERT_EQ(s->ply(), ply + 1);
      }
      ASSERT_LE(++decisions, game_->max_game_length());
    }
    EXPECT_TRUE(s->legal_actions().empty());
    EXPECT_TRUE(s->legal_moves().empty());
    EXPECT_NE(s->end_reason(), EndReason::kNone);
    EXPECT_TRUE(s->winner() == kNoPlayer || s->winner() == 0 || s->winner() == 1);
    ++finished;
  }
  EXPECT_EQ(finished, GetParam().games);
}

// clone() copies everything: equal hash, equal futures. Equal hashes mean
// equal states (no collisions among the states seen).
TEST_P(GameSuite, CloneAndHashConsistency) {
  std::mt19937_64 rng(2);
  std::map<uint64_t, std::string> seen;
  for (const auto& s : sample_states(*game_, 3, GetParam().games, 3)) {
    std::unique_ptr<State> c = s->clone();
    ASSERT_EQ(c->hash(), s->hash());
    ASSERT_EQ(c->to_json(), s->to_json());
    ASSERT_EQ(c->legal_actions(), s->legal_actions());
    std::string key = s->to_json().dump() + (s->in_compound_move() ? "|mid" : "|boundary");
    for (Action a : s->legal_actions()) key += "," + std::to_string(a);
    auto [it, fresh] = seen.emplace(s->hash(), key);
    if (!fresh) {
      ASSERT_EQ(it->second, key) << "two different states share a hash";
    }
    if (!s->is_terminal()) {
      std::vector<Action> legal = s->legal_actions();
      Action a = legal[rng() % legal.size()];
      c->apply_action(a);
      std::unique_ptr<State> d = s->clone();
      d->apply_action(a);
      ASSERT_EQ(c->hash(), d->hash());
      ASSERT_NE(c->hash(), s->hash()) << "a decision must change the state";
    }
  }
}

// copy_from makes a used state (its vectors already grown by another game)
// equal to the source, with the same future, as search resets its scratch
// state to the root this way; legal_actions_into refills a reused vector with
// exactly legal_actions(). A state of another class is refused, not sliced.
TEST_P(GameSuite, CopyFromAndLegalActionsIntoMatchCloneAndLegalActions) {
  std::mt19937_64 rng(6);
  const auto states = sample_states(*game_, 5, GetParam().games, 4);
  std::unique_ptr<State> warm = states.back()->clone();  // a finished game
  std::vector<Action> reused = {-1, -2, -3};
  for (const auto& s : states) {
    warm->copy_from(*s);
    ASSERT_EQ(warm->hash(), s->hash());
    ASSERT_EQ(warm->to_json(), s->to_json());
    ASSERT_EQ(warm->ply(), s->ply());
    ASSERT_EQ(warm->is_terminal(), s->is_terminal());
    ASSERT_EQ(warm->in_compound_move(), s->in_compound_move());
    s->legal_actions_into(reused);
    ASSERT_EQ(reused, s->legal_actions());
    if (s->is_terminal()) continue;
    const Action a = reused[rng() % reused.size()];
    std::unique_ptr<State> c = s->clone();
    c->apply_action(a);
    warm->apply_action(a);
    ASSERT_EQ(warm->hash(), c->hash());
    ASSERT_EQ(warm->legal_actions(), c->legal_actions());
  }
  const auto other = load_game(game_->name() == "invector" ? "inchworm" : "invector");
  EXPECT_THROW(warm->copy_from(*other->initial_state()), std::invalid_argument);
}

// to_json() describes the board for programs that draw it (the browser UI,
// docs/ui.md): every game gives "width" and "height", and "cells" names
// occupied squares only, each as file letter + rank number on that board.
TEST_P(GameSuite, JsonNamesTheBoard) {
  for (const auto& s : sample_states(*game_, 4, 2, 5)) {
    const nlohmann::json j = s->to_json();
    ASSERT_TRUE(j.contains("width") && j["width"].is_number_integer()) << j.dump();
    ASSERT_TRUE(j.contains("height") && j["height"].is_number_integer()) << j.dump();
    const int width = j["width"], height = j["height"];
    ASSERT_TRUE(j.contains("cells") && j["cells"].is_object()) << j.dump();
    for (const auto& [name, value] : j["cells"].items()) {
      ASSERT_GE(name.size(), 2u) << name;
      const int file = name[0] - 'a';
      const int rank = std::stoi(name.substr(1));
      EXPECT_TRUE(file >= 0 && file < width && rank >= 1 && rank <= height)
          << name << " is not a square of a " << width << "x" << height << " board";
    }
  }
}

// The decision tree and legal_moves() describe the same full moves.
TEST_P(GameSuite, DecisionSequencesEqualLegalMoves) {
  int compared = 0;
  for (const auto& s : sample_states(*game_, 4, GetParam().games, 5)) {
    if (s->in_compound_move() || s->is_terminal()) continue;
    std::vector<Move> by_decisions;
    if (!moves_by_decisions(*s, 5000, &by_decisions)) continue;  // too many to compare
    std::vector<Move> listed = s->legal_moves();
    std::sort(by_decisions.begin(), by_decisions.end());
    std::sort(listed.begin(), listed.end());
    ASSERT_EQ(listed, by_decisions) << "position " << s->to_position();
    ++compared;
  }
  EXPECT_GT(compared, 0);
}

// With a bound above every first decision's move count, the sampled move
// list of the heuristic players (core/move_sample.h) is legal_moves().
TEST_P(GameSuite, SampledMovesEqualLegalMovesWhenSmall) {
  int compared = 0;
  std::mt19937_64 rng(6);
  for (const auto& s : sample_states(*game_, 4, GetParam().games, 7)) {
    if (s->in_compound_move() || s->is_terminal()) continue;
    std::vector<Move> by_decisions;
    if (!moves_by_decisions(*s, 5000, &by_decisions)) continue;  // too many to compare
    std::vector<Move> sampled = sample_legal_moves(*s, 5000, rng);
    std::sort(by_decisions.begin(), by_decisions.end());
    std::sort(sampled.begin(), sampled.end());
    ASSERT_EQ(by_decisions, sampled) << "position " << s->to_position();
    ++compared;
  }
  EXPECT_GT(compared, 0);
}

// Every legal move prints to text that parses back to the same move, and all
// texts of one position are distinct.
TEST_P(GameSuite, MoveNotationRoundTrip) {
  int checked = 0;
  for (const auto& s : sample_states(*game_, 5, GetParam().games, 13)) {
    if (s->in_compound_move() || s->is_terminal()) continue;
    std::vector<Move> moves;
    if (!moves_by_decisions(*s, 1500, &moves)) continue;
    std::set<std::string> texts;
    for (const Move& m : moves) {
      const std::string text = s->move_to_string(m);
      ASSERT_TRUE(texts.insert(text).second) << "two moves print as " << text;
      ASSERT_EQ(s->parse_move(text), m) << text << " in " << s->to_position();
      ++checked;
    }
  }
  EXPECT_GT(checked, 0);
}

// Position notation reproduces the state: same text, same moves, same hash of
// the board-level view.
TEST_P(GameSuite, PositionNotationRoundTrip) {
  for (const auto& s : sample_states(*game_, 6, GetParam().games, 4)) {
    if (s->in_compound_move()) continue;
    const std::string text = s->to_position();
    std::unique_ptr<State> back = game_->state_from_position(text);
    ASSERT_EQ(back->to_position(), text);
    ASSERT_EQ(back->current_player(), s->current_player());
    ASSERT_EQ(back->ply(), s->ply());
    if (!s->is_terminal()) {
      ASSERT_EQ(back->legal_actions(), s->legal_actions()) << text;
    }
  }
}

TEST_P(GameSuite, BadInputIsRejectedWithGameError) {
  std::unique_ptr<State> s = game_->initial_state();
  for (const char* text : {"", "???", "zz99", "pass pass"})
    EXPECT_THROW(s->parse_move(text), GameError) << text;
  for (const char* text : {"", "garbage", "1 2 3"})
    EXPECT_THROW(game_->state_from_position(text), GameError) << text;
}

std::string case_name(const ::testing::TestParamInfo<SuiteCase>& info) {
  std::string name =
      info.param.game + "_" + (info.param.rules.empty() ? "default" : info.param.rules);
  for (const auto& o : info.param.overrides) name += "_" + o;
  for (char& ch : name)
    if (!isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return name;
}

// The table: every game with the rule sets that exercise different code.
// Small boards keep random games short.
const SuiteCase kCases[] = {
    {"inchworm", "original", {}, 6},
    {"inchworm", "small", {}, 20},
    {"inchworm", "original", {"width=5", "height=4", "stock=8", "target_score=12"}, 20},
    {"inchworm", "cylinder", {"width=5", "height=5", "stock=10", "target_score=15"}, 20},
    {"inchworm", "torus", {"width=4", "height=3", "stock=6", "target_score=10"}, 20},
    {"inchworm", "drop-prisoners", {"width=5", "height=5", "stock=8", "target_score=15"}, 20},
    {"inchworm", "max-eyes-1", {"width=5", "height=5", "stock=10", "target_score=15"}, 12},
    {"inchworm", "max-edges-1", {"width=5", "height=5", "stock=10", "target_score=15"}, 12},
    {"inchworm", "enclosure-points", {"width=5", "height=5", "stock=10", "target_score=15"}, 20},
    {"inchworm",
     "smaller-group-only",
     {"width=5", "height=5", "stock=10", "enclosure_capture=true"},
     20},
    {"inchworm",
     "mover-priority",
     {"width=5", "height=5", "stock=10", "enclosure_capture=true"},
     20},
    {"inchworm", "menke", {"width=5", "height=5", "stock=10", "target_score=15"}, 20},
    {"inchworm", "enclosure-points-opponent", {"width=5", "height=5", "stock=10"}, 20},
    {"inchworm", "enclosure-smaller-group-area", {"width=5", "height=5", "stock=10"}, 20},
    {"inchworm", "enclosure-mover-priority", {"width=5", "height=5", "stock=10"}, 20},
    {"inchworm", "enclosure-capture", {"width=5", "height=5", "stock=10"}, 20},
    {"inchworm", "enclosure-smaller-group", {"width=5", "height=5", "stock=10"}, 20},
    {"inchworm", "no-capture-limit", {"width=4", "height=4", "stock=6"}, 20},
    {"inchworm", "no-capture-limit-per-piece", {"width=4", "height=4", "stock=6"}, 20},
    {"invector", "default", {}, 6},
    {"invector", "5x4", {}, 20},
    {"invector", "no-pie", {"width=3", "height=6"}, 20},
    {"invector", "default", {"width=6", "height=5", "max_plies=30"}, 20},
    {"steere-inchworm", "default", {}, 6},
    {"steere-inchworm", "8x9", {"max_plies=300"}, 4},
    {"steere-inchworm", "default", {"width=3", "height=3"}, 20},
    {"steere-inchworm", "default", {"width=5", "height=4", "max_plies=60"}, 20},
    {"inchworm-chess", "default", {}, 4},
    {"inchworm-chess", "fide", {}, 4},
    {"inchworm-chess", "default", {"max_plies=150"}, 20},
    {"inchworm-chess", "fide", {"max_plies=150"}, 20},
    {"longworm-chess", "default", {}, 4},
    {"longworm-chess", "default", {"max_plies=150"}, 20},
};

INSTANTIATE_TEST_SUITE_P(AllGames, GameSuite, ::testing::ValuesIn(kCases), case_name);

// The table covers every registered game and every rule set shipped for it,
// so that a new game or rule file cannot stay out of the suite unnoticed.
TEST(GameSuiteTable, HasEveryGameAndEveryShippedRuleSet) {
  std::set<std::pair<std::string, std::string>> covered;
  std::set<std::string> games;
  for (const SuiteCase& c : kCases) {
    covered.insert({c.game, c.rules});
    games.insert(c.game);
  }
  for (const GameEntry& entry : game_table()) {
    EXPECT_TRUE(games.count(entry.name)) << entry.name << " has no case in kCases";
    for (const std::string& rules : shipped_rule_names(entry.name))
      EXPECT_TRUE(covered.count({entry.name, rules}))
          << entry.name << " --rules " << rules << " has no case in kCases";
  }
}

}  // namespace
}  // namespace inchzero::testing
