// `inchzero ladder`: many players rated on one scale. A round robin (every
// pair) or a gauntlet (its players against each of the others, not against
// one another: cutechess-cli's gauntlet with seeds), each pairing
// a match (match.h: colours alternated, paired random openings, parallel,
// seeded), every finished game appended to OUT/games.jsonl as it ends, so a
// stopped ladder resumes where it was: the same command plays only the
// missing games. Ratings come from all games at once (ladder_fit.h), with
// `random` as the anchor at 0 when it plays.
//
// OUT/ holds ladder.json (the settings; a resume must match them, except
// that --games and --games-in-band may grow: game i of a pairing is the same
// game whatever the total, so a ladder is extended by playing the rest),
// games.jsonl, and the report: ladder.md, ladder.csv, ratings.png
// (ratings.dat + ratings.gp, drawn by gnuplot).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"
#include "model/backend.h"
#include "selfplay/eval/ladder_csv.h"
#include "selfplay/eval/ladder_fit.h"
#include "selfplay/search_config.h"

namespace inchzero {

struct LadderOptions {
  std::vector<std::string> players;  // player specs (player_spec.h), at least two, distinct
  // Empty: a round robin. Else a gauntlet: each of these specs meets every
  // player outside it, and not one another (several: checkpoints of one run
  // rated against the same rungs at the cost of one gauntlet each).
  std::vector<std::string> gauntlet;
  int games = 100;  // per pairing
  // Where the first `games` of a pairing scored strictly between 10 % and
  // 90 % for either side, that pairing goes on to this many games (0 or at
  // most `games`: none). Why: a rating difference is only measured where
  // the score is not near 0 or 1; there a pairing needs about 100 games for
  // an interval of ±10 %, while a 20-0 pairing is already decided.
  int games_in_band = 0;
  uint64_t seed = 1;
  int threads = 1;
  int opening_plies = 4;       // random plies opening each pair of games (match.h)
  SearchConfig search;         // how network players search
  InferenceOptions inference;  // how network players run their networks
  const std::atomic<bool>* stop = nullptr;
};

struct LadderReport {
  std::vector<LadderPlayerRow> rows;  // in player order
  LadderFit fit;
  std::string anchor;
  int games_played = 0, games_total = 0;
  bool rated = false;      // every player has games: the report files were written
  std::string plot_error;  // why ratings.png was not drawn ("" = drawn)
  bool complete() const { return games_played == games_total; }
};

// Play what is missing of the ladder in `out` (created if needed) and write
// the report. `progress(done, total)` after each game. Throws GameError on
// bad options or when `out` holds a ladder with other settings.
LadderReport run_ladder(const std::shared_ptr<const Game>& game, const LadderOptions& options,
                        const std::string& out,
                        const std::function<void(int done, int total)>& progress = {});

}  // namespace inchzero
