#include "model/onednn_network.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <dnnl.hpp>
#include <map>
#include <mutex>
#include <shared_mutex>
#include <unordered_map>
#include <vector>

#include "core/game.h"
#include "model/compute_threads.h"
#include "model/cpu_features.h"

namespace inchzero {
namespace {

using dnnl::memory;
using Tag = memory::format_tag;
using Type = memory::data_type;

dnnl::engine& cpu_engine() {
  static dnnl::engine engine(dnnl::engine::kind::cpu, 0);
  return engine;
}

dnnl::stream& thread_stream() {
  thread_local dnnl::stream stream(cpu_engine());
  return stream;
}

// Buffers a plan's steps read and write. The first three are the caller's,
// bound on every call; the rest live in a workspace.
enum Buffer : int {
  kUserInput,
  kPolicyOut,
  kWdlOut,
  kAuxOut,  // the caller's, or a workspace buffer when the caller wants no aux
  kStemInput,
  kTrunkA,
  kTrunkB,
  kPolicyPlanes,
  kPolicyPlain,
  kValuePlanes,
  kValuePlain,
  kValueHidden,
  kBufferCount
};
constexpr int kFirstOwnedBuffer = kStemInput;

enum class PostOp { kNone, kRelu, kSumRelu };

dnnl::primitive_attr make_attr(PostOp post) {
  dnnl::post_ops ops;
  if (post == PostOp::kSumRelu) ops.append_sum(1.0f);
  if (post != PostOp::kNone) ops.append_eltwise(1.0f, dnnl::algorithm::eltwise_relu, 0.0f, 0.0f);
  dnnl::primitive_attr attr;
  attr.set_post_ops(ops);
  attr.set_scratchpad_mode(dnnl::scratchpad_mode::user);
  return attr;
}

Tag plain_tag(size_t dims) {
  switch (dims) {
    case 1:
      return Tag::a;
    case 2:
      return Tag::ab;
    case 4:
      return Tag::abcd;
    default:
      throw GameError("oneDNN network: unexpected parameter rank " + std::to_string(dims));
  }
}

// One primitive and the buffers / prepared weights it is executed with.
struct Step {
  std::string name;            // the layer, for time_layers
  std::string implementation;  // oneDNN's kernel name
  double flops = 0;            // per call (0 for reorders)
  dnnl::primitive primitive;
  std::vector<std::pair<int, int>> buffers;  // (DNNL_ARG_*, Buffer)
  memory weights, bias;                      // empty for reorders
  bool aux_only = false;                     // skipped when the caller wants no aux
};

// Everything for one batch size.
struct Plan {
  int batch = 0;
  std::vector<Step> steps;
  memory::desc descs[kBufferCount];
  size_t scratchpad_bytes = 0;
};

// The memory one call works in: owned activation buffers, a scratchpad, and
// memory objects for the caller's buffers whose handles are set per call.
struct Workspace {
  std::vector<memory> memories;  // by Buffer
  memory scratchpad;
  // Each step's arguments, bound once to the memories above: a call only
  // swaps the caller's buffers in (set_data_handle), nothing is allocated.
  std::vector<std::unordered_map<int, memory>> step_args;
};

}  // namespace

struct OnednnNetwork::Impl {
  NetworkConfig config;
  Type activation_type = Type::f32;
  std::unordered_map<std::string, ParameterValues> params;
  // Weights already reordered into some layout, shared across plans.
  std::unordered_map<std::string, std::vector<memory>> prepared;

  mutable std::shared_mutex plans_mutex;
  mutable std::map<int, std::unique_ptr<Plan>> plans;
  mutable std::mutex workspaces_mutex;
  mutable std::map<const Plan*, std::vector<std::unique_ptr<Workspace>>> free_workspaces;

  const ParameterValues& param(const std::string& name) const {
    auto it = params.find(name);
    if (it == params.end()) throw GameError("oneDNN network: no parameter '" + name + "'");
    return it->second;
  }

  // `name` ("stem.weight") reordered to `desc`, made once per layout.
  memory prepare(const std::string& name, const memory::desc& desc) {
    for (const memory& m : prepared[name])
      if (m.get_desc() == desc) return m;
    const ParameterValues& p = param(name);
    // A linear layer over planes sees its (out × channels·height·width)
    // weight as out × channels × height × width: the same values in the same
    // order, so the plain source descriptor takes the destination's dims.
    const memory::dims dims = desc.dims();
    int64_t count = 1;
    for (int64_t d : dims) count *= d;
    if (count != static_cast<int64_t>(p.values.size()))
      throw GameError("oneDNN network: parameter '" + name + "' has " +
                      std::to_string(p.values.size()) + " values, its layer wants " +
                      std::to_string(count));
    const memory::desc user_desc(dims, Type::f32, plain_tag(dims.size()));
    memory user(user_desc, cpu_engine(), const_cast<float*>(p.values.data()));
    memory owned(desc, cpu_engine());
    dnnl::reorder(user, owned).execute(thread_stream(), user, owned);
    thread_stream().wait();
    prepared[name].push_back(owned);
    return owned;
  }

  // A convolution step: `name`.weight / .bias, kernel k×k, padded to keep
  // the board size. Returns the destination descriptor it chose.
  memory::desc add_conv(Plan& plan, const std::string& name, int src, int dst,
                        const memory::desc& src_desc, const memory::desc& dst_desc, PostOp post) {
    const ParameterValues& w = param(name + ".weight");
    const memory::dims wdims(w.shape.begin(), w.shape.end());
    const int64_t pad = wdims[2] / 2;
    const memory::desc weights_desc(wdims, activation_type, Tag::any);
    const memory::desc bias_desc({wdims[0]}, Type::f32, Tag::a);
    dnnl::convolution_forward::desc desc(
        dnnl::prop_kind::forward_inference, dnnl::algorithm::convolution_direct, src_desc,
        weights_desc, bias_desc, dst_desc, {1, 1}, {pad, pad}, {pad, pad});
    dnnl::convolution_forward::primitive_desc pd(desc, make_attr(post), cpu_engine());
    Step step;
    step.name = name;
    step.implementation = pd.impl_info_str();
    const memory::dims out = dst_desc.dims();
    step.flops = 2.0 * out[0] * out[1] * out[2] * out[3] * wdims[1] * wdims[2] * wdims[3];
    step.primitive = dnnl::convolution_forward(pd);
    step.weights = prepare(name + ".weight", pd.weights_desc());
    step.bias = prepare(name + ".bias", pd.bias_desc());
    step.buffers = {{DNNL_ARG_SRC, src}, {DNNL_ARG_DST, dst}};
    plan.scratchpad_bytes = std::max(plan.scratchpad_bytes, pd.scratchpad_desc().get_size());
    plan.descs[src] = pd.src_desc();
    plan.descs[dst] = pd.dst_desc();
    plan.steps.push_back(std::move(step));
    return pd.dst_desc();
  }

  // A linear layer `name` from the buffer `src` (described by src_desc, 4-D
  // planes or 2-D features) to `out_features` values.
  memory::desc add_linear(Plan& plan, const std::string& name, int src, int dst,
                          const memory::desc& src_desc, const memory::desc& dst_desc, PostOp post,
                          bool aux_only = false) {
    const ParameterValues& w = param(name + ".weight");
    memory::dims wdims = src_desc.dims();
    wdims[0] = w.shape[0];  // out × (the source's non-batch dims)
    const memory::desc weights_desc(wdims, activation_type, Tag::any);
    const memory::desc bias_desc({w.shape[0]}, Type::f32, Tag::a);
    dnnl::inner_product_forward::desc desc(dnnl::prop_kind::forward_inference, src_desc,
                                           weights_desc, bias_desc, dst_desc);
    dnnl::inner_product_forward::primitive_desc pd(desc, make_attr(post), cpu_engine());
    Step step;
    step.name = name;
    step.implementation = pd.impl_info_str();
    int64_t inputs = 1;
    for (size_t d = 1; d < wdims.size(); ++d) inputs *= wdims[d];
    step.flops = 2.0 * src_desc.dims()[0] * wdims[0] * inputs;
    step.primitive = dnnl::inner_product_forward(pd);
    step.weights = prepare(name + ".weight", pd.weights_desc());
    step.bias = prepare(name + ".bias", pd.bias_desc());
    step.buffers = {{DNNL_ARG_SRC, src}, {DNNL_ARG_DST, dst}};
    step.aux_only = aux_only;
    plan.scratchpad_bytes = std::max(plan.scratchpad_bytes, pd.scratchpad_desc().get_size());
    plan.descs[dst] = pd.dst_desc();
    plan.steps.push_back(std::move(step));
    return pd.dst_desc();
  }

  // A reorder of buffer `src` (as the plan describes it) into `dst`, laid out
  // as `dst_desc`. Returns dst_desc.
  memory::desc add_reorder(Plan& plan, const std::string& name, int src, int dst,
                           const memory::desc& dst_desc) {
    Step step;
    const dnnl::reorder::primitive_desc pd(cpu_engine(), plan.descs[src], cpu_engine(), dst_desc);
    step.name = name;
    step.implementation = pd.impl_info_str();
    step.primitive = dnnl::reorder(pd);
    step.buffers = {{DNNL_ARG_FROM, src}, {DNNL_ARG_TO, dst}};
    plan.descs[dst] = dst_desc;
    plan.steps.push_back(std::move(step));
    return dst_desc;
  }

  std::unique_ptr<Plan> build_plan(int batch) {
    auto plan = std::make_unique<Plan>();
    plan->batch = batch;
    const auto& in = config.input;
    const auto& a = config.arch;
    const int64_t n = batch, h = in.height, w = in.width;
    const memory::desc user_input({n, in.channels, h, w}, Type::f32, Tag::nchw);
    plan->descs[kUserInput] = user_input;
    plan->descs[kPolicyOut] = memory::desc({n, config.num_actions}, Type::f32, Tag::ab);
    plan->descs[kWdlOut] = memory::desc({n, 3}, Type::f32, Tag::ab);
    if (a.aux_outputs > 0)
      plan->descs[kAuxOut] = memory::desc({n, a.aux_outputs}, Type::f32, Tag::ab);
    auto any = [&](int64_t channels) {
      return memory::desc({n, channels, h, w}, activation_type, Tag::any);
    };
    auto plain = [&](int64_t channels) {
      return memory::desc({n, channels, h, w}, activation_type, Tag::nchw);
    };

    // 1. The input reorder (to the stem's layout and type), then the stem.
    //    The reorder is inserted once the stem has chosen its source layout.
    const memory::desc stem_src({n, in.channels, h, w}, activation_type, Tag::any);
    plan->steps.emplace_back();  // placeholder for the input reorder
    const memory::desc trunk =
        add_conv(*plan, "stem", kStemInput, kTrunkA, stem_src, any(a.channels), PostOp::kRelu);
    {
      Step reorder_step;
      const dnnl::reorder::primitive_desc pd(cpu_engine(), user_input, cpu_engine(),
                                             plan->descs[kStemInput]);
      reorder_step.name = "input reorder";
      reorder_step.implementation = pd.impl_info_str();
      reorder_step.primitive = dnnl::reorder(pd);
      reorder_step.buffers = {{DNNL_ARG_FROM, kUserInput}, {DNNL_ARG_TO, kStemInput}};
      plan->steps.front() = std::move(reorder_step);
    }
    // 2. The residual trunk: A -> B (ReLU), then B -> A with the skip summed
    //    into A by the post-op before its ReLU.
    for (int b = 0; b < a.blocks; ++b) {
      const std::string block = "block" + std::to_string(b);
      add_conv(*plan, block + "_conv1", kTrunkA, kTrunkB, trunk, trunk, PostOp::kRelu);
      add_conv(*plan, block + "_conv2", kTrunkB, kTrunkA, trunk, trunk, PostOp::kSumRelu);
    }
    // 3. Policy head: 1×1 conv, ReLU, linear over the planes (fp32 logits).
    add_conv(*plan, "policy_conv", kTrunkA, kPolicyPlanes, trunk, any(a.policy_channels),
             PostOp::kRelu);
    const memory::desc policy_planes = add_reorder(*plan, "policy planes to plain", kPolicyPlanes,
                                                   kPolicyPlain, plain(a.policy_channels));
    add_linear(*plan, "policy_fc", kPolicyPlain, kPolicyOut, policy_planes, plan->descs[kPolicyOut],
               PostOp::kNone);
    // 4. Value head: 1×1 conv, ReLU, hidden linear + ReLU, WDL logits (and aux).
    add_conv(*plan, "value_conv", kTrunkA, kValuePlanes, trunk, any(a.value_channels),
             PostOp::kRelu);
    const memory::desc value_planes = add_reorder(*plan, "value planes to plain", kValuePlanes,
                                                  kValuePlain, plain(a.value_channels));
    const memory::desc hidden =
        add_linear(*plan, "value_fc1", kValuePlain, kValueHidden, value_planes,
                   memory::desc({n, a.value_hidden}, activation_type, Tag::any), PostOp::kRelu);
    add_linear(*plan, "value_fc2", kValueHidden, kWdlOut, hidden, plan->descs[kWdlOut],
               PostOp::kNone);
    if (a.aux_outputs > 0)
      add_linear(*plan, "aux_fc", kValueHidden, kAuxOut, hidden, plan->descs[kAuxOut],
                 PostOp::kNone, /*aux_only=*/true);
    return plan;
  }

  const Plan& plan_for(int batch) const {
    {
      std::shared_lock<std::shared_mutex> lock(plans_mutex);
      auto it = plans.find(batch);
      if (it != plans.end()) return *it->second;
    }
    std::unique_lock<std::shared_mutex> lock(plans_mutex);
    auto& slot = plans[batch];
    if (!slot) {
      try {
        slot = const_cast<Impl*>(this)->build_plan(batch);
      } catch (const dnnl::error& e) {
        plans.erase(batch);
        throw GameError(std::string("oneDNN cannot build the network at batch ") +
                        std::to_string(batch) + ": " + e.what());
      }
    }
    return *slot;
  }

  std::unique_ptr<Workspace> acquire(const Plan& plan) const {
    {
      std::lock_guard<std::mutex> lock(workspaces_mutex);
      auto& free = free_workspaces[&plan];
      if (!free.empty()) {
        auto ws = std::move(free.back());
        free.pop_back();
        return ws;
      }
    }
    auto ws = std::make_unique<Workspace>();
    ws->memories.resize(kBufferCount);
    for (int b = 0; b < kBufferCount; ++b) {
      const memory::desc& desc = plan.descs[b];
      if (desc.is_zero()) continue;
      // The caller's buffers get their handles per call (aux only when given).
      ws->memories[b] =
          b < kFirstOwnedBuffer ? memory(desc, cpu_engine(), nullptr) : memory(desc, cpu_engine());
    }
    ws->scratchpad =
        memory(memory::desc({static_cast<int64_t>(plan.scratchpad_bytes)}, Type::u8, Tag::a),
               cpu_engine());
    for (const Step& step : plan.steps) {
      std::unordered_map<int, memory> args;
      for (const auto& [arg, buffer] : step.buffers) args.emplace(arg, ws->memories[buffer]);
      if (step.weights) {
        args.emplace(DNNL_ARG_WEIGHTS, step.weights);
        args.emplace(DNNL_ARG_BIAS, step.bias);
        args.emplace(DNNL_ARG_SCRATCHPAD, ws->scratchpad);
      }
      ws->step_args.push_back(std::move(args));
    }
    return ws;
  }

  void release(const Plan& plan, std::unique_ptr<Workspace> ws) const {
    std::lock_guard<std::mutex> lock(workspaces_mutex);
    free_workspaces[&plan].push_back(std::move(ws));
  }
};

bool onednn_supports_bf16() { return cpu_features().avx512f; }

OnednnNetwork::OnednnNetwork(const Network& network, Precision precision)
    : config_(network.config()),
      precision_(resolve_precision(precision)),
      impl_(std::make_unique<Impl>()) {
  if (precision_ == Precision::kBf16 && !onednn_supports_bf16()) {
    throw GameError("bf16 inference needs a CPU with AVX-512, and this one has none (" +
                    cpu_features().describe() + "): use precision fp32, or auto (fp32 here)");
  }
  impl_->config = config_;
  impl_->activation_type = precision_ == Precision::kBf16 ? Type::bf16 : Type::f32;
  for (ParameterValues& p : network.parameter_values()) impl_->params[p.name] = std::move(p);
  // Build the most common plan now, so that a network oneDNN cannot run
  // fails here with a clear message rather than in the first search.
  impl_->plan_for(1);
}

OnednnNetwork::~OnednnNetwork() = default;

std::vector<LayerTiming> OnednnNetwork::time_layers(const float* inputs, int batch,
                                                    double seconds) const {
  std::vector<float> policy(static_cast<size_t>(batch) * config_.num_actions), wdl(batch * 3);
  evaluate(inputs, batch, policy.data(), wdl.data());  // warm-up: builds the plan
  const Plan& plan = impl_->plan_for(batch);
  std::unique_ptr<Workspace> ws = impl_->acquire(plan);
  ws->memories[kUserInput].set_data_handle(const_cast<float*>(inputs));
  ws->memories[kPolicyOut].set_data_handle(policy.data());
  ws->memories[kWdlOut].set_data_handle(wdl.data());
  dnnl::stream& stream = thread_stream();
  std::vector<double> spent(plan.steps.size(), 0.0);
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  int64_t calls = 0;
  do {
    for (size_t i = 0; i < plan.steps.size(); ++i) {
      if (plan.steps[i].aux_only) continue;
      const auto before = Clock::now();
      plan.steps[i].primitive.execute(stream, ws->step_args[i]);
      stream.wait();
      spent[i] += std::chrono::duration<double>(Clock::now() - before).count();
    }
    ++calls;
  } while (std::chrono::duration<double>(Clock::now() - start).count() < seconds);
  impl_->release(plan, std::move(ws));
  std::vector<LayerTiming> layers;
  for (size_t i = 0; i < plan.steps.size(); ++i) {
    const Step& step = plan.steps[i];
    if (step.aux_only) continue;
    layers.push_back({step.name, step.implementation, step.flops, spent[i] / calls});
  }
  return layers;
}

void OnednnNetwork::evaluate(const float* inputs, int batch, float* policy_logits, float* wdl,
                             float* aux) const {
  if (batch <= 0) return;
  adopt_compute_threads();
  const Plan& plan = impl_->plan_for(batch);
  std::unique_ptr<Workspace> ws = impl_->acquire(plan);
  const bool want_aux = aux != nullptr && config_.arch.aux_outputs > 0;
  ws->memories[kUserInput].set_data_handle(const_cast<float*>(inputs));
  ws->memories[kPolicyOut].set_data_handle(policy_logits);
  ws->memories[kWdlOut].set_data_handle(wdl);
  if (want_aux) ws->memories[kAuxOut].set_data_handle(aux);
  dnnl::stream& stream = thread_stream();
  for (size_t i = 0; i < plan.steps.size(); ++i) {
    const Step& step = plan.steps[i];
    if (step.aux_only && !want_aux) continue;
    step.primitive.execute(stream, ws->step_args[i]);
  }
  stream.wait();
  impl_->release(plan, std::move(ws));
  // Win/draw/loss logits -> probabilities, in fp32.
  for (int i = 0; i < batch; ++i) {
    float* p = wdl + 3 * i;
    const float top = std::max({p[0], p[1], p[2]});
    float sum = 0;
    for (int k = 0; k < 3; ++k) sum += p[k] = std::exp(p[k] - top);
    for (int k = 0; k < 3; ++k) p[k] /= sum;
  }
}

}  // namespace inchzero
