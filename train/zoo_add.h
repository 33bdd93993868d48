// A zoo entry made from a finished training run (`inchzero zoo add`,
// docs/zoo.md): the run's network, its export metadata, config, metrics,
// learning curve, a small checkpoint to continue from, an optional ladder
// and a README, written to a temporary folder and renamed into the zoo.
#pragma once

#include <memory>
#include <string>

#include "core/game.h"
#include "model/zoo.h"
#include "train/run_config.h"

namespace inchzero {

struct ZooAddOptions {
  std::string run;      // the training run's folder
  std::string name;     // the entry's name, [a-z0-9-]+
  std::string network;  // a network file of that run; empty: the run's newest
  std::string ladder;   // a ladder folder (ladder.md, ladder.csv, ratings.png); empty: none
  bool force = false;   // replace an entry of the same name
};

// Write entry `options.name` into `zoo` and return its folder. Before
// anything is written it checks the name, that the run has a config and
// metrics, that the network loads and was trained for the run's game and
// rules, that the ladder folder holds ladder.md and a ladder.csv row of this
// network (zoo:NAME or a net: spec naming the same file; recorded in
// metadata.json as zoo.ladder_player), and that the zoo stays
// under kZooSizeLimit; an existing entry is refused without `force`. The
// entry appears whole or not at all (temporary folder, then rename; with
// `force` the old one is moved aside first and removed after). Throws
// GameError naming the problem.
std::string add_zoo_entry(const std::string& zoo, const ZooAddOptions& options);

// Record the ladder in folder `ladder` as the rating of entry `name` of
// `zoo`, for an entry whose run is gone or that is rated again (a ladder
// extended, replayed under zoo:NAME): its ladder.md, ladder.csv and
// ratings.png replace the entry's ladder/, its README's "## Ladder" section
// (the last one) becomes ladder.md, and metadata.json's zoo.ladder_player
// becomes the ladder's row of this network (zoo:NAME or a net: spec naming
// the entry's network file). Checked first as `add_zoo_entry` checks a
// ladder; the entry changes whole or not at all (a copy is changed, then
// renamed in place of the entry). Returns the entry's folder; throws
// GameError naming the problem.
std::string rate_zoo_entry(const std::string& zoo, const std::string& name,
                           const std::string& ladder);

// `inchzero zoo continue`: a run folder from which `inchzero run --out
// options.out` continues the training of a zoo entry, on any machine and any
// number of times, as one run (docs/zoo.md, "Continuing a network").
struct ZooContinueOptions {
  std::string name;    // the zoo entry
  std::string out;     // the new run folder; must not exist
  double minutes = 0;  // more minutes of run time (the budget becomes the run's so far + this)
  int iterations = 0;  // or more iterations (the budget becomes the entry's iteration + this)
  // The continued run's peak learning rate (trainer.learning_rate; its
  // schedule runs on from there). 0: the rate the entry's last iteration
  // trained at, so that training goes on where the entry's schedule left it
  // instead of jumping back to the recipe's peak (docs/zoo.md).
  double learning_rate = 0;
};

// Write run folder `options.out` from entry `options.name` of `zoo`: its
// config (seed kept, budget extended by exactly one of minutes or
// iterations), its network and checkpoint as the folder's newest, its
// metrics up to that iteration, a run_state.json with the run's time and
// trained samples, and continued_from.json (train/run_folder.h). The shards
// that trained it are not in the entry: the continued run starts with an
// empty replay buffer, its counts added to the entry's. Refused, with
// nothing written, for an unknown or damaged entry, one without
// checkpoint.pt, a checkpoint of another iteration than network.pt, an
// existing `out`, or not exactly one of minutes and iterations above 0.
// Written to a temporary folder beside `out` and renamed. Returns the
// folder; throws GameError naming the problem.
std::string continue_zoo_entry(const std::string& zoo, const ZooContinueOptions& options);

// The run config that trained `entry` (its config.yaml). Throws GameError
// naming the entry when the config does not load.
RunConfig zoo_entry_config(const ZooEntry& entry);
// The game and rules `entry` plays: that config's game rebuilt. Throws
// GameError naming the entry when the config or its rules do not load.
std::shared_ptr<const Game> zoo_entry_game(const ZooEntry& entry);

}  // namespace inchzero
