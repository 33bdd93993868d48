// The player specs' forms, as `--help` and refusals print them, are the ones
// docs/running.md's players table documents: built-in and the lab's own.
#include "lab/lab_players.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>

#include "selfplay/players/player_spec.h"

namespace inchzero {
namespace {

// A table cell's text: markdown needs '|' escaped inside a table.
std::string markdown_cell(const std::string& text) {
  std::string out;
  for (char c : text) out += c == '|' ? std::string("\\|") : std::string(1, c);
  return out;
}

TEST(LabPlayers, DocsRunningMdListsEveryPlayerSpecForm) {
  lab::register_lab_players();
  std::ifstream in(INCHZERO_SOURCE_DIR "/docs/running.md");
  ASSERT_TRUE(in) << "docs/running.md is missing";
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  // The section's table: its rows are the lines that start "| `".
  const size_t start = text.find("\n## Players and matches\n");
  ASSERT_NE(start, std::string::npos) << "docs/running.md has no \"Players and matches\"";
  const std::string section = text.substr(start, text.find("\n## ", start + 1) - start);
  int rows = 0;
  for (size_t at = section.find("\n| `"); at != std::string::npos;
       at = section.find("\n| `", at + 1))
    ++rows;
  const auto forms = player_spec_forms();
  ASSERT_GE(forms.size(), 9u);  // seven built in, the wall-builder, the draw-seeker
  EXPECT_EQ(rows, static_cast<int>(forms.size())) << "a row too many or too few:\n" << section;
  for (const PlayerForm& form : forms) {
    EXPECT_EQ(form.grammar.rfind(form.kind, 0), 0u) << form.grammar;
    EXPECT_NE(section.find("\n| `" + markdown_cell(form.grammar) + "` |"), std::string::npos)
        << "docs/running.md's players table has no row for " << form.grammar;
  }
  // The refusal of a bad spec lists them all.
  try {
    parse_player_spec("nobody");
    FAIL() << "an unknown player was accepted";
  } catch (const GameError& e) {
    EXPECT_NE(std::string(e.what()).find(player_spec_grammar()), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("drawseek:N[:c=X][:rollout_plies=M][:ms=T]"),
              std::string::npos);
  }
}

}  // namespace
}  // namespace inchzero
