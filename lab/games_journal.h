// The journal of lab games under way (a strength-gate match, a cell): a
// line file (core/atomic_file.h: append_line_durably) whose first line is
// the settings of what is being played and whose other lines are finished
// games, one each, appended as they end: {"index", "seconds" (the time
// played so far, over every run), "part" (a cell's match: "agents",
// "builder", …; absent for a one-part match) and what the game's owner
// keeps of it}. A killed or stopped lab reads it back and plays only the
// games it lacks: each game is seeded from its match's seed and its index,
// so they are the games an unbroken run plays. The owner removes it once
// its result file is written.
//
// Why one class for the gate and the cells: a cell with `siege:3` takes
// 25–80 minutes on two cores, and a session stopped inside one lost it all
// while the gate's matches already resumed; one reader keeps the two from
// drifting apart in what they refuse.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "core/game.h"

namespace inchzero::lab {

class GamesJournal {
 public:
  // The journal at `path` of the games `settings` describes; `parts` gives
  // each part's number of games ("" for a match of one part), `what` names
  // the journal in messages ("lab gate journal"). Reads what earlier runs
  // finished (none when there is no file) and writes the settings line when
  // none is there. A journal of other settings, or a line that is not a game
  // of these parts (a part it lacks, an index out of range or seen twice),
  // is refused: GameError naming the file, the line and the problem, ending
  // "; remove it to play the <noun> again" (`noun`: "match", "cell").
  GamesJournal(std::string path, std::string what, std::string noun, nlohmann::json settings,
               std::map<std::string, int> parts);

  // The finished games of `part` by index, each its whole line.
  const std::map<int, nlohmann::json>& games(const std::string& part = "") const;
  bool finished(const std::string& part, int index) const;
  int count() const { return count_; }         // finished games, every part
  double seconds() const { return seconds_; }  // the time the runs before played

  // Appends the finished game `index` of `part`: `line` (an object: what the
  // owner keeps of the game) with "index", "seconds" and, unless `part` is
  // "", "part" added. Flushed to disk before it returns. Not thread-safe:
  // the match loop serialises its progress calls, which call it.
  void append(const std::string& part, int index, nlohmann::json line, double seconds);

  // A GameError for a game line whose content the owner cannot use
  // (`index` of `part`): the file, the game, `why` and what to do.
  GameError refuse(const std::string& part, int index, const std::string& why) const;

  const std::string& path() const { return path_; }

 private:
  GameError refuse_line(size_t line, const std::string& why) const;
  std::string path_, what_, noun_;
  std::map<std::string, int> parts_;
  std::map<std::string, std::map<int, nlohmann::json>> games_;
  int count_ = 0;
  double seconds_ = 0;
};

}  // namespace inchzero::lab
