// The network agents of the rule-variant lab (`inchzero lab`, issue 5): one
// per rule set, trained by the learning loop (train/run_loop.h) in
// OUT/agents/<rule set>/ when the lab config has a `training:` section, or a
// named run given by the rule set's `run:`. The lab runner (lab/lab_runner.h)
// calls it before a rule set's first missing cell.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>

#include "lab/lab_config.h"
#include "selfplay/search_config.h"
#include "train/run_config.h"

namespace inchzero {

// The seed of the run the lab trains as agent `k` (1-based, training.agents)
// of the rule set at config index `index`: derived from the index and
// LabConfig::agent_lab_seed(k) (the lab's seed itself for k = 1, so the one
// agent of before keeps its seed), so each agent has its own and a rerun
// trains the same one (verdict.md states it).
uint64_t lab_agent_seed(const lab::LabConfig& config, size_t index, int k = 1);

// The run config of the agent the lab trains for `entry` (config index
// `index`): the base config `config.training.config` with the rule set as its
// game (the lab's overrides, then the rule set's), a seed derived from the
// lab's, and the lab's training budget. Throws GameError on a bad base config.
// `k` is the agent (training.agents): its seed is lab_agent_seed(…, k).
RunConfig lab_agent_run_config(const lab::LabConfig& config, const lab::RuleSetEntry& entry,
                               size_t index, int k = 1);

// Make `entry`'s agent ready and return the search settings it plays with:
//  * a per-rule-set agent trained by the lab: train it, or resume its run
//    until the training budget is spent (a finished run returns at once);
//    the run's config is written to OUT/agents/<agent_name(name, k)>.yaml
//    first (`k`: which of the rule set's training.agents, 1-based);
//  * a named run (`run:`): check that it holds a network; `run: zoo:NAME`
//    names a zoo network (model/zoo.h), checked when opened;
// then the search settings of that run (selfplay.search), so the lab's games
// search the way the run's own evaluation does. Agents without a folder (UCT)
// get the default settings. Stops early when `stop` turns true. Throws
// GameError when the run folder holds no run or no network.
SearchConfig prepare_lab_agent(const lab::LabConfig& config, const lab::RuleSetEntry& entry,
                               size_t index, int k, const std::string& out_dir, bool quiet,
                               const std::atomic<bool>& stop);

}  // namespace inchzero
