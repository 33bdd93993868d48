// ladder.csv, the ladder's ratings as a table (selfplay/eval/ladder.h): a
// header line, then one line per player — its spec in double quotes, Elo,
// the 95 % interval, games, wins, draws, losses. Written by the ladder, read
// back by the model zoo (`inchzero zoo`) to find a network's rating.
#pragma once

#include <string>
#include <vector>

namespace inchzero {

struct LadderPlayerRow {
  std::string spec;
  double elo = 0, elo_low = 0, elo_high = 0;
  int games = 0, wins = 0, draws = 0, losses = 0;
};

// The text of ladder.csv for `rows`, in their order.
std::string ladder_csv(const std::vector<LadderPlayerRow>& rows);

// The rows of the ladder.csv at `path`. Throws GameError naming the file and
// the line when it cannot be read or a line is not a row ladder_csv writes.
std::vector<LadderPlayerRow> read_ladder_csv(const std::string& path);

}  // namespace inchzero
