// The behaviour fingerprints behind a lab result file (issue 50): a cell or
// gate file records, besides its agent's spec (LabConfig::check_played_by),
// what the scripted players that made it play (player_fingerprint: the
// agent where a seed fixes its moves, the builder `wall`, the waiter
// `waiter` and `greedy`), and a lab that finds a file whose players now play
// otherwise refuses it instead of resuming from it. Why: on 2026-12-06 the
// builder got a new ranking rule, every verdict cell had to be played again,
// and nothing but a person's memory stopped the lab from mixing the old
// builder's games into the new one's rows.
#pragma once

#include <string>
#include <vector>

#include "lab/lab_config.h"

namespace inchzero::lab {

// "spec=fingerprint" for `agent` and the lab's scripted players, in that
// order, space-separated, under `entry`'s game (players whose moves a seed
// does not fix are left out). Costs a short self-play game per player (a
// second or two for siege:3 on 8 x 8).
std::string players_fingerprint(const LabConfig& config, const RuleSetEntry& entry,
                                const std::string& agent);

// The players among `played_by` (specs) whose fingerprints differ between
// `recorded` and `expected` (both as players_fingerprint writes them), each
// as " `spec` (before, now after)"; "" when none does. A player missing on
// one side counts as changed; a spec on neither side (a player whose moves
// no seed fixes) is not compared.
std::string changed_players(const std::string& recorded, const std::string& expected,
                            const std::vector<std::string>& played_by);

// Throws GameError when the result file `path` of `entry` records the
// fingerprints `recorded` and one of the players whose games it holds
// (`played_by`: the agent's spec and its opponents') now plays otherwise,
// naming each such player: its games were played by another version of
// them. Why only those: a gate match against greedy says nothing of the
// builder, and a change to the builder should not throw it away. A file
// without fingerprints (`recorded` empty: written before they were kept)
// passes unchecked, and then nothing is computed.
void check_same_players(const std::string& path, const std::string& recorded,
                        const LabConfig& config, const RuleSetEntry& entry,
                        const std::string& agent, const std::vector<std::string>& played_by);

}  // namespace inchzero::lab
