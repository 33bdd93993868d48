// The UCI command parser: each command's arguments read, printed back, and
// every bad argument refused with a message naming it.
#include "engine/uci_command.h"

#include <gtest/gtest.h>

#include "core/registry.h"

namespace inchzero {
namespace {

std::vector<std::string> notes;  // what the parsers reported
void note(const std::string& line) { notes.push_back(line); }

TEST(UciCommand, WordsSplitOnAnyWhitespace) {
  EXPECT_EQ(uci_words("  go\tnodes  16\r"), (std::vector<std::string>{"go", "nodes", "16"}));
  EXPECT_TRUE(uci_words(" \t ").empty());
}

TEST(UciCommand, PositionStartposFenAndMoves) {
  UciPosition p = parse_uci_position(uci_words("position startpos moves e2e4 e7e5"));
  EXPECT_TRUE(p.startpos);
  EXPECT_EQ(p.moves, (std::vector<std::string>{"e2e4", "e7e5"}));
  EXPECT_EQ(to_string(p), "position startpos moves e2e4 e7e5");

  p = parse_uci_position(uci_words("position fen 8/8/8/8/8/8/8/K6k w - - 0 1 moves a1a2"));
  EXPECT_FALSE(p.startpos);
  EXPECT_EQ(p.fen, "8/8/8/8/8/8/8/K6k w - - 0 1");
  EXPECT_EQ(p.moves, std::vector<std::string>{"a1a2"});
  EXPECT_EQ(parse_uci_position(uci_words(to_string(p))), p);

  // Words after startpos other than `moves ...` are ignored.
  EXPECT_TRUE(parse_uci_position(uci_words("position startpos e2e4")).moves.empty());
  EXPECT_THROW(parse_uci_position(uci_words("position")), GameError);
  EXPECT_THROW(parse_uci_position(uci_words("position e2e4")), GameError);
}

TEST(UciCommand, PositionStateStopsAtTheFirstBadMove) {
  const auto chess = load_game("inchworm-chess", "fide");
  notes.clear();
  auto state = uci_position_state(
      *chess, parse_uci_position(uci_words("position startpos moves e2e4 e2e4 d2d4")), note);
  ASSERT_TRUE(state);
  EXPECT_EQ(state->current_player(), 1);  // e2e4 played, the rest not
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_EQ(notes[0].rfind("info string error: move 'e2e4': ", 0), 0u) << notes[0];

  notes.clear();
  EXPECT_FALSE(uci_position_state(*chess, parse_uci_position(uci_words("position fen xyz")), note));
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_EQ(notes[0].rfind("info string error: position: ", 0), 0u) << notes[0];
}

TEST(UciCommand, GoReadsEveryLimit) {
  notes.clear();
  const UciGo go = parse_uci_go(uci_words("go nodes 800 movetime 1500 wtime 60000 btime 59000.5 "
                                          "winc 1000 binc 900 movestogo 20 infinite"),
                                note);
  EXPECT_EQ(go.nodes, 800);
  EXPECT_EQ(go.movetime, 1500);
  EXPECT_EQ(go.time_left[0], 60000);
  EXPECT_EQ(go.time_left[1], 59000.5);
  EXPECT_EQ(go.increment[0], 1000);
  EXPECT_EQ(go.increment[1], 900);
  EXPECT_EQ(go.moves_to_go, 20);
  EXPECT_TRUE(go.infinite);
  EXPECT_TRUE(notes.empty());
  EXPECT_EQ(to_string(go),
            "go nodes 800 movetime 1500 wtime 60000 btime 59000.5 winc 1000 binc 900 "
            "movestogo 20 infinite");
  EXPECT_EQ(parse_uci_go(uci_words(to_string(go)), note), go);
  EXPECT_EQ(to_string(UciGo{}), "go");
}

TEST(UciCommand, GoReportsWhatItIgnores) {
  notes.clear();
  const UciGo go = parse_uci_go(uci_words("go depth 5 ponder nodes 3"), note);
  EXPECT_EQ(go.nodes, 3);
  EXPECT_EQ(notes, (std::vector<std::string>{
                       "info string 'depth' is not a limit of this search; using visits",
                       "info string ignored go argument 'ponder'"}));
}

TEST(UciCommand, GoRefusesBadNumbers) {
  for (const char* line :
       {"go nodes", "go nodes x", "go movetime 12abc", "go wtime nan", "go btime inf",
        "go winc 1e400", "go nodes 1e10", "go movestogo -3e9", "go depth"}) {
    try {
      parse_uci_go(uci_words(line), note);
      ADD_FAILURE() << line << " was accepted";
    } catch (const GameError& e) {
      // The message names the limit.
      const std::string limit = uci_words(line)[1];
      EXPECT_NE(std::string(e.what()).find("'" + limit + "'"), std::string::npos) << e.what();
    }
  }
  EXPECT_EQ(parse_uci_go(uci_words("go nodes -2147483648.5"), note).nodes, -2147483647 - 1);
}

TEST(UciCommand, SetOptionNameAndValueWithSpaces) {
  struct Case {
    const char* line;
    const char* name;
    const char* value;
  };
  for (const Case& c : std::vector<Case>{
           {"setoption name UCI_Variant value inchworm-chess\r", "UCI_Variant", "inchworm-chess"},
           {"setoption name  Clear Hash ", "Clear Hash", ""},
           {"setoption name A value b value c", "A", "b value c"},
           // An empty name shares its space with " value ".
           {"setoption name value x", "", "x"},
       }) {
    const UciSetOption o = parse_uci_setoption(c.line);
    EXPECT_EQ(o.name, c.name) << c.line;
    EXPECT_EQ(o.value, c.value) << c.line;
    EXPECT_EQ(parse_uci_setoption(to_string(o)), o) << c.line;
  }
  EXPECT_EQ(to_string(UciSetOption{"Clear Hash", ""}), "setoption name Clear Hash");
  EXPECT_THROW(parse_uci_setoption("setoption UCI_Variant"), GameError);
  EXPECT_THROW(parse_uci_setoption("setoption name"), GameError);
}

}  // namespace
}  // namespace inchzero
