#include "selfplay/eval/ladder_csv.h"

#include <fmt/format.h>

#include <fstream>
#include <sstream>

#include "core/game.h"

namespace inchzero {
namespace {

constexpr const char* kHeader = "player,elo,elo_low,elo_high,games,wins,draws,losses";

}  // namespace

std::string ladder_csv(const std::vector<LadderPlayerRow>& rows) {
  std::string csv = std::string(kHeader) + "\n";
  for (const LadderPlayerRow& p : rows)
    csv += fmt::format("\"{}\",{:.1f},{:.1f},{:.1f},{},{},{},{}\n", p.spec, p.elo, p.elo_low,
                       p.elo_high, p.games, p.wins, p.draws, p.losses);
  return csv;
}

std::vector<LadderPlayerRow> read_ladder_csv(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw GameError("cannot read " + path);
  std::vector<LadderPlayerRow> rows;
  std::string line;
  if (!std::getline(in, line) || line != kHeader)
    throw GameError(path + " line 1: not the ladder.csv header '" + std::string(kHeader) + "'");
  for (int number = 2; std::getline(in, line); ++number) {
    // The spec is quoted and may hold commas; the numbers after it hold no quote.
    const size_t close = line.rfind('"');
    LadderPlayerRow row;
    char comma = 0;
    std::istringstream numbers(close == std::string::npos ? "" : line.substr(close + 1));
    if (line.empty() || line[0] != '"' || close == 0 ||
        !(numbers >> comma >> row.elo >> comma >> row.elo_low >> comma >> row.elo_high >> comma >>
          row.games >> comma >> row.wins >> comma >> row.draws >> comma >> row.losses))
      throw GameError(path + " line " + std::to_string(number) + ": not a ladder row: " + line);
    row.spec = line.substr(1, close - 1);
    rows.push_back(row);
  }
  return rows;
}

}  // namespace inchzero
