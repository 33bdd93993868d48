// One example game per rule set (issue 50, item 7): the builder game a rule
// designer should replay to see what the fix does to the wall, written as a
// plain-text game record (docs/game-records.md) that `inchzero show
// --record` and the browser's replay open. The verdict page links them.
#pragma once

#include <string>
#include <vector>

#include "lab/lab_config.h"
#include "lab/lab_runner.h"

namespace inchzero::lab {

struct ExampleGame {
  std::string rule_set;
  std::string file;                   // relative to the lab's folder: examples/<rule set>.txt
  std::string cell;                   // the cell file it comes from, relative to the lab's folder
  int index = 0;                      // its position among that cell's builder games (0-based)
  std::string what;                   // one sentence: where the formation fell or stood
  const BuilderGame* game = nullptr;  // into the cells it was chosen from
};

// Per rule set with builder games (config order), the first of: a game the
// builder lost after its two-eyed group had stood (the wall falls), a
// fortress draw (classify_builder_game: it stands), any game.
std::vector<ExampleGame> choose_examples(const LabConfig& config,
                                         const std::vector<CellResult>& cells);

// Write each example under out_dir (created folders, atomic files); throws
// GameError when a game's moves do not replay under its rule set.
void write_examples(const LabConfig& config, const std::vector<ExampleGame>& examples,
                    const std::string& out_dir);

}  // namespace inchzero::lab
