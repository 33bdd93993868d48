// Playing the lab's strength gate (lab/strength_gate.h): a rule set's agent
// against each gate opponent, `strength_gate.games` games under that rule
// set, through the match loop the lab's cells use (play_match). Each match is
// its own file, OUT/gate/<rule set>-vs-<opponent stem>.json, written
// atomically when finished and skipped when present; a match under way
// journals each finished game (OUT/gate/<…>.games.jsonl), so a killed or
// stopped lab resumes it, playing only the games it lacks.
#pragma once

#include <atomic>
#include <string>
#include <vector>

#include "lab/lab_config.h"
#include "lab/strength_gate.h"
#include "model/backend.h"
#include "selfplay/search_config.h"

namespace inchzero::lab {

// The result file of the gate match of `rule_set`'s agent `k` (1-based)
// against the player `opponent`: OUT/gate/<agent_name(rule_set, k)>-vs-<stem>.json
// (agent 1's is the one-agent lab's file).
std::string gate_path(const std::string& out_dir, const std::string& rule_set,
                      const std::string& opponent, int k = 1);

// Whether play_gate would play a match of `entry`'s agent `k`: some opponent
// has no file yet and the agent failed none before it (false when the gate is off).
bool gate_missing(const LabConfig& config, const RuleSetEntry& entry, const std::string& out_dir,
                  int k = 1);

// The agent's player spec in the gate: the agent at the smallest budget, its
// weakest setting in the verdict's games, with "{agent}" = `agent_folder`.
std::string gate_agent_spec(const LabConfig& config, const RuleSetEntry& entry,
                            const std::string& agent_folder);

// Play the missing gate matches of `entry`'s (config index `entry_index`)
// agent `k` (1-based; its seeds derive from LabConfig::agent_lab_seed(k)), opponents
// in config order, until the agent fails one (its gate has failed: the later
// opponents are not played, so the cheap ones go first): the agent
// (gate_agent_spec, searching with `search`) is Red in even games; seeds
// derive from the lab seed, the index and the opponent's index. Progress on stderr unless `quiet`;
// no further match starts once `stop` (may be null) is true. The agent searches as `search` says;
// network players run as `inference` says. Throws std::runtime_error naming the
// rule set and opponent when a game fails (that match is not written).
void play_gate(const LabConfig& config, const RuleSetEntry& entry, size_t entry_index, int k,
               const std::string& out_dir, const SearchConfig& search,
               const InferenceOptions& inference, bool quiet, const std::atomic<bool>* stop);

// Every gate file present under `out_dir` for the config's rule sets, their
// agents and the opponents. Throws GameError when one is corrupt or was played with another
// number of games than `strength_gate.games` (naming the file: remove it to
// play it again).
std::vector<GateMatch> load_gate_matches(const LabConfig& config, const std::string& out_dir);

}  // namespace inchzero::lab
