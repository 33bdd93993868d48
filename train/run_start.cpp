#include "train/run_start.h"

#include <fmt/format.h>

#include <iostream>
#include <random>

#include "core/atomic_file.h"
#include "model/device.h"
#include "model/network.h"
#include "model/network_config.h"
#include "model/network_path.h"

namespace inchzero {
namespace {

// Every random choice of a run derives from its seed: a resumed run with
// another one would be neither run, so --seed must be the run's own, or 0
// ("draw one"), which a run that drew its seed was started with: the same
// command resumes.
void refuse_another_seed(const RunOptions& options, const RunFolder& folder, uint64_t seed) {
  if (!options.seed || *options.seed == 0 || *options.seed == seed) return;
  throw GameError(fmt::format(
      "--seed {}: the run in {} has seed {}, and a run keeps its seed (use another --out for a "
      "run with seed {})",
      *options.seed, folder.root(), seed, *options.seed));
}

}  // namespace

std::string config_source(const RunOptions& options, const RunFolder& folder) {
  if (folder.has_run()) return folder.config_path();
  return options.config.empty() ? "inchworm" : options.config;
}

// Bound to the run's rules, so the run's network files say what they are
// trained for from the start.
std::shared_ptr<Network> warm_start_network(const RunConfig& config) {
  const NetworkConfig net = network_config_for(*config.game.load(), config.network);
  try {
    auto loaded = Network::load(config.warm_start);
    check_network_fits(loaded->config(), config.warm_start, net.game, net.input.size(),
                       net.num_actions);
    return loaded->rebound(net);
  } catch (const GameError& e) {
    throw GameError(std::string("warm_start: ") + e.what());
  }
}

namespace {

// A warm start given as a run folder or zoo entry becomes the network file it
// stands for (recorded so); a missing file or a network of another game or
// input is refused, naming warm_start.
void check_warm_start(RunConfig& config) {
  if (config.warm_start.empty()) return;
  try {
    config.warm_start = resolve_network_path(config.warm_start);
  } catch (const GameError& e) {
    throw GameError(std::string("warm_start: ") + e.what());
  }
  warm_start_network(config);
}

}  // namespace

RunConfig prepare_config(const RunOptions& options, const RunFolder& folder) {
  if (folder.has_run()) {
    RunConfig stored = RunConfig::load(folder.config_path());
    refuse_another_seed(options, folder, stored.seed);
    if (!options.config.empty()) {
      RunConfig given = RunConfig::load(options.config);
      given.seed = stored.seed;
      if (given.to_yaml() != stored.to_yaml()) {
        std::cerr << "note: " << folder.config_path() << " differs from " << options.config
                  << "; a run keeps its own config (edit that file to change it)\n";
      }
    }
    return stored;
  }
  RunConfig config = RunConfig::load(config_source(options, folder));
  if (options.seed) config.seed = *options.seed;
  if (config.seed == 0) {
    std::random_device device;
    config.seed = (uint64_t{device()} << 32 | device()) | 1;
  }
  // A device this machine cannot give is refused before the folder exists.
  resolve_device(config.selfplay.device, "selfplay.device");
  resolve_device(config.trainer.device, "trainer.device");
  // A run folder stands for its newest network, recorded as that file.
  // Refused before the folder exists; loaded again when the trainer starts.
  check_warm_start(config);
  folder.create();
  write_file_atomically(folder.config_path(),
                        "# The resolved config of this run (every key; seed included).\n"
                        "# `inchzero run --out " +
                            folder.root() + "` resumes with it.\n" + config.to_yaml());
  return config;
}

BudgetConfig budget_with_overrides(const RunOptions& options, BudgetConfig budget) {
  if (options.minutes >= 0) budget.minutes = options.minutes;
  if (options.iterations >= 0) budget.iterations = options.iterations;
  return budget;
}

void check_run_config(const RunOptions& options, std::ostream& out) {
  // --check validates the config it is given; only without --config does it
  // fall back to what a run would use (the run folder's own config).
  const RunFolder folder(options.out);
  const std::string source =
      options.config.empty() ? config_source(options, folder) : options.config;
  RunConfig config = RunConfig::load(source);
  // The run would refuse another seed whatever --config says (it keeps its
  // own config: `config` itself when no --config was given).
  if (folder.has_run()) {
    const uint64_t run_seed =
        options.config.empty() ? config.seed : RunConfig::load(folder.config_path()).seed;
    refuse_another_seed(options, folder, run_seed);
  }
  // (--seed 0 on a run keeps the run's: the run drew it from that 0.)
  if (options.seed && !(folder.has_run() && *options.seed == 0)) config.seed = *options.seed;
  const BudgetConfig budget = budget_with_overrides(options, config.budget);
  // What follows the budget's progress (BudgetConfig::progress) needs one.
  const std::string a_budget =
      " needs a budget (budget.minutes or budget.iterations, or --minutes / --iterations)";
  const bool has_budget = budget.minutes > 0 || budget.iterations > 0;
  if (!has_budget && config.trainer.lr_schedule == "cosine" &&
      config.trainer.lr_horizon == "budget")
    throw GameError(source + ": trainer config: 'lr_horizon' budget" + a_budget);
  if (!has_budget && config.selfplay.full_visits_initial > 0)
    throw GameError(source + ": selfplay config: 'full_visits_initial' (progressive visits)" +
                    a_budget);
  const auto game = config.game.load();
  const NetworkConfig net = network_config_for(*game, config.network);
  const auto network = Network::create(net, 1);
  // The warm start the run would load, refused as the run would refuse it.
  check_warm_start(config);
  out << config.to_yaml() << "\n"
      << fmt::format("# ok: {} ({}) from {}: input {}x{}x{}, {} actions, network {} parameters\n",
                     game->name(), game->options().label(), source, net.input.channels,
                     net.input.height, net.input.width, net.num_actions,
                     network->parameter_count());
}

}  // namespace inchzero
