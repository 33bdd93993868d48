#include "selfplay/export_samples.h"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <nlohmann/json.hpp>

#include "core/seed.h"
#include "model/encoder.h"
#include "selfplay/record_rules.h"
#include "selfplay/shard.h"

namespace inchzero {
namespace {

struct Pick {
  int game;  // index into the loaded records
  int decision;
};

// The double whose shortest decimal form is that of `f`'s shortest float32
// form, so JSON prints "0.1" (not 0.10000000149011612) and reading it back
// as float32 gives `f` exactly.
double json_float(float f) {
  char text[32];
  const auto result = std::to_chars(text, text + sizeof(text) - 1, f);
  *result.ptr = '\0';
  return std::strtod(text, nullptr);
}

nlohmann::json floats(const std::vector<float>& values) {
  nlohmann::json out = nlohmann::json::array();
  for (float v : values) out.push_back(json_float(v));
  return out;
}

}  // namespace

std::vector<ExportSample> collect_export_samples(const Network& network, const Game& game,
                                                 const std::vector<std::string>& shards, int count,
                                                 uint64_t seed) {
  if (count <= 0)
    throw GameError("samples: the count must be positive, not " + std::to_string(count));
  // 1. The games of this game and rules.
  std::vector<GameRecord> records;
  std::vector<std::string> record_shard;
  int64_t other = 0;
  RecordRulesCheck rules_check(game);
  for (const std::string& path : list_shards(shards)) {
    for (GameRecord& r : read_shard(path)) {
      if (!rules_check.fits(r)) {
        ++other;
        continue;
      }
      records.push_back(std::move(r));
      record_shard.push_back(path);
    }
  }
  // 2. `count` distinct decisions, a partial Fisher-Yates shuffle driven by the seed.
  std::vector<Pick> all;
  for (int g = 0; g < static_cast<int>(records.size()); ++g)
    for (int d = 0; d < static_cast<int>(records[g].decisions.size()); ++d) all.push_back({g, d});
  if (static_cast<int64_t>(all.size()) < count)
    throw GameError("samples: " + std::to_string(count) + " positions wanted but the shards hold " +
                    std::to_string(all.size()) + " decisions of " + game.name() + " under rules '" +
                    game.options().label() + "' (" + std::to_string(records.size()) + " games; " +
                    std::to_string(other) + " records of other games or rules skipped)");
  for (int i = 0; i < count; ++i) {
    const uint64_t r = derive_seed(seed, {static_cast<uint64_t>(i)});
    std::swap(all[i], all[i + r % (all.size() - i)]);
  }
  std::vector<Pick> picks(all.begin(), all.begin() + count);
  std::sort(picks.begin(), picks.end(), [](const Pick& a, const Pick& b) {
    return a.game != b.game ? a.game < b.game : a.decision < b.decision;
  });
  // 3. Replay each picked game once, checking every decision, and encode.
  const std::unique_ptr<Encoder> encoder = make_encoder(game);
  const int input_size = encoder->shape().size();
  std::vector<ExportSample> samples;
  for (size_t p = 0; p < picks.size();) {
    const int g = picks[p].game;
    const GameRecord& record = records[g];
    std::unique_ptr<State> state = record.start_position.empty()
                                       ? game.initial_state()
                                       : game.state_from_position(record.start_position);
    std::vector<Action> actions;
    for (int d = 0; p < picks.size() && picks[p].game == g; ++d) {
      const std::vector<Action> legal = state->legal_actions();
      const DecisionRecord& played = record.decisions[d];
      if (state->is_terminal() || !std::binary_search(legal.begin(), legal.end(), played.action) ||
          played.player != state->current_player())
        throw GameError("samples: " + record_shard[g] + ": game " +
                        std::to_string(record.game_index) + ": decision " + std::to_string(d) +
                        " is not legal in the replay");
      if (d == picks[p].decision) {
        ExportSample s;
        s.shard = record_shard[g];
        s.game_index = record.game_index;
        s.decision = d;
        s.start_position = record.start_position;
        s.actions = actions;
        s.position = state->in_compound_move() ? "" : state->to_position();
        s.player = state->current_player();
        s.in_compound_move = state->in_compound_move();
        s.legal_actions = legal;
        s.planes.resize(input_size);
        encoder->encode(*state, 0, s.planes.data());
        samples.push_back(std::move(s));
        ++p;
      }
      state->apply_action(played.action);
      actions.push_back(played.action);
    }
  }
  // 4. The network's outputs, one batch.
  const NetworkConfig& c = network.config();
  const int n = static_cast<int>(samples.size());
  std::vector<float> inputs(static_cast<size_t>(n) * input_size);
  for (int i = 0; i < n; ++i)
    std::copy(samples[i].planes.begin(), samples[i].planes.end(),
              inputs.begin() + static_cast<size_t>(i) * input_size);
  std::vector<float> policy(static_cast<size_t>(n) * c.num_actions), wdl(n * 3),
      aux(static_cast<size_t>(n) * c.arch.aux_outputs);
  network.evaluate(inputs.data(), n, policy.data(), wdl.data(),
                   c.arch.aux_outputs > 0 ? aux.data() : nullptr);
  for (int i = 0; i < n; ++i) {
    auto row = [i](const std::vector<float>& v, int width) {
      return std::vector<float>(v.begin() + static_cast<size_t>(i) * width,
                                v.begin() + static_cast<size_t>(i + 1) * width);
    };
    samples[i].policy_logits = row(policy, c.num_actions);
    samples[i].wdl = row(wdl, 3);
    if (c.arch.aux_outputs > 0) samples[i].aux = row(aux, c.arch.aux_outputs);
  }
  return samples;
}

nlohmann::json export_samples_json(const Network& network, const Game& game,
                                   const std::vector<ExportSample>& samples, uint64_t seed) {
  const NetworkConfig& c = network.config();
  nlohmann::json list = nlohmann::json::array();
  for (const ExportSample& s : samples) {
    nlohmann::json j = {
        {"shard", s.shard},
        {"game_index", s.game_index},
        {"decision", s.decision},
        {"start_position", s.start_position},
        {"actions", s.actions},
        {"position", s.position.empty() ? nlohmann::json(nullptr) : nlohmann::json(s.position)},
        {"player", s.player},
        {"in_compound_move", s.in_compound_move},
        {"legal_actions", s.legal_actions},
        {"planes", floats(s.planes)},
        {"policy_logits", floats(s.policy_logits)},
        {"wdl", floats(s.wdl)}};
    if (!s.aux.empty()) j["aux"] = floats(s.aux);
    list.push_back(std::move(j));
  }
  return {{"format", "inchzero-export-samples"},
          {"format_version", 1},
          {"game", game.name()},
          {"rules", game.options().label()},
          {"encoder_version", make_encoder(game)->version()},
          {"input_shape", {c.input.channels, c.input.height, c.input.width}},
          {"num_actions", c.num_actions},
          {"aux_outputs", c.arch.aux_outputs},
          {"outputs_from", "Network::evaluate: LibTorch, fp32, the network's reference forward"},
          {"sampling_seed", std::to_string(seed)},
          {"count", samples.size()},
          {"samples", list}};
}

}  // namespace inchzero
