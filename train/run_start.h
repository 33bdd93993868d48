// Starting a run (train/run_loop.h drives it): which config it uses, its
// seed, its warm-start network and its budget, every check done before the
// run folder gets anything, so that a refused start leaves nothing behind;
// and `inchzero run --check`, which makes the same checks and writes nothing.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string>

#include "train/run_config.h"
#include "train/run_folder.h"
#include "train/run_loop.h"

namespace inchzero {

class Network;

// Where the run's config comes from: the folder's own when it holds a run
// (a resumed run keeps its config and seed), else options.config, else the
// embedded "inchworm".
std::string config_source(const RunOptions& options, const RunFolder& folder);

// The run's config: a resumed run's own (options.config is compared and a
// difference noted on stderr; another options.seed is refused), or for a new
// run config_source's, with options.seed, a drawn seed for 0, the devices
// checked and warm_start resolved and loaded, written resolved into the new
// folder. Throws GameError naming what is wrong.
RunConfig prepare_config(const RunOptions& options, const RunFolder& folder);

// The network of `config.warm_start` bound to the config's game and rules
// (a curriculum: a network of the same game and shape trained under other
// rule options, e.g. a lower target score). Throws GameError naming
// warm_start, the file and the mismatch.
std::shared_ptr<Network> warm_start_network(const RunConfig& config);

// The budget a run works to: the config's, with --minutes / --iterations.
BudgetConfig budget_with_overrides(const RunOptions& options, BudgetConfig budget);

// `inchzero run --check`: options.config when given, else the config
// run_training(options) would use (the folder's own for an existing run,
// else "inchworm"), with options.seed and the budget overrides, loaded and
// validated — game, encoder, evaluation opponents, and a network of its
// shape built — then written resolved to `out` as YAML, followed by a
// `# ok: ...` summary comment. Refuses a --seed that the run in the folder
// would refuse. Nothing is written. Throws GameError naming what is wrong.
void check_run_config(const RunOptions& options, std::ostream& out);

}  // namespace inchzero
