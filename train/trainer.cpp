#include "train/trainer.h"

#include <ATen/autocast_mode.h>
#include <torch/optim/adamw.h>
#include <torch/optim/sgd.h>
#include <torch/serialize/input-archive.h>
#include <torch/serialize/output-archive.h>
#include <torch/types.h>
// clip_grad.h uses torch::Tensor without including its declaration.
#include <fmt/format.h>
#include <torch/nn/utils/clip_grad.h>

#include <cmath>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/atomic_file.h"
#include "core/json_input.h"
#include "model/checked_archive.h"
#include "model/compute_threads.h"
#include "model/network_module.h"
#include "model/precision.h"
#include "model/torch_device.h"

namespace inchzero {
namespace {

constexpr const char* kCheckpointFormat = "inchzero-checkpoint-1";

// Losses of one batch as tensors (attached to the graph when grad is on).
struct Losses {
  torch::Tensor total, policy, value, aux;
  double policy_weight = 0;
};

// Wrap a caller-owned float array (read only) as a tensor without copying;
// on a GPU, copied there (model/torch_device.h).
torch::Tensor wrap_on(const std::vector<float>& data, torch::IntArrayRef shape,
                      const torch::Device& device) {
  return to_device(torch::from_blob(const_cast<float*>(data.data()), shape, torch::kFloat32),
                   device);
}

// The autocast state of one device type. LibTorch 2.4 replaced the
// per-device functions of 1.13 (is_cpu_enabled, set_autocast_gpu_dtype, ...)
// by ones taking the device type, and deprecated the old ones.
#if TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 4)
bool autocast_on(c10::DeviceType type) { return at::autocast::is_autocast_enabled(type); }
void set_autocast_on(c10::DeviceType type, bool on) {
  at::autocast::set_autocast_enabled(type, on);
}
at::ScalarType autocast_type(c10::DeviceType type) {
  return at::autocast::get_autocast_dtype(type);
}
void set_autocast_type(c10::DeviceType type, at::ScalarType t) {
  at::autocast::set_autocast_dtype(type, t);
}
#else
bool autocast_on(c10::DeviceType type) {
  return type == c10::DeviceType::CUDA ? at::autocast::is_enabled()
                                       : at::autocast::is_cpu_enabled();
}
void set_autocast_on(c10::DeviceType type, bool on) {
  if (type == c10::DeviceType::CUDA)
    at::autocast::set_enabled(on);
  else
    at::autocast::set_cpu_enabled(on);
}
at::ScalarType autocast_type(c10::DeviceType type) {
  return type == c10::DeviceType::CUDA ? at::autocast::get_autocast_gpu_dtype()
                                       : at::autocast::get_autocast_cpu_dtype();
}
void set_autocast_type(c10::DeviceType type, at::ScalarType t) {
  if (type == c10::DeviceType::CUDA)
    at::autocast::set_autocast_gpu_dtype(t);
  else
    at::autocast::set_autocast_cpu_dtype(t);
}
#endif

// Autocast to bf16 on the training device (CPU or CUDA) for the life of the
// guard, when `on`: convolutions and linear layers compute in bf16 (on AMX
// tiles or vdpbf16ps through oneDNN, on a GPU's tensor cores), the
// parameters stay fp32 (the master weights the optimizer updates) and their
// gradients come back fp32. The thread-local autocast state is restored on exit.
class AutocastGuard {
 public:
  AutocastGuard(bool on, c10::DeviceType type) : on_(on), type_(type) {
    if (!on_) return;
    was_enabled_ = autocast_on(type_);
    previous_type_ = autocast_type(type_);
    set_autocast_on(type_, true);
    set_autocast_type(type_, at::kBFloat16);
    at::autocast::increment_nesting();
  }
  ~AutocastGuard() {
    if (!on_) return;
    // The cast weights are cached for the region; drop them with it.
    if (at::autocast::decrement_nesting() == 0) at::autocast::clear_cache();
    set_autocast_on(type_, was_enabled_);
    set_autocast_type(type_, previous_type_);
  }
  AutocastGuard(const AutocastGuard&) = delete;
  AutocastGuard& operator=(const AutocastGuard&) = delete;

 private:
  bool on_;
  c10::DeviceType type_;
  bool was_enabled_ = false;
  at::ScalarType previous_type_ = at::kBFloat16;
};

// Every tensor of the optimizer's state moved to `device` (a checkpoint
// holds CPU tensors; training on a GPU needs them beside the parameters).
void move_optimizer_state(torch::optim::Optimizer& optimizer, const torch::Device& device) {
  auto move = [&](const torch::Tensor& t) { return t.defined() ? t.to(device) : t; };
  for (auto& item : optimizer.state()) {
    if (auto* a = dynamic_cast<torch::optim::AdamWParamState*>(item.second.get())) {
      a->exp_avg(move(a->exp_avg()));
      a->exp_avg_sq(move(a->exp_avg_sq()));
      a->max_exp_avg_sq(move(a->max_exp_avg_sq()));
    } else if (auto* m = dynamic_cast<torch::optim::SGDParamState*>(item.second.get())) {
      m->momentum_buffer(move(m->momentum_buffer()));
    }
  }
}

// The sizes a batch's losses are normalised by: the batch's own, or, in
// data-parallel training, the whole batch's over every rank.
struct Denominators {
  double rows = 0;           // samples
  double policy_weight = 0;  // sum of policy weights
};

Losses compute_losses(NetworkModule& module, const NetworkConfig& net, const TrainerConfig& cfg,
                      bool bf16, const torch::Device& device, const TrainingBatch& batch,
                      const Denominators* whole = nullptr) {
  batch.check(net.input.size(), net.num_actions, net.arch.aux_outputs);
  const int64_t n = batch.size;
  auto wrap = [&](const std::vector<float>& data, torch::IntArrayRef shape) {
    return wrap_on(data, shape, device);
  };
  NetworkOutputs out;
  {
    AutocastGuard autocast(bf16, device.type());
    out = module.forward(
        wrap(batch.inputs, {n, net.input.channels, net.input.height, net.input.width}));
  }
  // Losses in fp32 whatever the forward pass computed in.
  out.policy_logits = out.policy_logits.to(torch::kFloat32);
  out.wdl_logits = out.wdl_logits.to(torch::kFloat32);
  if (out.aux.defined()) out.aux = out.aux.to(torch::kFloat32);
  Losses losses;
  // 1. Policy: cross-entropy per row, weighted; rows of weight 0 are masked
  //    out entirely (their targets are not read into the sum).
  torch::Tensor weight = wrap(batch.policy_weight, {n});
  torch::Tensor row_ce =
      -(wrap(batch.policy_targets, {n, net.num_actions}) * torch::log_softmax(out.policy_logits, 1))
           .sum(1);
  row_ce = torch::where(weight > 0, row_ce * weight, torch::zeros_like(row_ce));
  losses.policy_weight = weight.sum().item<double>();
  const torch::Tensor value_rows =
      -(wrap(batch.wdl_targets, {n, 3}) * torch::log_softmax(out.wdl_logits, 1)).sum(1);
  if (whole == nullptr) {
    losses.policy = row_ce.sum() / std::max(losses.policy_weight, 1e-8);
    // 2. Value: win/draw/loss cross-entropy, mean over the batch.
    losses.value = value_rows.mean();
  } else {  // this rank's share of the whole batch's means
    losses.policy = row_ce.sum() / std::max(whole->policy_weight, 1e-8);
    losses.value = value_rows.sum() / whole->rows;
  }
  losses.total = losses.policy + cfg.value_loss_weight * losses.value;
  // 3. Auxiliary regression, when the network has the head.
  if (out.aux.defined()) {
    const torch::Tensor target = wrap(batch.aux_targets, {n, net.arch.aux_outputs});
    losses.aux = whole == nullptr
                     ? torch::mse_loss(out.aux, target)
                     : (out.aux - target).pow(2).sum() / (whole->rows * net.arch.aux_outputs);
    losses.total = losses.total + cfg.aux_loss_weight * losses.aux;
  }
  return losses;
}

StepStats to_stats(const Losses& losses) {
  StepStats s;
  s.loss = losses.total.item<double>();
  s.policy_loss = losses.policy.item<double>();
  s.value_loss = losses.value.item<double>();
  s.aux_loss = losses.aux.defined() ? losses.aux.item<double>() : 0.0;
  s.policy_weight = losses.policy_weight;
  return s;
}

void write_string(torch::serialize::OutputArchive& archive, const std::string& key,
                  const std::string& value) {
  archive.write(key, c10::IValue(value));
}

std::string read_string(torch::serialize::InputArchive& archive, const std::string& key,
                        const std::string& path) {
  c10::IValue value;
  if (!archive.try_read(key, value) || !value.isString())
    throw GameError("checkpoint '" + path + "' has no '" + key + "' entry");
  return value.toStringRef();
}

}  // namespace

std::string training_precision(const std::string& setting, const Device& device) {
  if (setting != "auto") return setting;
  if (device.is_cuda()) return "bf16";
  return to_string(resolve_precision(Precision::kAuto));
}

std::string group_precision(const std::string& setting, const std::string& mine, int bf16_ranks,
                            int ranks) {
  if (setting != "auto") return mine;
  return bf16_ranks >= ranks ? mine : "fp32";
}

nlohmann::json StepStats::to_json() const {
  return {{"step", step},
          {"learning_rate", learning_rate},
          {"loss", loss},
          {"policy_loss", policy_loss},
          {"value_loss", value_loss},
          {"aux_loss", aux_loss},
          {"policy_weight", policy_weight},
          {"grad_norm", grad_norm}};
}

struct Trainer::Impl {
  std::shared_ptr<Network> network;  // on `device`
  TrainerConfig config;
  torch::Device device = torch::kCPU;
  std::string precision;  // "fp32" or "bf16": config.precision decided for `device`
  std::unique_ptr<torch::optim::Optimizer> optimizer;
  int64_t steps = 0;
  std::mt19937_64 rng;
  std::string run_record;        // as loaded from a checkpoint (see save_checkpoint)
  GradientSync* sync = nullptr;  // data-parallel peers (none: training alone)
  double budget_progress = 0;    // see set_budget_progress

  Impl(std::shared_ptr<Network> net, const TrainerConfig& cfg, uint64_t seed)
      : network(std::move(net)), config(cfg), rng(seed) {
    validate(config);
    // Training runs on NCHW weights (the channels-last backward pass is
    // slower), on the configured device.
    const Device resolved = resolve_device(config.device, "trainer.device");
    device = torch_device(resolved);
    precision = training_precision(config.precision, resolved);
    if (network->layout() != WeightLayout::kNchw || network->device() != resolved)
      network = network->clone(WeightLayout::kNchw, Precision::kFp32, resolved);
    make_optimizer();
  }

  // Two parameter groups: weights (decayed) and biases (not decayed, as usual:
  // shrinking a bias does not regularise the function's complexity).
  void make_optimizer() {
    std::vector<torch::Tensor> decayed, plain;
    for (auto& p : network->module().named_parameters())
      (p.value().dim() > 1 ? decayed : plain).push_back(p.value());
    std::vector<torch::optim::OptimizerParamGroup> groups;
    if (config.optimizer == "adamw") {
      auto options = [&](double decay) {
        return std::make_unique<torch::optim::AdamWOptions>(
            torch::optim::AdamWOptions(config.learning_rate)
                .betas({config.momentum, config.adam_beta2})
                .weight_decay(decay));
      };
      groups.emplace_back(decayed, options(config.weight_decay));
      groups.emplace_back(plain, options(0.0));
      optimizer = std::make_unique<torch::optim::AdamW>(groups, torch::optim::AdamWOptions());
    } else {
      auto options = [&](double decay) {
        return std::make_unique<torch::optim::SGDOptions>(
            torch::optim::SGDOptions(config.learning_rate)
                .momentum(config.momentum)
                .nesterov(config.momentum > 0)
                .weight_decay(decay));
      };
      groups.emplace_back(decayed, options(config.weight_decay));
      groups.emplace_back(plain, options(0.0));
      optimizer = std::make_unique<torch::optim::SGD>(groups, torch::optim::SGDOptions(0.0));
    }
  }

  // Data-parallel: every parameter's gradient summed over the ranks, in one
  // call on one flat buffer.
  void sum_gradients() {
    std::vector<torch::Tensor> grads;
    for (auto& p : network->module().parameters()) {
      if (!p.grad().defined()) p.mutable_grad() = torch::zeros_like(p);
      grads.push_back(p.grad().reshape({-1}));
    }
    // The peers exchange host memory (Gloo): a GPU's gradients go over and back.
    torch::Tensor flat = to_host(torch::cat(grads)).contiguous();
    sync->sum(flat.data_ptr<float>(), static_cast<size_t>(flat.numel()));
    int64_t offset = 0;
    for (auto& p : network->module().parameters()) {
      const int64_t n = p.numel();
      p.mutable_grad().copy_(flat.narrow(0, offset, n).view_as(p));
      offset += n;
    }
  }

  // Set this step's learning rate and (re)apply the config's hyperparameters
  // (a loaded optimizer state carries the values it was saved with).
  void apply_hyperparameters(double lr) {
    auto& groups = optimizer->param_groups();
    for (size_t g = 0; g < groups.size(); ++g) {
      const double decay = g == 0 ? config.weight_decay : 0.0;
      if (auto* a = dynamic_cast<torch::optim::AdamWOptions*>(&groups[g].options())) {
        a->lr(lr).betas({config.momentum, config.adam_beta2}).weight_decay(decay);
      } else if (auto* s = dynamic_cast<torch::optim::SGDOptions*>(&groups[g].options())) {
        s->lr(lr).momentum(config.momentum).nesterov(config.momentum > 0).weight_decay(decay);
      }
    }
  }
};

Trainer::Trainer(std::shared_ptr<Network> network, const TrainerConfig& config, uint64_t seed) {
  if (!network) throw GameError("trainer: no network");
  impl_ = std::make_unique<Impl>(std::move(network), config, seed);
}

Trainer::Trainer(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Trainer::~Trainer() = default;

StepStats Trainer::step(const TrainingBatch& batch) {
  Impl& m = *impl_;
  adopt_compute_threads();
  NetworkModule& module = m.network->module();
  module.train();
  // 1. Forward and losses (data-parallel: normalised by the whole batch).
  Denominators whole;
  if (m.sync != nullptr) {
    double local[2] = {static_cast<double>(batch.size), 0.0};
    for (float w : batch.policy_weight) local[1] += w;
    m.sync->sum(local, 2);
    whole = {local[0], local[1]};
  }
  Losses losses = compute_losses(module, m.network->config(), m.config, m.precision == "bf16",
                                 m.device, batch, m.sync != nullptr ? &whole : nullptr);
  StepStats stats = to_stats(losses);
  if (m.sync != nullptr) {  // the whole batch's losses, as one rank would report them
    double parts[5] = {stats.loss, stats.policy_loss, stats.value_loss, stats.aux_loss,
                       stats.policy_weight};
    m.sync->sum(parts, 5);
    stats.loss = parts[0];
    stats.policy_loss = parts[1];
    stats.value_loss = parts[2];
    stats.aux_loss = parts[3];
    stats.policy_weight = parts[4];
  }
  if (!std::isfinite(stats.loss))
    throw std::runtime_error("trainer: non-finite loss at step " + std::to_string(m.steps + 1) +
                             " (policy " + std::to_string(stats.policy_loss) + ", value " +
                             std::to_string(stats.value_loss) + ")");
  // 2. Gradients, clipped by global norm (the norm before clipping is reported).
  m.optimizer->zero_grad();
  losses.total.backward();
  if (m.sync != nullptr) m.sum_gradients();
  const double max_norm = m.config.grad_clip_norm > 0 ? m.config.grad_clip_norm
                                                      : std::numeric_limits<double>::infinity();
  stats.grad_norm = torch::nn::utils::clip_grad_norm_(module.parameters(), max_norm);
  // 3. Update with this step's learning rate.
  stats.learning_rate = m.config.learning_rate_at(m.steps, m.budget_progress);
  m.apply_hyperparameters(stats.learning_rate);
  m.optimizer->step();
  stats.step = ++m.steps;
  return stats;
}

void Trainer::set_gradient_sync(GradientSync* sync) { impl_->sync = sync; }

void Trainer::set_budget_progress(double progress) {
  impl_->budget_progress = std::clamp(progress, 0.0, 1.0);
}

void Trainer::broadcast_parameters() {
  Impl& m = *impl_;
  if (m.sync == nullptr) throw GameError("trainer: broadcast_parameters without a gradient sync");
  float bf16_ranks = m.precision == "bf16" ? 1.0f : 0.0f;
  m.sync->sum(&bf16_ranks, 1);
  const std::string agreed = group_precision(
      m.config.precision, m.precision, static_cast<int>(std::lround(bf16_ranks)), m.sync->ranks());
  if (agreed != m.precision) {
    std::cout << fmt::format(
                     "rank {}: training in {} (trainer.precision auto: {} of {} ranks have bf16 "
                     "units, and one emulating it would hold the others up)\n",
                     m.sync->rank(), agreed, std::lround(bf16_ranks), m.sync->ranks())
              << std::flush;
    m.precision = agreed;
  }
  torch::NoGradGuard no_grad;
  std::vector<torch::Tensor> flat_parts;
  for (auto& p : m.network->module().parameters()) flat_parts.push_back(p.reshape({-1}));
  torch::Tensor flat = to_host(torch::cat(flat_parts)).contiguous();
  m.sync->broadcast(flat.data_ptr<float>(), static_cast<size_t>(flat.numel()));
  int64_t offset = 0;
  for (auto& p : m.network->module().parameters()) {
    p.copy_(flat.narrow(0, offset, p.numel()).view_as(p));
    offset += p.numel();
  }
}

StepStats Trainer::evaluate_loss(const TrainingBatch& batch) const {
  adopt_compute_threads();
  torch::NoGradGuard no_grad;
  StepStats stats =
      to_stats(compute_losses(impl_->network->module(), impl_->network->config(), impl_->config,
                              impl_->precision == "bf16", impl_->device, batch));
  stats.step = impl_->steps;
  stats.learning_rate = impl_->config.learning_rate_at(impl_->steps, impl_->budget_progress);
  return stats;
}

int64_t Trainer::steps() const { return impl_->steps; }
const TrainerConfig& Trainer::config() const { return impl_->config; }
const std::string& Trainer::precision() const { return impl_->precision; }
const Network& Trainer::network() const { return *impl_->network; }
std::shared_ptr<Network> Trainer::snapshot() const { return impl_->network->clone(); }
std::mt19937_64& Trainer::rng() { return impl_->rng; }

const std::string& Trainer::run_record() const { return impl_->run_record; }

void Trainer::save_checkpoint(const std::string& path, const std::string& run_record) const {
  const Impl& m = *impl_;
  torch::serialize::OutputArchive archive;
  write_string(archive, "format", kCheckpointFormat);
  write_string(archive, "network_config", to_json(m.network->config()).dump());
  write_string(archive, "trainer_config", to_json(m.config).dump());
  archive.write("steps", c10::IValue(m.steps));
  std::ostringstream rng_state;
  rng_state << m.rng;
  write_string(archive, "rng", rng_state.str());
  if (!run_record.empty()) write_string(archive, "run_record", run_record);
  torch::serialize::OutputArchive weights, optimizer_state;
  // CPU tensors whatever device trains, so the checkpoint loads anywhere:
  // on a GPU the weights are saved from a CPU copy and the optimizer state
  // visits the CPU for the write (checkpoints are rare; the copy is cheap).
  if (m.device.is_cpu()) {
    m.network->module().save(weights);
    m.optimizer->save(optimizer_state);
  } else {
    m.network->clone(WeightLayout::kNchw, Precision::kFp32, Device())->module().save(weights);
    move_optimizer_state(*m.optimizer, torch::kCPU);
    m.optimizer->save(optimizer_state);
    move_optimizer_state(*m.optimizer, m.device);
  }
  archive.write("network", weights);
  archive.write("optimizer", optimizer_state);
  // In memory first, as in Network::save: torch's file writer aborts the
  // process when the disk fills up; write_file_atomically reports one line.
  std::ostringstream bytes;
  archive.save_to(bytes);
  write_file_atomically(path, bytes.str());
}

std::unique_ptr<Trainer> Trainer::load_checkpoint(const std::string& path,
                                                  const TrainerConfig* override_config) {
  // A damaged checkpoint is refused (and the run can fall back to an older
  // one); onto the CPU whatever device wrote it: the trainer moves what it
  // trains.
  torch::serialize::InputArchive archive;
  read_checked_archive(path, "checkpoint", "", archive);
  if (read_string(archive, "format", path) != kCheckpointFormat)
    throw GameError("'" + path + "' is not an " + std::string(kCheckpointFormat) + " file");
  try {
    const NetworkConfig net_config = network_config_from_json(parse_json_or_throw(
        read_string(archive, "network_config", path), "checkpoint '" + path + "': network_config"));
    const TrainerConfig saved_config = trainer_config_from_json(parse_json_or_throw(
        read_string(archive, "trainer_config", path), "checkpoint '" + path + "': trainer_config"));
    const TrainerConfig& config = override_config ? *override_config : saved_config;
    // 1. Network weights (the random initialisation is overwritten).
    auto network = Network::create(net_config, 0);
    torch::serialize::InputArchive weights, optimizer_state;
    archive.read("network", weights);
    network->module().load(weights);
    // 2. Optimizer state, unless the optimizer kind was changed by the override.
    auto impl = std::make_unique<Impl>(network, config, 0);
    if (config.optimizer == saved_config.optimizer) {
      archive.read("optimizer", optimizer_state);
      impl->optimizer->load(optimizer_state);
      if (!impl->device.is_cpu()) move_optimizer_state(*impl->optimizer, impl->device);
    }
    // 3. Step counter and RNG.
    c10::IValue steps;
    archive.read("steps", steps);
    impl->steps = steps.toInt();
    std::istringstream rng_state(read_string(archive, "rng", path));
    rng_state >> impl->rng;
    if (!rng_state) throw GameError("checkpoint '" + path + "': bad rng state");
    // Older checkpoints have no run record; the run loop then falls back.
    c10::IValue record;
    if (archive.try_read("run_record", record)) impl->run_record = record.toStringRef();
    return std::unique_ptr<Trainer>(new Trainer(std::move(impl)));
  } catch (const nlohmann::json::exception& e) {
    throw GameError("checkpoint '" + path + "': bad embedded config: " + e.what());
  } catch (const c10::Error& e) {
    throw GameError("checkpoint '" + path + "' is damaged: " + e.what_without_backtrace());
  }
}

}  // namespace inchzero
