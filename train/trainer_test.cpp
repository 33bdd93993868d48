#include "train/trainer.h"

#include <gtest/gtest.h>
#include <unistd.h>
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <random>

#include "model/cpu_features.h"
#include "model/network_module.h"
#include "tests/learning/test_networks.h"
#include "train/gradient_sync.h"

namespace inchzero {
namespace {

NetworkConfig tiny_config() { return testing::test_network_config(4, 3, 2, 16, 1); }

// A fixed random batch: one-hot-ish policy targets, one-hot outcomes, half of
// the rows with policy weight 0 (cheap searches).
TrainingBatch random_batch(const NetworkConfig& c, int size, uint64_t seed) {
  return testing::random_training_batch(c, size, seed);
}

TrainerConfig fast_config() {
  TrainerConfig t;
  t.learning_rate = 3e-3;
  t.warmup_steps = 5;
  return t;
}

std::vector<float> flat_weights(const Network& net) {
  std::vector<float> out;
  for (const auto& p : net.module().parameters()) {
    auto t = p.contiguous();
    out.insert(out.end(), t.data_ptr<float>(), t.data_ptr<float>() + t.numel());
  }
  return out;
}

std::string temp_path(const std::string& name) { return testing::temp_test_path(name); }

TEST(Trainer, OverfitsAFixedSmallBatch) {
  auto c = tiny_config();
  Trainer trainer(Network::create(c, 1), fast_config(), 1);
  const TrainingBatch batch = random_batch(c, 32, 2);
  const StepStats first = trainer.evaluate_loss(batch);
  StepStats last;
  for (int i = 0; i < 300; ++i) last = trainer.step(batch);
  const StepStats after = trainer.evaluate_loss(batch);
  EXPECT_EQ(last.step, 300);
  EXPECT_GT(last.grad_norm, 0.0);
  EXPECT_EQ(after.policy_weight, 16.0);
  // The minimum of the policy loss is the targets' entropy (≤ 0.57 nats),
  // the value and aux minima are 0; a clear drop in each term.
  EXPECT_LT(after.loss, first.loss / 3) << "first " << first.loss << " after " << after.loss;
  EXPECT_LT(after.value_loss, first.value_loss / 3);
  EXPECT_LT(after.aux_loss, first.aux_loss / 3);
  EXPECT_LT(after.policy_loss, 0.8);
}

TEST(Trainer, ResumedTrainerTakesExactlyTheSameSteps) {
  auto c = tiny_config();
  for (const std::string optimizer : {"adamw", "sgd"}) {
    TrainerConfig t = fast_config();
    t.optimizer = optimizer;
    t.learning_rate = optimizer == "sgd" ? 0.02 : 3e-3;
    t.lr_schedule = "cosine";
    t.total_steps = 40;
    Trainer straight(Network::create(c, 3), t, 99);
    const auto batch_for = [&](int i) { return random_batch(c, 16, 100 + i); };
    for (int i = 0; i < 6; ++i) straight.step(batch_for(i));
    const std::string path = temp_path("resume_" + optimizer + ".ckpt");
    straight.save_checkpoint(path);
    EXPECT_FALSE(std::filesystem::exists(path + ".tmp"));
    auto resumed = Trainer::load_checkpoint(path);
    EXPECT_EQ(resumed->steps(), 6);
    EXPECT_EQ(resumed->rng()(), straight.rng()());
    for (int i = 6; i < 10; ++i) {
      const StepStats a = straight.step(batch_for(i));
      const StepStats b = resumed->step(batch_for(i));
      EXPECT_EQ(a.loss, b.loss) << optimizer << " step " << i;
      EXPECT_EQ(a.learning_rate, b.learning_rate);
    }
    EXPECT_EQ(flat_weights(straight.network()), flat_weights(resumed->network())) << optimizer;
    std::filesystem::remove(path);
  }
}

// A batch whose targets follow from the inputs, so that a network can
// learn it and generalise: the policy target is the first cell of plane 0
// that is set, the outcome is the count of plane 1's set cells modulo 3.
TrainingBatch learnable_batch(const NetworkConfig& c, int size, uint64_t seed) {
  TrainingBatch b = random_batch(c, size, seed);
  const int cells = c.input.height * c.input.width;
  for (int i = 0; i < size; ++i) {
    const float* x = b.inputs.data() + static_cast<size_t>(i) * c.input.size();
    int first = 0;
    while (first < cells - 1 && x[first] == 0.0f) ++first;
    int count = 0;
    for (int k = 0; k < cells; ++k) count += x[cells + k] > 0;
    std::fill_n(b.policy_targets.begin() + i * c.num_actions, c.num_actions, 0.0f);
    b.policy_targets[i * c.num_actions + first] = 1.0f;
    b.policy_weight[i] = 1.0f;
    std::fill_n(b.wdl_targets.begin() + 3 * i, 3, 0.0f);
    b.wdl_targets[3 * i + count % 3] = 1.0f;
    b.aux_targets[i] = count / static_cast<float>(cells);
  }
  return b;
}

// trainer.precision bf16 (autocast, fp32 master weights) learns as well as
// fp32 at an equal number of steps on the same batches: the held-out loss,
// measured in fp32, is within 5 % of the starting loss of fp32's.
TEST(Trainer, Bf16AutocastLearnsAsWellAsFp32AtEqualSteps) {
  const NetworkConfig c = tiny_config();
  const auto start = Network::create(c, 4);
  const TrainingBatch held_out = learnable_batch(c, 256, 999);
  TrainerConfig fp32_config = fast_config();
  const double initial = Trainer(start->clone(), fp32_config, 1).evaluate_loss(held_out).loss;
  double final_loss[2] = {0, 0};
  for (int i = 0; i < 2; ++i) {
    TrainerConfig config = fast_config();
    config.precision = i == 0 ? "fp32" : "bf16";
    Trainer trainer(start->clone(), config, 1);
    for (int step = 0; step < 150; ++step) trainer.step(learnable_batch(c, 64, 10 + step));
    // The master weights stay fp32 whatever the forward pass computed in.
    for (const auto& p : trainer.network().module().parameters())
      ASSERT_EQ(p.scalar_type(), torch::kFloat32);
    final_loss[i] = Trainer(trainer.snapshot(), fp32_config, 1).evaluate_loss(held_out).loss;
  }
  std::cout << "held-out loss: start " << initial << ", fp32 " << final_loss[0] << ", bf16 "
            << final_loss[1] << "\n";
  EXPECT_LT(final_loss[0], 0.8 * initial)
      << "fp32 did not learn: " << initial << " -> " << final_loss[0];
  EXPECT_LT(final_loss[1], 0.8 * initial)
      << "bf16 did not learn: " << initial << " -> " << final_loss[1];
  EXPECT_LE(final_loss[1], final_loss[0] + 0.05 * initial)
      << "bf16 " << final_loss[1] << " vs fp32 " << final_loss[0] << " (start " << initial << ")";
}

TEST(TrainerConfig, PrecisionIsFp32Bf16OrAuto) {
  TrainerConfig t;
  for (const char* ok : {"fp32", "bf16", "auto"}) {
    t.precision = ok;
    EXPECT_NO_THROW(validate(t)) << ok;
  }
  t.precision = "fp16";
  try {
    validate(t);
    FAIL() << "fp16 accepted";
  } catch (const GameError& e) {
    EXPECT_NE(std::string(e.what()).find("trainer.precision"), std::string::npos) << e.what();
  }
}

// `auto` follows the training device: bf16 on a GPU and on a CPU with bf16
// units, fp32 on a CPU without them (where bf16 is emulated, ~20x slower);
// a named precision is kept wherever it runs.
TEST(Trainer, AutoPrecisionFollowsTheTrainingDevice) {
  const Device cpu{Device::Kind::kCpu, -1};
  const Device gpu{Device::Kind::kCuda, 0};
  const CpuFeatures& features = cpu_features();
  EXPECT_EQ(training_precision("auto", cpu),
            features.avx512_bf16 || features.amx_bf16 ? "bf16" : "fp32");
  EXPECT_EQ(training_precision("auto", gpu), "bf16");
  for (const Device& d : {cpu, gpu}) {
    EXPECT_EQ(training_precision("fp32", d), "fp32");
    EXPECT_EQ(training_precision("bf16", d), "bf16");
  }
  TrainerConfig config = fast_config();
  config.precision = "auto";
  Trainer trainer(Network::create(tiny_config(), 4), config, 1);
  EXPECT_EQ(trainer.precision(), training_precision("auto", cpu));
  EXPECT_EQ(trainer.config().precision, "auto");  // the setting, as configured and checkpointed
}

// Data-parallel ranks under `auto` train in bf16 only when all of them
// have it; a named precision is kept.
TEST(Trainer, GroupPrecisionIsBf16OnlyWhereEveryRankHasIt) {
  EXPECT_EQ(group_precision("auto", "bf16", 2, 2), "bf16");
  EXPECT_EQ(group_precision("auto", "bf16", 1, 2), "fp32");
  EXPECT_EQ(group_precision("auto", "fp32", 1, 2), "fp32");
  EXPECT_EQ(group_precision("auto", "fp32", 0, 3), "fp32");
  EXPECT_EQ(group_precision("bf16", "bf16", 1, 2), "bf16");
  EXPECT_EQ(group_precision("fp32", "fp32", 0, 2), "fp32");
}

// A peer for one rank's trainer: it adds `peer_bf16` (the other rank's
// answer) to one-value sums and leaves broadcasts as they are.
class OnePeerSync : public GradientSync {
 public:
  explicit OnePeerSync(float peer_bf16) : peer_bf16_(peer_bf16) {}
  int rank() const override { return 0; }
  int ranks() const override { return 2; }
  void sum(float* values, size_t count) override {
    ++sums;
    if (count == 1) values[0] += peer_bf16_;
  }
  void sum(double*, size_t) override { ++sums; }
  void broadcast(float*, size_t) override { ++broadcasts; }
  int sums = 0, broadcasts = 0;

 private:
  float peer_bf16_;
};

// broadcast_parameters asks the peers (one sum of one value, so the ranks
// stay in step) and drops to fp32 when a peer has no bf16.
TEST(Trainer, BroadcastAgreesOnThePrecisionWithThePeers) {
  TrainerConfig config = fast_config();
  config.precision = "auto";
  const std::string mine = training_precision("auto", Device{Device::Kind::kCpu, -1});
  for (const float peer_bf16 : {0.0f, 1.0f}) {
    Trainer trainer(Network::create(tiny_config(), 4), config, 1);
    OnePeerSync sync(peer_bf16);
    trainer.set_gradient_sync(&sync);
    trainer.broadcast_parameters();
    EXPECT_EQ(sync.sums, 1);
    EXPECT_EQ(sync.broadcasts, 1);
    EXPECT_EQ(trainer.precision(), peer_bf16 > 0 ? mine : "fp32") << "peer bf16 " << peer_bf16;
    trainer.set_gradient_sync(nullptr);
  }
  config.precision = "bf16";  // named: kept whatever the peer has
  Trainer named(Network::create(tiny_config(), 4), config, 1);
  OnePeerSync sync(0.0f);
  named.set_gradient_sync(&sync);
  named.broadcast_parameters();
  EXPECT_EQ(named.precision(), "bf16");
}

TEST(Trainer, RejectsMismatchedBatchAndMissingCheckpoint) {
  auto c = tiny_config();
  Trainer trainer(Network::create(c, 1), fast_config(), 1);
  TrainingBatch batch = random_batch(c, 4, 1);
  batch.wdl_targets.pop_back();
  EXPECT_THROW(trainer.step(batch), GameError);
  EXPECT_THROW(Trainer::load_checkpoint(temp_path("missing.ckpt")), GameError);
}

TEST(TrainerConfig, YamlOverridesAndRejectsUnknownKeys) {
  TrainerConfig c = trainer_config_from_yaml(YAML::Load("{learning_rate: 0.01, optimizer: sgd}"));
  EXPECT_EQ(c.learning_rate, 0.01);
  EXPECT_EQ(c.optimizer, "sgd");
  EXPECT_EQ(trainer_config_from_json(to_json(c)).learning_rate, 0.01);
  try {
    trainer_config_from_yaml(YAML::Load("{learnig_rate: 0.01}"));
    FAIL() << "expected a GameError";
  } catch (const GameError& e) {
    EXPECT_NE(std::string(e.what()).find("learnig_rate"), std::string::npos) << e.what();
  }
  EXPECT_THROW(trainer_config_from_yaml(YAML::Load("{optimizer: adam}")), GameError);
  EXPECT_THROW(trainer_config_from_yaml(YAML::Load("{batch_size: many}")), GameError);
  EXPECT_THROW(trainer_config_from_yaml(YAML::Load("{lr_schedule: cosine}")), GameError);
}

TEST(TrainerConfig, ScheduleWarmsUpThenFollowsItsShape) {
  TrainerConfig c;
  c.learning_rate = 1.0;
  c.warmup_steps = 10;
  EXPECT_DOUBLE_EQ(c.learning_rate_at(0), 0.1);
  EXPECT_DOUBLE_EQ(c.learning_rate_at(9), 1.0);
  EXPECT_DOUBLE_EQ(c.learning_rate_at(500), 1.0);
  c.lr_schedule = "cosine";
  c.total_steps = 110;
  c.min_lr_fraction = 0.1;
  EXPECT_DOUBLE_EQ(c.learning_rate_at(10), 1.0);
  EXPECT_NEAR(c.learning_rate_at(60), 0.55, 1e-12);
  EXPECT_NEAR(c.learning_rate_at(110), 0.1, 1e-12);
  EXPECT_NEAR(c.learning_rate_at(1000), 0.1, 1e-12);
  c.lr_schedule = "step";
  c.lr_step_every = 20;
  c.lr_step_factor = 0.5;
  EXPECT_DOUBLE_EQ(c.learning_rate_at(29), 1.0);
  EXPECT_DOUBLE_EQ(c.learning_rate_at(30), 0.5);
  EXPECT_DOUBLE_EQ(c.learning_rate_at(50), 0.25);
}

// Over the run's budget the cosine follows the share of the budget spent,
// whatever the step count (a time budget gives different step counts on
// different CPUs); warm-up still counts steps.
TEST(TrainerConfig, CosineOverTheBudgetFollowsTheBudgetSpent) {
  TrainerConfig c;
  c.learning_rate = 1.0;
  c.warmup_steps = 10;
  c.lr_schedule = "cosine";
  c.lr_horizon = "budget";
  c.min_lr_fraction = 0.1;
  EXPECT_DOUBLE_EQ(c.learning_rate_at(5, 0.9), 0.6);
  EXPECT_DOUBLE_EQ(c.learning_rate_at(20, 0.0), 1.0);
  EXPECT_NEAR(c.learning_rate_at(20, 0.5), 0.55, 1e-12);
  EXPECT_NEAR(c.learning_rate_at(100000, 0.5), 0.55, 1e-12);
  EXPECT_NEAR(c.learning_rate_at(20, 1.0), 0.1, 1e-12);
  EXPECT_NEAR(c.learning_rate_at(20, 7.0), 0.1, 1e-12);
  validate(c);  // no total_steps needed
  c.lr_horizon = "minutes";
  EXPECT_THROW(validate(c), GameError);
}

}  // namespace
}  // namespace inchzero
