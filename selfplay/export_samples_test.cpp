// Reference samples of an export: positions drawn from shards, replayed,
// encoded and evaluated; the same seed draws the same positions.
#include "selfplay/export_samples.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <random>

#include "core/registry.h"
#include "core/rules_fingerprint.h"
#include "model/encoder.h"
#include "selfplay/shard.h"
#include "tests/learning/tiny_network.h"

namespace inchzero {
namespace {

namespace fs = std::filesystem;

// A game of random decisions, recorded as self-play records it.
GameRecord random_game(const Game& game, uint64_t seed, int max_decisions) {
  std::mt19937_64 rng(seed);
  GameRecord r;
  r.game = game.name();
  r.rules_label = game.options().label();
  r.rules_yaml = game.options().to_yaml();
  r.rules_fingerprint = behaviour_fingerprint(game);
  r.game_index = static_cast<int64_t>(seed);
  std::unique_ptr<State> state = game.initial_state();
  for (int i = 0; i < max_decisions && !state->is_terminal(); ++i) {
    const std::vector<Action> legal = state->legal_actions();
    DecisionRecord d;
    d.player = static_cast<int8_t>(state->current_player());
    d.num_legal = static_cast<uint16_t>(legal.size());
    d.action = legal[rng() % legal.size()];
    r.decisions.push_back(d);
    state->apply_action(d.action);
  }
  r.end_reason = EndReason::kResign;
  return r;
}

NetworkConfig config_for(const Game& game) {
  NetworkConfig c = testing::tiny_network_config(game);
  c.arch.aux_outputs = 1;
  return c;
}

TEST(ExportSamples, ReplayedEncodedAndEvaluatedLikeTheNetwork) {
  testing::TempFolder dir("export_samples_test");
  auto game = load_game("inchworm", "", {"width=6", "height=6", "stock=10"});
  {
    ShardWriter writer(dir.path().string(), "it000001", 2);
    for (uint64_t g = 0; g < 4; ++g) writer.add(random_game(*game, g, 40));
  }
  auto net = Network::create(config_for(*game), 1);
  const auto samples = collect_export_samples(*net, *game, {dir.path().string()}, 30, 7);
  ASSERT_EQ(samples.size(), 30u);
  auto encoder = make_encoder(*game);
  const NetworkConfig& c = net->config();
  std::set<std::pair<int64_t, int>> seen;
  for (const ExportSample& s : samples) {
    EXPECT_TRUE(seen.insert({s.game_index, s.decision}).second) << "a position drawn twice";
    // The decisions reach the position; its planes and outputs are the network's.
    auto state = game->initial_state();
    for (Action a : s.actions) state->apply_action(a);
    EXPECT_EQ(static_cast<int>(s.actions.size()), s.decision);
    EXPECT_EQ(state->legal_actions(), s.legal_actions);
    EXPECT_EQ(state->current_player(), s.player);
    EXPECT_EQ(state->in_compound_move(), s.in_compound_move);
    EXPECT_EQ(s.position, state->in_compound_move() ? "" : state->to_position());
    std::vector<float> planes(encoder->shape().size());
    encoder->encode(*state, 0, planes.data());
    EXPECT_EQ(planes, s.planes);
    std::vector<float> policy(c.num_actions), wdl(3), aux(1);
    net->evaluate(planes.data(), 1, policy.data(), wdl.data(), aux.data());
    for (int a = 0; a < c.num_actions; ++a) EXPECT_NEAR(policy[a], s.policy_logits[a], 1e-5);
    for (int k = 0; k < 3; ++k) EXPECT_NEAR(wdl[k], s.wdl[k], 1e-6);
    EXPECT_NEAR(aux[0], s.aux.at(0), 1e-5);
  }
  // The seed decides which positions: the same seed the same, another seed others.
  auto key = [](const std::vector<ExportSample>& v) {
    std::vector<std::pair<int64_t, int>> k;
    for (const auto& s : v) k.emplace_back(s.game_index, s.decision);
    return k;
  };
  EXPECT_EQ(key(collect_export_samples(*net, *game, {dir.path().string()}, 30, 7)), key(samples));
  EXPECT_NE(key(collect_export_samples(*net, *game, {dir.path().string()}, 30, 8)), key(samples));
  // The file form: floats read back as the same float32.
  const nlohmann::json j = export_samples_json(*net, *game, samples, 7);
  EXPECT_EQ(j["count"], 30);
  EXPECT_EQ(j["samples"][0]["planes"].size(), static_cast<size_t>(encoder->shape().size()));
  const nlohmann::json back = nlohmann::json::parse(j.dump());
  for (int a = 0; a < c.num_actions; ++a)
    EXPECT_EQ(back["samples"][3]["policy_logits"][a].get<float>(), samples[3].policy_logits[a]);
}

TEST(ExportSamples, TooFewPositionsOfTheGameAndRulesIsAClearError) {
  testing::TempFolder dir("export_samples_test");
  auto game = load_game("inchworm", "", {"width=6", "height=6"});
  auto other_rules = load_game("inchworm", "", {"width=6", "height=6", "target_score=9"});
  {
    ShardWriter writer(dir.path().string(), "it000001", 4);
    writer.add(random_game(*game, 1, 10));
    writer.add(random_game(*other_rules, 2, 40));
  }
  auto net = Network::create(config_for(*game), 1);
  try {
    collect_export_samples(*net, *game, {dir.path().string()}, 11, 1);
    FAIL() << "no error";
  } catch (const GameError& e) {
    EXPECT_NE(std::string(e.what()).find("hold 10 decisions"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("1 records of other games or rules skipped"),
              std::string::npos)
        << e.what();
  }
  EXPECT_EQ(collect_export_samples(*net, *game, {dir.path().string()}, 10, 1).size(), 10u);
  EXPECT_THROW(collect_export_samples(*net, *game, {(dir.path() / "missing").string()}, 1, 1),
               GameError);
}

}  // namespace
}  // namespace inchzero
