// A zoo entry's Elo over training time (docs/zoo.md, "Elo over training
// time"): the checkpoints of the entry's run that a ladder rated, each at the
// run time its iteration was recorded, so a user sees whether more hours
// would help. The run's own learning curve (train/learning_curve.h) plots
// what each iteration measured against its predecessor and the baselines;
// this one puts checkpoints on the ladder's scale, `random` at 0 Elo, the
// scale every zoo ladder shares (scripts/zoo_ladder.sh).
//
// A ladder player is a checkpoint of the entry's run when it is the entry
// itself (zoo:NAME or a net: spec naming its network file), or a net: spec
// naming a file RUN/networks/net-NNNNNN.pt whose RUN/metrics.jsonl and the
// entry's agree line for line as far as both go: the same run, or a run
// continued from it (`zoo continue` keeps the entry's lines byte for byte).
// Points rated by an earlier ladder are kept for the iterations the new one
// does not rate, with the date they were rated: a continued run's folder no
// longer holds its first networks, so the curve grows over continuations.
#pragma once

#include <string>
#include <vector>

namespace inchzero {

struct EloCurvePoint {
  int iteration = 0;
  double hours = 0;  // the run's active time when the iteration was recorded
  double elo = 0, elo_low = 0, elo_high = 0;  // the ladder's, 95 % interval
  int games = 0;
  std::string player;  // the ladder's spec of the checkpoint
  std::string rated;   // UTC date of the rating, YYYY-MM-DD
};

// What the entry's curve is made from.
struct EloCurveInputs {
  std::string ladder_dir;    // a ladder folder (ladder.csv)
  std::string entry_player;  // the ladder's row of the entry's network
  int entry_iteration = 0;   // that network's iteration
  std::string metrics;       // the entry's metrics.jsonl
  std::string previous;      // the entry's elo_curve.json before this rating ("" or missing: none)
  std::string previous_metrics;  // the metrics.jsonl of the entry that curve belongs to
  std::string rated;             // today's date, UTC, YYYY-MM-DD
};

// The curve: the ladder's checkpoints of the entry's run, then the previous
// points of iterations it does not rate when the previous curve's entry was
// of the same run (an entry replaced by another run's loses them), in the
// order of their iterations.
// Empty when the ladder has no `random` (no common scale: the README says
// so). Throws GameError naming the file when a metrics file, the ladder or
// the previous curve cannot be read, or a checkpoint's iteration has no
// metrics line.
std::vector<EloCurvePoint> entry_elo_curve(const EloCurveInputs& inputs);

// Write elo_curve.json, elo_curve.dat, elo_curve.gp and (with gnuplot, two
// points or more) elo_curve.png into `folder`. Returns "" when the picture
// was drawn, else why not.
std::string write_elo_curve(const std::string& folder, const std::string& entry_name,
                            const std::vector<EloCurvePoint>& points);

// The README's subsection for the curve: its table and picture (in
// `picture`, relative to the README), or why there is none.
std::string elo_curve_section(const std::vector<EloCurvePoint>& points,
                              const std::string& plot_error, const std::string& picture);

// The network file a ladder row's spec plays: for a net: spec whose path (a
// file or a run folder) exists, that path resolved to its file; "" for any
// other player, zoo:NAME included. Shared by the entry's row (train/zoo_add)
// and its checkpoints (above).
std::string ladder_row_network_file(const std::string& spec);

// Today's date in UTC, YYYY-MM-DD.
std::string utc_date_today();

}  // namespace inchzero
