// The lab's runner on a tiny board: its games go through the match loop, so
// an exception in one game ends the lab with an error the caller can print
// (not std::terminate on a worker thread) and leaves no cell file behind.
#include "lab/lab_runner.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "core/atomic_file.h"
#include "core/games/inchworm/inchworm_state.h"
#include "core/records/text_record.h"
#include "core/registry.h"
#include "lab/example_games.h"
#include "lab/gate_play.h"
#include "lab/lab_players.h"
#include "lab/lab_report.h"
#include "selfplay/players/player_spec.h"
#include "selfplay/players/random_player.h"

namespace inchzero::lab {
namespace {

namespace fs = std::filesystem;

// Plays randomly until ply N (the spec's argument), then throws: a player
// that breaks in the middle of a game, as a crashing network or a bug would.
class ThrowingPlayer : public Player {
 public:
  ThrowingPlayer(uint64_t seed, int ply) : random_(seed), ply_(ply) {}
  Move choose_move(const State& state) override {
    if (state.ply() >= ply_)
      throw std::runtime_error("test player broke at ply " + std::to_string(state.ply()));
    return random_.choose_move(state);
  }

 private:
  RandomPlayer random_;
  int ply_;
};

class ThrowingFactory : public PlayerFactory {
 public:
  explicit ThrowingFactory(int ply) : ply_(ply) {}
  std::unique_ptr<Player> make(uint64_t seed) const override {
    return std::make_unique<ThrowingPlayer>(seed, ply_);
  }
  std::string describe() const override { return "throwing:" + std::to_string(ply_); }

 private:
  int ply_;
};

void register_throwing_player() {
  PlayerKind kind;
  kind.name = "throwing-test";
  kind.takes_argument = true;
  kind.make = [](const PlayerSpec& spec, std::shared_ptr<const Game>, const SearchConfig&) {
    return std::make_unique<ThrowingFactory>(std::stoi(spec.argument));
  };
  register_player_kind(std::move(kind));
}

// 4 × 4, few pieces, short games: the whole lab runs in well under a second.
LabConfig tiny_config(const std::string& agent) {
  LabConfig config;
  config.agent = agent;
  config.simulations = 2;
  config.budgets = {1};
  config.games = 4;
  config.wall_games = 2;
  config.threads = 2;
  config.overrides = {"width=4", "height=4", "stock=5", "target_score=6", "max_plies=40"};
  config.rule_sets = {{"original", "original", {}, "", {}}};
  // No strength gate: its 200 default games would dwarf these tests; the
  // gate has its own (strength_gate_test.cpp, cli.lab_contract).
  config.strength_gate.games = 0;
  return config;
}

struct TempDir {
  fs::path path;
  TempDir() {
    path = fs::temp_directory_path() /
           ("lab_runner_test-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
            "-" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(path);
  }
  ~TempDir() { fs::remove_all(path); }
};

LabRunOptions quiet() {
  LabRunOptions options;
  options.quiet = true;
  return options;
}

TEST(LabRunner, AnExceptionInOneGameEndsTheLabWithAClearErrorAndNoCellFile) {
  register_throwing_player();
  TempDir dir;
  // The agent breaks at ply 3 of every game, on both of the match's threads.
  const LabConfig config = tiny_config("throwing-test:3");
  try {
    run_lab(config, dir.path.string(), quiet());
    FAIL() << "run_lab returned although every game threw";
  } catch (const std::exception& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("rule set 'original' x1"), std::string::npos) << what;
    EXPECT_NE(what.find("test player broke at ply 3"), std::string::npos) << what;
    EXPECT_EQ(what.find('\n'), std::string::npos) << "not one line: " << what;
  }
  // Neither the cell nor a temporary of it was written: only the cell's
  // journal, which holds its settings and no game (none finished).
  const fs::path results = dir.path / "results";
  std::vector<std::string> files;
  for (const auto& f : fs::directory_iterator(results)) files.push_back(f.path().filename());
  EXPECT_EQ(files, std::vector<std::string>{"original-x1.games.jsonl"});
  EXPECT_EQ(read_appended_lines((results / "original-x1.games.jsonl").string()).size(), 1u);
}

TEST(LabRunner, ATinyLabPlaysEveryGameAndResumesFromItsCellFile) {
  TempDir dir;
  const LabConfig config = tiny_config("random");
  const std::vector<CellResult> cells = run_lab(config, dir.path.string(), quiet());
  ASSERT_EQ(cells.size(), 1u);
  EXPECT_EQ(cells[0].games.size(), 4u);
  EXPECT_EQ(cells[0].wall_games(), 2);
  EXPECT_EQ(cells[0].wall_lengths.size(), 2u);
  for (const auto& g : cells[0].games) EXPECT_GT(g.plies, 0);
  ASSERT_TRUE(fs::exists(cell_path(dir.path.string(), "original", 1)));
  // Every builder game is kept whole: replaying its moves from the start
  // gives its recorded metrics, and the builder alternates colours.
  ASSERT_EQ(cells[0].builder_games.size(), 2u);
  auto game = load_game("inchworm", "original", config.overrides);
  for (size_t k = 0; k < 2; ++k) {
    const BuilderGame& g = cells[0].builder_games[k];
    EXPECT_EQ(g.builder, static_cast<int>(k % 2));
    ASSERT_EQ(static_cast<int>(g.moves.size()), g.metrics.plies);
    auto start = game->initial_state();
    const GameMetrics replayed =
        measure_game(dynamic_cast<const inchworm::InchwormState&>(*start), g.moves);
    EXPECT_EQ(replayed.end_reason, g.metrics.end_reason);
    EXPECT_NE(replayed.end_reason, EndReason::kNone);
    EXPECT_EQ(replayed.winner, g.metrics.winner);
    EXPECT_EQ(replayed.scores[0], g.metrics.scores[0]);
    EXPECT_EQ(replayed.scores[1], g.metrics.scores[1]);
    EXPECT_EQ(replayed.standing_since[g.builder], g.metrics.standing_since[g.builder]);
    EXPECT_EQ(replayed.final_no_capture_run, g.metrics.final_no_capture_run);
    EXPECT_TRUE(g.metrics.fortress_recorded);
    EXPECT_EQ(replayed.fortress_since[g.builder], g.metrics.fortress_since[g.builder]);
    EXPECT_EQ(replayed.fortress_needed[g.builder], g.metrics.fortress_needed[g.builder]);
  }
  EXPECT_EQ(cells[0].wall_wins,
            (cells[0].builder_games[0].result() > 0) + (cells[0].builder_games[1].result() > 0));
  // Read back, not replayed: the same games.
  const std::vector<CellResult> again = run_lab(config, dir.path.string(), quiet());
  ASSERT_EQ(again.size(), 1u);
  EXPECT_EQ(again[0].to_json(), cells[0].to_json());
  // A cell made before the fortress proof (no "fortress" in its games): the
  // proof is measured again from the moves, and gives what play recorded.
  const std::string path = cell_path(dir.path.string(), "original", 1);
  nlohmann::json old = cells[0].to_json();
  for (auto& g : old.at("builder_games")) g.at("metrics").erase("fortress");
  write_file_atomically(path, old.dump());
  ASSERT_FALSE(CellResult::from_json(old).builder_games[0].metrics.fortress_recorded);
  const std::vector<CellResult> proven = run_lab(config, dir.path.string(), quiet());
  ASSERT_EQ(proven.size(), 1u);
  EXPECT_EQ(proven[0].to_json(), cells[0].to_json());
}

// Issue 50, item 7: the report writes one example game per rule set as a
// plain-text record that reads back and replays to the builder game's end,
// and the verdict page links it.
TEST(LabRunner, TheReportWritesAnExampleGamePerRuleSet) {
  TempDir dir;
  const LabConfig config = tiny_config("random");
  const std::vector<CellResult> cells = run_lab(config, dir.path.string(), quiet());
  write_report(config, cells, dir.path.string(), "inchzero lab test");
  const std::vector<ExampleGame> examples = choose_examples(config, cells);
  ASSERT_EQ(examples.size(), 1u);
  EXPECT_EQ(examples[0].file, "examples/original.txt");
  EXPECT_EQ(examples[0].cell, "results/original-x1.json");
  const std::string text = read_file((dir.path / examples[0].file).string());
  const std::vector<LoadedRecord> records = read_text_records(text, examples[0].file);
  ASSERT_EQ(records.size(), 1u);
  const BuilderGame& chosen = cells[0].builder_games.at(examples[0].index);
  EXPECT_EQ(move_texts(records[0].game), chosen.moves);
  EXPECT_EQ(records[0].final_state->end_reason(), chosen.metrics.end_reason);
  const std::string verdict = read_file((dir.path / "verdict.md").string());
  EXPECT_NE(verdict.find("[`examples/original.txt`](examples/original.txt)"), std::string::npos)
      << verdict;
}

// A finished cell played with other games per cell is refused by name, not
// mixed into the report with cells of the config's size.
TEST(LabRunner, ACellOfAnotherSizeIsRefusedByName) {
  TempDir dir;
  LabConfig config = tiny_config("random");
  run_lab(config, dir.path.string(), quiet());
  const std::string path = cell_path(dir.path.string(), "original", 1);
  for (const auto& [games, wall_games] : {std::pair{4, 6}, std::pair{6, 2}}) {
    config.games = games;
    config.wall_games = wall_games;
    try {
      run_lab(config, dir.path.string(), quiet());
      ADD_FAILURE() << "a cell of 4 + 2 games was read for " << games << " + " << wall_games;
    } catch (const GameError& e) {
      EXPECT_EQ(std::string(e.what()),
                "lab result file '" + path +
                    "' holds 4 agent games and 2 wall-builder games, the config asks for " +
                    std::to_string(games) + " (games) and " + std::to_string(wall_games) +
                    " (wall_games); remove it to play the cell again, or use another --out");
    }
  }
  // A damaged file is named too.
  write_file_atomically(path, "{\"games\": [");
  config.games = 4;
  config.wall_games = 2;
  EXPECT_THROW(
      {
        try {
          run_lab(config, dir.path.string(), quiet());
        } catch (const GameError& e) {
          EXPECT_NE(std::string(e.what()).find("' is corrupt: "), std::string::npos) << e.what();
          throw;
        }
      },
      GameError);
}

// A rule set's own `wall_games` (the baseline given more games) plays that
// many builder games in its cells, the first of them the games the lab's
// number plays (each game is seeded by its index), while the other rule sets
// keep the lab's; a cell of the lab's number is then refused by name, and the
// reports say which rule set played more.
TEST(LabRunner, ARuleSetsOwnWallGamesPlayMoreBuilderGamesThanTheLabs) {
  TempDir dir;
  const std::string before_dir = (dir.path / "before").string(),
                    after_dir = (dir.path / "after").string();
  LabConfig config = tiny_config("random");
  config.rule_sets.push_back({"menke", "menke", {}, "", {}});
  const std::vector<CellResult> before = run_lab(config, before_dir, quiet());
  config.rule_sets[0].wall_games = 4;
  EXPECT_EQ(config.wall_games_of(config.rule_sets[0]), 4);
  EXPECT_EQ(config.wall_games_of(config.rule_sets[1]), 2);
  EXPECT_EQ(config.own_wall_games_text(), " `original`: 4 wall-builder games.");
  try {
    run_lab(config, before_dir, quiet());
    ADD_FAILURE() << "a cell of 2 builder games was read for a rule set of 4";
  } catch (const GameError& e) {
    EXPECT_NE(std::string(e.what()).find("holds 4 agent games and 2 wall-builder games, the "
                                         "config asks for 4 (games) and 4 (wall_games)"),
              std::string::npos)
        << e.what();
  }
  const std::vector<CellResult> cells = run_lab(config, after_dir, quiet());
  ASSERT_EQ(cells.size(), 2u);
  ASSERT_EQ(cells[0].builder_games.size(), 4u);
  ASSERT_EQ(cells[1].builder_games.size(), 2u);
  for (size_t k = 0; k < 2; ++k) {
    EXPECT_EQ(cells[0].builder_games[k].moves, before[0].builder_games[k].moves) << k;
    EXPECT_EQ(cells[1].builder_games[k].moves, before[1].builder_games[k].moves) << k;
  }
  EXPECT_EQ(cells[0].to_json()["games"], before[0].to_json()["games"]);  // the agent's games
  write_report(config, cells, after_dir, "inchzero lab test");
  const std::string verdict = read_file(after_dir + "/verdict.md");
  EXPECT_NE(verdict.find("`original`: 4 wall-builder games."), std::string::npos) << verdict;
}

// A rule set's own agent (`agent:`) plays its cells; a cell the lab's agent
// played before is then refused by name rather than mixed into its rows.
TEST(LabRunner, ARuleSetsOwnAgentPlaysItsCellsAndAnOldAgentsCellIsRefused) {
  TempDir dir;
  LabConfig config = tiny_config("random");
  const std::string out = dir.path.string();
  run_lab(config, out, quiet());
  config.rule_sets[0].agent = "greedy";
  try {
    run_lab(config, out, quiet());
    ADD_FAILURE() << "the random agent's cell was read for the greedy agent";
  } catch (const GameError& e) {
    EXPECT_NE(std::string(e.what()).find("was played by `random` but the config gives rule set "
                                         "'original' the agent `greedy`"),
              std::string::npos)
        << e.what();
  }
  fs::remove(cell_path(out, "original", 1));
  const std::vector<CellResult> cells = run_lab(config, out, quiet());
  ASSERT_EQ(cells.size(), 1u);
  EXPECT_EQ(cells[0].agent, "greedy");
}

// A rule set whose game changed (its own `set` here) does not read the cell
// of the game before: refused by name until the file is moved away.
TEST(LabRunner, ACellOfTheGameBeforeARuleSetsSetChangedIsRefused) {
  TempDir dir;
  LabConfig config = tiny_config("random");
  const std::string out = dir.path.string();
  run_lab(config, out, quiet());
  config.rule_sets[0].set.push_back("max_plies=77");
  try {
    run_lab(config, out, quiet());
    ADD_FAILURE() << "the cell of the game before was read";
  } catch (const GameError& e) {
    EXPECT_NE(std::string(e.what()).find("was played under the options"), std::string::npos)
        << e.what();
    EXPECT_NE(std::string(e.what()).find("max_plies=77"), std::string::npos) << e.what();
  }
  fs::remove(cell_path(out, "original", 1));
  const std::vector<CellResult> cells = run_lab(config, out, quiet());
  ASSERT_EQ(cells.size(), 1u);
  EXPECT_NE(cells[0].options.find("max_plies=77"), std::string::npos) << cells[0].options;
}

// The tiny lab with a two-game strength gate against `random` that any
// agent passes (bar 0): the tests of gate files need only its games.
LabConfig tiny_gate_config() {
  LabConfig config = tiny_config("random");
  config.strength_gate.games = 2;
  config.strength_gate.opponents = {{"random", {0}, {}}};
  return config;
}

// training.agents: each agent of a rule set plays the cells and gate of a
// one-agent lab in files of its own; agent 1's are those of the one-agent
// lab, game for game, and agent 2's games are seeded apart. (The random
// agent needs no training, so the runner's per-agent planning is tested
// without a network; from_file refuses such a config, tests/cli/lab_agents.sh
// runs trained ones.)
TEST(LabRunner, EachAgentPlaysItsOwnCellsAndGateAndAgentOneIsTheOneAgentLab) {
  TempDir dir;
  LabConfig config = tiny_gate_config();
  const LabConfig one = config;
  config.training.agents = 2;
  const std::string out = dir.path.string();
  const std::vector<CellResult> cells = run_lab(config, out, quiet());
  ASSERT_EQ(cells.size(), 2u);
  EXPECT_EQ(cells[0].agent_index, 1);
  EXPECT_EQ(cells[1].agent_index, 2);
  EXPECT_EQ(cell_path(out, "original", 1, 2), out + "/results/original@2-x1.json");
  ASSERT_TRUE(fs::exists(cell_path(out, "original", 1)));
  ASSERT_TRUE(fs::exists(cell_path(out, "original", 1, 2)));
  EXPECT_EQ(gate_path(out, "original", "random", 2), out + "/gate/original@2-vs-random.json");
  ASSERT_TRUE(fs::exists(gate_path(out, "original", "random")));
  ASSERT_TRUE(fs::exists(gate_path(out, "original", "random", 2)));
  // Agent 1's file carries no index (a one-agent lab's cell), agent 2's does.
  const auto first = nlohmann::json::parse(read_file(cell_path(out, "original", 1)));
  const auto second = nlohmann::json::parse(read_file(cell_path(out, "original", 1, 2)));
  EXPECT_FALSE(first.contains("agent_index"));
  EXPECT_EQ(second.at("agent_index"), 2);
  EXPECT_EQ(
      nlohmann::json::parse(read_file(gate_path(out, "original", "random", 2))).at("agent_index"),
      2);
  // The same games per agent; agent 2's seeded apart from agent 1's.
  EXPECT_EQ(cells[1].games.size(), cells[0].games.size());
  ASSERT_EQ(cells[1].builder_games.size(), cells[0].builder_games.size());
  bool differ = false;
  for (size_t k = 0; k < cells[0].builder_games.size(); ++k) {
    differ = differ || cells[0].builder_games[k].moves != cells[1].builder_games[k].moves;
  }
  EXPECT_TRUE(differ) << "agent 2 replayed agent 1's builder games";
  // Agent 1 plays exactly what a one-agent lab plays.
  const std::vector<CellResult> alone = run_lab(one, (dir.path / "one").string(), quiet());
  ASSERT_EQ(alone.size(), 1u);
  nlohmann::json a = alone[0].to_json(), b = cells[0].to_json();
  a.erase("seconds");
  b.erase("seconds");
  EXPECT_EQ(a, b);
  nlohmann::json gate_alone = nlohmann::json::parse(
      read_file(gate_path((dir.path / "one").string(), "original", "random")));
  nlohmann::json gate_first =
      nlohmann::json::parse(read_file(gate_path(out, "original", "random")));
  gate_alone.erase("seconds");
  gate_first.erase("seconds");
  EXPECT_EQ(gate_alone, gate_first);
  // Resumed: both agents' cells read back, nothing played again.
  const std::vector<CellResult> again = run_lab(config, out, quiet());
  ASSERT_EQ(again.size(), 2u);
  EXPECT_EQ(again[1].to_json(), cells[1].to_json());
  EXPECT_EQ(again[1].agent_index, 2);
  const std::vector<GateMatch> gate = load_gate_matches(config, out);
  ASSERT_EQ(gate.size(), 2u);
  EXPECT_EQ(gate[1].agent_index, 2);
}

// --cells-only: the cells are played and no gate match; the next run without
// it plays the gate from the cells already on disk, playing no cell again.
TEST(LabRunner, CellsOnlyLeavesTheGateForTheNextRun) {
  TempDir dir;
  LabConfig config = tiny_gate_config();
  const std::string out = dir.path.string();
  LabRunOptions cells_only = quiet();
  cells_only.play_gates = false;
  const std::vector<CellResult> cells = run_lab(config, out, cells_only);
  ASSERT_EQ(cells.size(), 1u);
  ASSERT_TRUE(fs::exists(cell_path(out, "original", 1)));
  EXPECT_FALSE(fs::exists(gate_path(out, "original", "random")));
  EXPECT_TRUE(load_gate_matches(config, out).empty());
  const std::string cell_text = read_file(cell_path(out, "original", 1));
  const std::vector<CellResult> again = run_lab(config, out, quiet());
  ASSERT_EQ(again.size(), 1u);
  EXPECT_TRUE(fs::exists(gate_path(out, "original", "random")));
  EXPECT_EQ(load_gate_matches(config, out).size(), 1u);
  EXPECT_EQ(read_file(cell_path(out, "original", 1)), cell_text) << "the cell was played again";
}

// --gates-only: the gate's match is played and no cell; the next run without
// it plays the cell, playing no gate game again.
TEST(LabRunner, GatesOnlyLeavesTheCellsForTheNextRun) {
  TempDir dir;
  LabConfig config = tiny_gate_config();
  const std::string out = dir.path.string();
  LabRunOptions gates_only = quiet();
  gates_only.play_cells = false;
  EXPECT_TRUE(run_lab(config, out, gates_only).empty());
  EXPECT_FALSE(fs::exists(cell_path(out, "original", 1)));
  ASSERT_TRUE(fs::exists(gate_path(out, "original", "random")));
  const std::string gate_text = read_file(gate_path(out, "original", "random"));
  const std::vector<CellResult> cells = run_lab(config, out, quiet());
  ASSERT_EQ(cells.size(), 1u);
  EXPECT_TRUE(fs::exists(cell_path(out, "original", 1)));
  EXPECT_EQ(read_file(gate_path(out, "original", "random")), gate_text)
      << "the gate match was played again";
}

// A gate opponent's `set` plays its games under the rule set with those
// overrides: the tiny board's random games all reach its 40-ply cap as
// draws, and with cap_result=score the same opponent's games are decided
// there. The match is filed and reported under its label, apart from the
// plain opponent's.
TEST(LabRunner, AGateOpponentsOverridesChangeItsGamesAndNameItsFile) {
  TempDir dir;
  LabConfig config = tiny_config("random");
  config.strength_gate.games = 8;
  // At 0.5 all draws pass only after the last game: every game is played.
  config.strength_gate.opponents = {{"random", {0.5}, {}}, {"random", {0.5}, {"cap_result=score"}}};
  EXPECT_EQ(config.strength_gate.opponents[1].label(), "random under cap_result=score");
  const std::string out = dir.path.string();
  run_lab(config, out, quiet());
  const std::vector<GateMatch> gate = load_gate_matches(config, out);
  ASSERT_EQ(gate.size(), 2u);
  EXPECT_EQ(gate[0].opponent, "random");
  EXPECT_EQ(gate[1].opponent, "random under cap_result=score");
  EXPECT_EQ(gate[0].draws, 8) << "the plain match is no control";
  EXPECT_GT(gate[1].wins + gate[1].losses, 0) << "the override did not reach the games";
  EXPECT_TRUE(fs::exists(out + "/gate/original-vs-random_under_cap_result_score.json"));
}

// The controls' opponents: the builder plays each of wall_opponents as many
// games as the agent, colours alternated, and the cell file keeps them.
TEST(LabRunner, TheBuilderAlsoPlaysEveryWallOpponent) {
  TempDir dir;
  LabConfig config = tiny_config("random");
  config.wall_opponents = {"greedy", "uct:4"};
  const std::vector<CellResult> cells = run_lab(config, dir.path.string(), quiet());
  ASSERT_EQ(cells.size(), 1u);
  ASSERT_EQ(cells[0].opponent_games.size(), 2u);
  for (size_t i = 0; i < 2; ++i) {
    const OpponentGames& o = cells[0].opponent_games[i];
    EXPECT_EQ(o.opponent, config.wall_opponents[i]);
    ASSERT_EQ(o.games.size(), 2u);
    EXPECT_EQ(o.wins + o.draws + o.losses, 2);
    EXPECT_EQ(o.games[1].builder, 1);
    EXPECT_EQ(static_cast<int>(o.games[0].moves.size()), o.games[0].metrics.plies);
  }
  const std::vector<CellResult> again = run_lab(config, dir.path.string(), quiet());
  ASSERT_EQ(again.size(), 1u);
  EXPECT_EQ(again[0].to_json(), cells[0].to_json());
}

// The draw-seekers (issue 18, part 7): each plays the agent wall_games games
// per cell, colours alternated, kept whole in the cell file and read back;
// from seed streams of their own, so every other game of the cell is the one
// a lab without them plays, and a cell made before them gains their games on
// a rerun; and the report has a section per seeker and its lines in the
// verdict.
TEST(LabRunner, DrawSeekersPlayTheAgentBesideTheBuilderAndAreReported) {
  register_lab_players();
  TempDir dir;
  LabConfig config = tiny_config("random");
  config.games = 2;
  config.rule_sets.push_back({"no-capture-limit", "no-capture-limit", {}, "", {}});
  const std::vector<CellResult> plain = run_lab(config, (dir.path / "plain").string(), quiet());
  config.draw_seekers = {"drawseek:{sims}", "greedy"};
  const std::vector<CellResult> cells = run_lab(config, (dir.path / "seek").string(), quiet());
  ASSERT_EQ(cells.size(), 2u);
  for (size_t c = 0; c < cells.size(); ++c) {
    ASSERT_EQ(cells[c].seeker_games.size(), 2u);
    const SeekerGames& s = cells[c].seeker_games[0];
    EXPECT_EQ(s.seeker, "drawseek:{sims}");
    EXPECT_EQ(s.games.opponent, "drawseek:2");
    EXPECT_EQ(cells[c].seeker_games[1].games.opponent, "greedy");
    ASSERT_EQ(s.games.games.size(), 2u);
    EXPECT_EQ(s.games.wins + s.games.draws + s.games.losses, 2);
    for (size_t k = 0; k < 2; ++k) {
      const BuilderGame& g = s.games.games[k];
      EXPECT_EQ(g.builder, static_cast<int>(k % 2));
      EXPECT_NE(g.metrics.end_reason, EndReason::kNone);
      EXPECT_EQ(static_cast<int>(g.moves.size()), g.metrics.plies);
    }
    // The agent's and the builder's games are those of the lab without seekers.
    nlohmann::json without = cells[c].to_json();
    without.erase("seeker_games");
    without["seconds"] = plain[c].seconds;
    EXPECT_EQ(without, plain[c].to_json());
  }
  // A lab made without them gains their games on a rerun, the same games.
  const std::vector<CellResult> added = run_lab(config, (dir.path / "plain").string(), quiet());
  ASSERT_EQ(added.size(), 2u);
  for (size_t c = 0; c < added.size(); ++c) {
    nlohmann::json a = added[c].to_json(), b = cells[c].to_json();
    a.erase("seconds");
    b.erase("seconds");
    EXPECT_EQ(a, b);
  }
  const nlohmann::json stored =
      nlohmann::json::parse(read_file(cell_path((dir.path / "seek").string(), "original", 1)));
  ASSERT_TRUE(stored.contains("seeker_games"));
  EXPECT_EQ(CellResult::from_json(stored).to_json(), cells[0].to_json());
  EXPECT_FALSE(plain[0].to_json().contains("seeker_games"));
  const std::string md = report_markdown(lab_results(config, cells, {}, "test"));
  EXPECT_NE(md.find("## Draw-seeker `drawseek:{sims}` against the agent"), std::string::npos);
  EXPECT_NE(md.find("## Draw-seeker `greedy` against the agent"), std::string::npos);
  EXPECT_NE(md.find("| original | 1× | "), std::string::npos);
  const size_t verdict = md.find("### Does a draw-seeker still hold?");
  ASSERT_NE(verdict, std::string::npos) << md;
  EXPECT_NE(md.find("- `no-capture-limit`: the builder ", verdict), std::string::npos) << md;
}

// The verdict rule on a tiny board: two builder games per rule set can never
// make a significant difference (the most extreme table has p = 1/3), so
// whatever the games were, the report says "not shown".
TEST(LabRunner, TooFewGamesOnATinyBoardGiveNoVerdict) {
  TempDir dir;
  LabConfig config = tiny_config("random");
  config.games = 2;
  config.rule_sets.push_back({"no-capture-limit", "no-capture-limit", {}, "", {}});
  const std::vector<CellResult> cells = run_lab(config, dir.path.string(), quiet());
  ASSERT_EQ(cells.size(), 2u);
  const std::string md = report_markdown(lab_results(config, cells, {}, "test"));
  const size_t verdict = md.find("## Verdict");
  ASSERT_NE(verdict, std::string::npos);
  const size_t line = md.find("- `no-capture-limit`", verdict);
  ASSERT_NE(line, std::string::npos) << md;
  EXPECT_NE(md.substr(line, md.find('\n', line) - line).find("not shown"), std::string::npos) << md;
  EXPECT_EQ(md.find("shown: the builder"), std::string::npos) << md;
}

// A cell records the fingerprints of the players that made it
// (lab/players_fingerprint.h); when a player's moves change (here the
// builder's fingerprint in the file is another version's), the lab refuses
// the file by the player's name instead of resuming from it. A file written
// before fingerprints were kept is read as before.
TEST(LabRunner, ACellPlayedByAnotherVersionOfThePlayersIsRefused) {
  TempDir dir;
  const LabConfig config = tiny_config("greedy");
  const std::string out = dir.path.string();
  const std::string path = cell_path(out, "original", 1);
  const std::vector<CellResult> first = run_lab(config, out, quiet());
  ASSERT_EQ(first.size(), 1u);
  const std::string players = first[0].players;
  EXPECT_NE(players.find("greedy="), std::string::npos) << players;
  EXPECT_NE(players.find("wall="), std::string::npos) << players;
  EXPECT_NO_THROW(run_lab(config, out, quiet()));  // the same players: resumed

  nlohmann::json cell = nlohmann::json::parse(std::ifstream(path));
  const size_t at = players.find("wall=") + 5;
  std::string other = players;
  other[at] = other[at] == '0' ? '1' : '0';
  cell["players"] = other;
  write_file_atomically(path, cell.dump(1));
  try {
    run_lab(config, out, quiet());
    ADD_FAILURE() << "a cell of another builder was read";
  } catch (const GameError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("was played by players that now choose other moves: `wall` ("),
              std::string::npos)
        << what;
    EXPECT_EQ(what.find("`greedy`"), std::string::npos) << what;  // only the one that changed
  }
  cell.erase("players");
  write_file_atomically(path, cell.dump(1));
  EXPECT_NO_THROW(run_lab(config, out, quiet()));
}

}  // namespace
}  // namespace inchzero::lab
