#include "lab/lab_agents.h"

#include <iostream>

#include "core/atomic_file.h"
#include "core/game.h"
#include "core/seed.h"
#include "train/run_folder.h"
#include "train/run_loop.h"
#include "train/zoo_add.h"

namespace inchzero {
namespace {

constexpr uint64_t kAgentSeedStream = 0x6167656e74;  // "agent"

}  // namespace

uint64_t lab_agent_seed(const lab::LabConfig& config, size_t index, int k) {
  return derive_seed(config.agent_lab_seed(k), {index, kAgentSeedStream}) |
         1;  // 0 would mean "draw one"
}

RunConfig lab_agent_run_config(const lab::LabConfig& config, const lab::RuleSetEntry& entry,
                               size_t index, int k) {
  RunConfig run = RunConfig::load(config.training.config);
  run.game.name = "inchworm";
  run.game.rules = entry.rules;
  run.game.set = config.overrides;
  run.game.set.insert(run.game.set.end(), entry.set.begin(), entry.set.end());
  run.seed = lab_agent_seed(config, index, k);
  run.budget.minutes = config.training.minutes;
  run.budget.iterations = config.training.iterations;
  return run;
}

SearchConfig prepare_lab_agent(const lab::LabConfig& config, const lab::RuleSetEntry& entry,
                               size_t index, int k, const std::string& out_dir, bool quiet,
                               const std::atomic<bool>& stop) {
  const std::string folder = config.agent_folder(entry, out_dir, k);
  const std::string name = lab::agent_name(entry.name, k);
  if (folder.empty()) return SearchConfig();
  // 1. Train (or resume) the lab's own agent of this rule set.
  if (entry.run.empty()) {
    const RunConfig run = lab_agent_run_config(config, entry, index, k);
    const std::string config_path = out_dir + "/agents/" + name + ".yaml";
    const std::string which =
        k == 1 ? "the lab agent"
               : "lab agent " + std::to_string(k) + " of " + std::to_string(config.agents());
    write_file_atomically(
        config_path, "# Run config of " + which + " for rule set '" + entry.name +
                         "' (written by `inchzero lab`; the run folder keeps its own copy).\n" +
                         run.to_yaml());
    if (!quiet) {
      std::cerr << name << ": training its agent in " << folder << " ("
                << config.training.budget_text() << ")\n";
    }
    RunOptions options;
    options.config = config_path;
    options.out = folder;
    // The lab's budget wins over a resumed run's stored one, so a changed
    // preset applies to agents trained before.
    options.minutes = config.training.minutes;
    options.iterations = config.training.iterations;
    options.quiet = quiet;
    run_training(options, stop);
    if (stop.load()) return SearchConfig();
  }
  // 2. A zoo network (run: zoo:NAME) brings its run's config; a run must hold
  // a network. Its search settings are the lab's.
  if (is_zoo_spec(folder)) return zoo_entry_config(zoo_entry_of(folder)).selfplay.search;
  const RunFolder run_folder(folder);
  if (!run_folder.has_run()) {
    throw GameError("rule set '" + entry.name + "': no training run in '" + folder + "'");
  }
  if (run_folder.latest_network() < 0) {
    throw GameError("rule set '" + entry.name + "': the run in '" + folder +
                    "' has no network yet (train it longer)");
  }
  return RunConfig::load(run_folder.config_path()).selfplay.search;
}

}  // namespace inchzero
