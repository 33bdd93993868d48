// Reference samples for checking an export (docs/export.md, "Reference
// samples"): positions drawn from recorded self-play games, each with the
// decisions that reach it, its legal decisions, its input planes and the
// network's own outputs (Network::evaluate, fp32). A front end that
// reproduces the planes and outputs of these samples encodes and evaluates
// like inchzero; the test suite checks onnxruntime and torch.jit against them.
#pragma once

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "core/game.h"
#include "model/network.h"

namespace inchzero {

struct ExportSample {
  std::string shard;            // the shard file the game came from
  int64_t game_index = 0;       // GameRecord::game_index
  int decision = 0;             // index of this decision in the game
  std::string start_position;   // the game's start ("" = the game's initial state)
  std::vector<Action> actions;  // the decisions played from the start to here
  std::string position;         // State::to_position() at a move boundary, else ""
  int player = 0;               // State::current_player()
  bool in_compound_move = false;
  std::vector<Action> legal_actions;
  std::vector<float> planes;         // the encoder's planes (identity symmetry)
  std::vector<float> policy_logits;  // the network's outputs for these planes
  std::vector<float> wdl;
  std::vector<float> aux;  // empty without an aux head
};

// `count` distinct decisions drawn uniformly (a fixed function of `seed`)
// from the games in `shards` (files or folders) played as `game` under its
// rules (the same behaviour fingerprint, core/rules_fingerprint.h), replayed, encoded and evaluated
// with `network`, in shard order. Throws GameError naming the problem: an unreadable shard, a
// record whose replay is illegal, fewer than `count` decisions of this game and rules.
std::vector<ExportSample> collect_export_samples(const Network& network, const Game& game,
                                                 const std::vector<std::string>& shards, int count,
                                                 uint64_t seed);

// The samples file: {"format": "inchzero-export-samples", ..., "samples": [...]},
// floats written with the fewest digits that read back as the same float32.
nlohmann::json export_samples_json(const Network& network, const Game& game,
                                   const std::vector<ExportSample>& samples, uint64_t seed);

}  // namespace inchzero
