// The record formats: plain-text records round-trip for every game (from the
// initial position and from a given one, finished, unfinished, resigned);
// the reader refuses bad input naming the line; PGN tags and movetext.
#include <gtest/gtest.h>

#include <random>

#include "core/records/pgn.h"
#include "core/records/text_record.h"
#include "core/registry.h"

namespace inchzero {
namespace {

// A random game of at most `plies` full moves (random decisions until each
// move is complete), finished when the game ended.
PlayedGame random_game(std::shared_ptr<const Game> game, uint64_t seed, int plies,
                       const std::string& start = "") {
  PlayedGame g;
  g.game = std::move(game);
  g.start_position = start;
  std::mt19937_64 rng(seed);
  std::unique_ptr<State> state = g.start_state();
  while (!state->is_terminal() && static_cast<int>(g.moves.size()) < plies) {
    Move move;
    do {
      const std::vector<Action> legal = state->legal_actions();
      move.push_back(legal[std::uniform_int_distribution<size_t>(0, legal.size() - 1)(rng)]);
      state->apply_action(move.back());
    } while (state->in_compound_move());
    g.moves.push_back(move);
  }
  g.winner = state->winner();
  g.end_reason = state->end_reason();
  return g;
}

void expect_round_trip(const PlayedGame& g) {
  const std::string text = write_text_record(g);
  const LoadedRecord back = read_text_record(text, "mem");
  EXPECT_EQ(back.game.game->name(), g.game->name());
  EXPECT_EQ(back.game.game->options().to_yaml(), g.game->options().to_yaml());
  EXPECT_EQ(back.game.start_position, g.start_position);
  EXPECT_EQ(back.game.moves, g.moves) << text;
  EXPECT_EQ(back.game.winner, g.winner);
  EXPECT_EQ(back.game.end_reason, g.end_reason);
  EXPECT_EQ(back.final_state->to_position(), replay(g)->to_position());
  // Written again, the record is the same text.
  EXPECT_EQ(write_text_record(back.game), text);
}

TEST(TextRecord, RoundTripsEveryGame) {
  for (const GameEntry& entry : game_table()) {
    SCOPED_TRACE(entry.name);
    auto game = load_game(entry.name, "", {"max_plies=60"});
    for (uint64_t seed = 1; seed <= 4; ++seed) {
      PlayedGame g = random_game(game, seed, 1000);
      g.rules_label = "default+max_plies=60";
      g.origin = {"test", "random", seed, 7, "somewhere.shard", 2};
      expect_round_trip(g);
      // From a later position, unfinished.
      PlayedGame opening = random_game(game, seed + 100, 6);
      if (opening.end_reason == EndReason::kNone) {
        const std::string start = replay(opening)->to_position();
        expect_round_trip(random_game(game, seed, 5, start));
      }
    }
  }
}

TEST(TextRecord, ResignationIsByThePlayerToMove) {
  PlayedGame g = random_game(load_game("invector"), 3, 4);
  ASSERT_EQ(g.end_reason, EndReason::kNone);
  const int to_move = replay(g)->current_player();
  g.end_reason = EndReason::kResign;
  g.winner = 1 - to_move;
  expect_round_trip(g);
  g.winner = to_move;
  EXPECT_THROW(write_text_record(g), GameError);
}

TEST(TextRecord, OptionLinesOverrideTheRulesLabel) {
  const LoadedRecord r =
      read_text_record("Game: inchworm\nRules: menke\nOption: max_plies=50\n\n1. d4\n", "mem");
  EXPECT_TRUE(r.game.game->options().get_bool("menke"));
  EXPECT_EQ(r.game.game->options().get_int("max_plies"), 50);
  EXPECT_EQ(r.game.rules_label, "menke");
  EXPECT_EQ(r.game.end_reason, EndReason::kNone);  // no Result: unfinished
  EXPECT_EQ(r.game.moves.size(), 1u);
}

TEST(TextRecord, PicksTheNthRecordAndSkipsComments) {
  const std::string text =
      "# two games\nGame: invector\n\n1. a1xa2\n\nGame: steere-inchworm\nPlies: 0\n";
  EXPECT_EQ(read_text_record(text, "mem", 2).game.game->name(), "steere-inchworm");
  EXPECT_EQ(read_text_records(text, "mem").size(), 2u);
}

void expect_refused(const std::string& text, const std::string& message, int number = 1) {
  try {
    read_text_record(text, "f.txt", number);
    ADD_FAILURE() << "accepted:\n" << text;
  } catch (const GameError& e) {
    EXPECT_NE(std::string(e.what()).find(message), std::string::npos)
        << "message '" << e.what() << "' lacks '" << message << "'";
  }
}

TEST(TextRecord, RefusesBadInputNamingTheLine) {
  expect_refused("", "f.txt: no game record");
  expect_refused("Rules: default\n", "f.txt:1: a record starts with its Game header");
  expect_refused("1. e2e4\n", "f.txt:1: a move before the first Game header");
  expect_refused("Game: invector\nColour: red\n", "f.txt:2: unknown header 'Colour'");
  expect_refused("Game: invector\nhello\n", "f.txt:2: neither a header");
  expect_refused("Game: invector\nResult:\n", "f.txt:2: header 'Result' has no value");
  expect_refused("Game: draughts\n", "f.txt:1: unknown game 'draughts'");
  expect_refused("Game: invector\nOption: width\n", "f.txt:2: Option: expected key=value");
  expect_refused("Game: invector\nOption: depth=3\n", "f.txt:2: unknown rule option 'depth'");
  expect_refused("Game: invector\nOption: width=5\nOption: width=6\n",
                 "f.txt:3: Option 'width' given twice (first on line 2)");
  expect_refused("Game: invector\nPlies: 1\nPlies: 1\n",
                 "f.txt:3: header 'Plies' given twice (first on line 2)");
  expect_refused("Game: invector\nRules: no-such-rules\n", "f.txt:2: cannot rebuild the rules");
  expect_refused("Game: invector\nStart: nonsense\n", "f.txt:2: Start:");
  expect_refused("Game: invector\n\n1. a1xa2\n2. a1xa2\n", "f.txt:4: move 2 'a1xa2':");
  expect_refused("Game: invector\n\n1. a1xa2\n3. swap\n", "f.txt:4: expected move 2, found move 3");
  expect_refused("Game: invector\n\n1. a1xa2\nResult: *\n", "f.txt:4: header 'Result' after");
  expect_refused("Game: invector\nPlies: 2\n\n1. a1xa2\n", "f.txt:4: Plies (line 2) says 2");
  expect_refused("Game: invector\nPlies: two\n", "f.txt:2: Plies: expected an integer");
  expect_refused("Game: invector\nFinal: 8/8/8/8/8/8/8 w - 0\n", "f.txt:2: Final says");
  expect_refused("Game: invector\nResult: 2-0\n", "f.txt:2: Result: expected 1-0");
  expect_refused("Game: invector\nResult: 1-0\n", "f.txt:2: Result 1-0 but the moves do not end");
  expect_refused("Game: invector\nEndReason: resign\n", "f.txt:2: EndReason without a Result");
  expect_refused("Game: invector\nResult: *\nEndReason: resign\n", "f.txt:3: EndReason given");
  expect_refused("Game: invector\nResult: 1-0\nEndReason: boredom\n",
                 "f.txt:3: EndReason: unknown end reason 'boredom' (known: target,");
  expect_refused("Game: invector\nResult: 1-0\nEndReason: resign\n",
                 "f.txt:2: a resignation is by the player to move (player 0)");
  expect_refused("Game: invector\nSeed: -4\n", "f.txt:2: Seed: expected an unsigned integer");
  expect_refused("Game: invector\n", "f.txt: there is no game 2; the file holds 1 game", 2);
  // Cut off inside a line: the headers read so far would make a valid empty game.
  expect_refused("Game: invector\nSource: /tm", "f.txt:2: the file ends in the middle of a line");
  // Moves after the end of the game.
  const PlayedGame done = random_game(load_game("invector", "5x4"), 5, 1000);
  ASSERT_NE(done.end_reason, EndReason::kNone);
  std::string text = write_text_record(done);
  text += std::to_string(done.moves.size() + 1) + ". pass\n";
  expect_refused(text,
                 "the game is already over (" + std::string(to_string(done.end_reason)) + ")");
}

TEST(Pgn, FideTagsAndMovetext) {
  auto fide = load_game("inchworm-chess", "fide");
  PlayedGame g;
  g.game = fide;
  g.rules_label = "fide";
  for (const char* m : {"f2f3", "e7e5", "g2g4", "d8h4"}) {
    auto s = replay(g);
    g.moves.push_back(s->parse_move(m));
  }
  g.winner = 1;
  g.end_reason = EndReason::kCheckmate;
  g.origin.network = "net \"7\"";
  const std::string pgn = write_pgn(g);
  EXPECT_NE(pgn.find("[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"-\"]\n"
                     "[White \"net \\\"7\\\"\"]\n[Black \"net \\\"7\\\"\"]\n[Result \"0-1\"]\n"),
            std::string::npos)
      << pgn;
  EXPECT_NE(pgn.find("\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("[Termination \"normal\"]"), std::string::npos);
  EXPECT_NE(pgn.find("[EndReason \"checkmate\"]"), std::string::npos);
  EXPECT_NE(pgn.find("[PlyCount \"4\"]"), std::string::npos);
  EXPECT_EQ(pgn.find("[Variant"), std::string::npos);
  EXPECT_EQ(pgn.find("[FEN"), std::string::npos);
}

TEST(Pgn, SetUpFenBlackFirstAndLineLength) {
  auto fide = load_game("inchworm-chess", "fide");
  PlayedGame opening = random_game(fide, 11, 7);
  PlayedGame g = random_game(fide, 12, 120, replay(opening)->to_position());
  const std::string pgn = write_pgn(g);
  EXPECT_NE(pgn.find("[SetUp \"1\"]\n"), std::string::npos);
  EXPECT_NE(pgn.find("[FEN \"" + g.start_position + "\"]\n"), std::string::npos);
  EXPECT_NE(pgn.find("\n\n4... "), std::string::npos) << pgn;  // Black moves first, move 4
  std::istringstream lines(pgn);
  for (std::string line; std::getline(lines, line);) EXPECT_LE(line.size(), 79u) << line;
  EXPECT_NE(pgn.find(g.end_reason == EndReason::kNone ? " *\n" : "-"), std::string::npos);
}

TEST(Pgn, VariantsInTheirNotationAndOnlyChess) {
  PlayedGame g = random_game(load_game("longworm-chess"), 3, 6);
  const std::string pgn = write_pgn(g);
  EXPECT_NE(pgn.find("[Variant \"Long Worm Chess\"]"), std::string::npos);
  EXPECT_NE(pgn.find("\n\n1. " + move_texts(g)[0] + " "), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("[Termination \"unterminated\"]"), std::string::npos);
  EXPECT_TRUE(pgn_supports(*g.game));
  PlayedGame w = random_game(load_game("inchworm"), 3, 6);
  EXPECT_FALSE(pgn_supports(*w.game));
  EXPECT_THROW(write_pgn(w), GameError);
}

}  // namespace
}  // namespace inchzero
