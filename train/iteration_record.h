// One iteration of a run as the run loop keeps it: one line of
// metrics.jsonl, and (before its evaluation) the part stored in the
// iteration's checkpoint.
//
// What the loop itself decides on (which iteration, how long it took, how
// much run time had passed, the Elo chain to continue) is typed here and
// read from JSON in one place, from_json. Each phase's own report stays the
// JSON object that phase wrote (self-play, training, replay, evaluation):
// people, plots and the learning curve read those, the loop only passes them
// on. The file's layout is unchanged: the evaluation's keys (eval, elo,
// solution) sit at the top level of a line, beside the others.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace inchzero {

struct IterationRecord {
  int iteration = -1;            // -1 until recorded (a checkpoint's pending record)
  std::string time;              // UTC when recorded ("" before)
  double elapsed_minutes = 0;    // the run's active time when recorded
  double iteration_seconds = 0;  // the wall time of this iteration's phases so far
  std::string network;           // the network file, relative to the run folder
  // The phases' reports: objects, or null for a phase that did not run
  // (iteration 0 has no self-play and no training).
  nlohmann::json selfplay;
  nlohmann::json train;
  nlohmann::json replay;
  // What the evaluation reported (evaluate_iteration: eval, elo, solution);
  // an object, empty before the evaluation.
  nlohmann::json evaluation = nlohmann::json::object();

  // The Elo chain after this iteration (elo.cumulative), when its network
  // played its predecessor.
  std::optional<double> cumulative_elo() const;

  // The line metrics.jsonl holds.
  nlohmann::json to_json() const;
  // A line back. Keys an older build did not write keep their defaults; a
  // key of the wrong type is a damaged file: GameError naming `where` and
  // the key.
  static IterationRecord from_json(const nlohmann::json& line, const std::string& where);
};

}  // namespace inchzero
