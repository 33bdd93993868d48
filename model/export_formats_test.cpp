// The ONNX and TorchScript exporters and their metadata (docs/export.md).
// The numeric checks against runtimes no one here wrote (onnxruntime, Python
// torch.jit, onnx.checker) are the ctest export.* scripts (tests/export/);
// here: the graph's interface read back with the ONNX protobuf classes, the
// TorchScript archive run by LibTorch's own loader, and the metadata.
#include <gtest/gtest.h>
#include <onnx/onnx_pb.h>
#include <torch/csrc/jit/serialization/import.h>
#include <torch/types.h>

#include <cstring>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "core/registry.h"
#include "model/encoder.h"
#include "model/export_metadata.h"
#include "model/network_module.h"
#include "model/onnx_export.h"
#include "model/torchscript_export.h"

namespace inchzero {
namespace {

// A network for Inchworm on a 5 x 4 board (not square: a transposed flatten
// shows) under a non-default rule label, every weight random (the Fixup
// init leaves each block's second conv at zero, which would hide it).
std::shared_ptr<Network> test_network(int aux_outputs, uint64_t seed) {
  auto game = load_game("inchworm", "original", {"width=5", "height=4", "target_score=12"});
  NetworkConfig c;
  c.game = game->name();
  c.rules = game->options().label();
  const ObservationShape shape = make_encoder(*game)->shape();
  c.input = shape;
  c.num_actions = game->num_actions();
  c.arch.blocks = 2;
  c.arch.channels = 8;
  c.arch.value_hidden = 12;
  c.arch.aux_outputs = aux_outputs;
  auto net = Network::create(c, seed);
  torch::manual_seed(seed);
  torch::NoGradGuard no_grad;
  for (auto& p : net->module().parameters()) p.copy_(torch::randn(p.sizes()) * 0.3);
  return net;
}

std::vector<int64_t> dims(const onnx::ValueInfoProto& info, std::string* batch) {
  std::vector<int64_t> out;
  for (const auto& d : info.type().tensor_type().shape().dim()) {
    if (d.has_dim_param()) *batch = d.dim_param();
    out.push_back(d.has_dim_param() ? -1 : d.dim_value());
  }
  return out;
}

TEST(ExportMetadata, NamesTheGameEveryRuleOptionAndTheTensors) {
  auto net = test_network(1, 1);
  NetworkProvenance p;
  p.source = "net.pt";
  const nlohmann::json m = export_metadata(net->config(), p, "onnx");
  EXPECT_EQ(m["game"], "inchworm");
  EXPECT_EQ(m["rules"], "original+width=5+height=4+target_score=12");
  // Every option of the schema, resolved.
  const auto& specs = find_game("inchworm").schema().specs();
  EXPECT_EQ(m["rule_options"].size(), specs.size());
  for (const auto& spec : specs) EXPECT_TRUE(m["rule_options"].contains(spec.name)) << spec.name;
  EXPECT_EQ(m["rule_options"]["width"], 5);
  EXPECT_EQ(m["rule_options"]["target_score"], 12);
  EXPECT_EQ(m["board"], nlohmann::json({{"height", 4}, {"width", 5}}));
  EXPECT_EQ(m["plane_names"].size(), 43u);
  EXPECT_EQ(m["encoder_version"], 2);
  EXPECT_EQ(m["num_actions"], net->config().num_actions);
  EXPECT_EQ(m["inputs"], nlohmann::json::parse(R"([{"name":"planes","shape":["batch",43,4,5]}])"));
  EXPECT_EQ(m["outputs"][2], nlohmann::json::parse(R"({"name":"aux","shape":["batch",1]})"));
  EXPECT_EQ(m["run"], "unknown");
  EXPECT_EQ(m["iteration"], "unknown");
  EXPECT_EQ(m["seed"], "unknown");
  // As ONNX metadata_props: strings as they are, the rest as JSON text.
  for (const auto& [key, value] : metadata_strings(m)) {
    if (m[key].is_string())
      EXPECT_EQ(value, m[key].get<std::string>());
    else
      EXPECT_EQ(nlohmann::json::parse(value), m[key]) << key;
  }
}

TEST(ExportMetadata, RulesThatCannotBeRebuiltAreAClearError) {
  auto net = test_network(0, 2);
  NetworkConfig c = net->config();
  c.rules = "/no/such/rules.yaml+width=5";
  try {
    export_metadata(c, {}, "onnx");
    FAIL() << "no error";
  } catch (const GameError& e) {
    EXPECT_NE(std::string(e.what()).find("/no/such/rules.yaml+width=5"), std::string::npos)
        << e.what();
  }
  c = net->config();
  c.input.channels = 35;  // a network of an older encoder
  EXPECT_THROW(export_metadata(c, {}, "onnx"), GameError);
}

TEST(ExportOnnx, GraphHasTheDocumentedInterfaceWeightsAndMetadata) {
  for (int aux : {0, 2}) {
    SCOPED_TRACE(aux);
    auto net = test_network(aux, 3);
    const nlohmann::json metadata = export_metadata(net->config(), {}, "onnx");
    onnx::ModelProto model;
    ASSERT_TRUE(model.ParseFromString(onnx_model_bytes(*net, metadata)));
    EXPECT_EQ(model.ir_version(), kOnnxIrVersion);
    ASSERT_EQ(model.opset_import_size(), 1);
    EXPECT_EQ(model.opset_import(0).version(), kOnnxOpset);
    const onnx::GraphProto& g = model.graph();
    const NetworkConfig& c = net->config();
    ASSERT_EQ(g.input_size(), 1);
    std::string batch;
    EXPECT_EQ(g.input(0).name(), "planes");
    EXPECT_EQ(dims(g.input(0), &batch),
              (std::vector<int64_t>{-1, c.input.channels, c.input.height, c.input.width}));
    EXPECT_EQ(batch, "batch");
    std::vector<std::string> outputs;
    for (const auto& o : g.output()) outputs.push_back(o.name());
    const std::vector<std::string> want =
        aux ? std::vector<std::string>{"policy_logits", "wdl", "aux"}
            : std::vector<std::string>{"policy_logits", "wdl"};
    EXPECT_EQ(outputs, want);
    EXPECT_EQ(dims(g.output(0), &batch), (std::vector<int64_t>{-1, c.num_actions}));
    // Every parameter, bit for bit, as an initializer.
    const auto params = net->parameter_values();
    ASSERT_EQ(g.initializer_size(), static_cast<int>(params.size()));
    for (size_t i = 0; i < params.size(); ++i) {
      const onnx::TensorProto& t = g.initializer(static_cast<int>(i));
      EXPECT_EQ(t.name(), params[i].name);
      EXPECT_EQ(std::vector<int64_t>(t.dims().begin(), t.dims().end()), params[i].shape);
      ASSERT_EQ(t.raw_data().size(), sizeof(float) * params[i].values.size());
      EXPECT_EQ(std::memcmp(t.raw_data().data(), params[i].values.data(), t.raw_data().size()), 0);
    }
    // Softmax makes wdl; the value the graph computes last is an output.
    std::set<std::string> ops;
    for (const auto& n : g.node()) ops.insert(n.op_type());
    EXPECT_EQ(ops, (std::set<std::string>{"Conv", "Relu", "Add", "Flatten", "Gemm", "Softmax"}));
    std::map<std::string, std::string> props;
    for (const auto& p : model.metadata_props()) props[p.key()] = p.value();
    EXPECT_EQ(props.size(), metadata.size());
    EXPECT_EQ(props["game"], "inchworm");
    EXPECT_EQ(nlohmann::json::parse(props["aux_outputs"]), aux);
  }
}

TEST(ExportTorchScript, LibTorchLoadsItAndComputesTheNetwork) {
  for (int aux : {0, 1}) {
    SCOPED_TRACE(aux);
    auto net = test_network(aux, 4);
    const nlohmann::json metadata = export_metadata(net->config(), {}, "torchscript");
    std::istringstream in(torchscript_archive_bytes(*net, metadata));
    torch::jit::ExtraFilesMap extra{{kTorchScriptMetadataFile, ""}};
    torch::jit::Module module = torch::jit::load(in, c10::nullopt, extra);
    EXPECT_EQ(nlohmann::json::parse(extra[kTorchScriptMetadataFile]), metadata);
    const NetworkConfig& c = net->config();
    const int batch = 5;
    torch::manual_seed(9);
    const torch::Tensor x =
        torch::rand({batch, c.input.channels, c.input.height, c.input.width}).round();
    std::vector<float> policy(batch * c.num_actions), wdl(batch * 3), aux_out(batch * aux);
    net->evaluate(x.data_ptr<float>(), batch, policy.data(), wdl.data(), aux_out.data());
    const auto outputs = module.forward({x}).toTuple()->elements();
    ASSERT_EQ(outputs.size(), aux ? 3u : 2u);
    auto max_diff = [](const torch::Tensor& got, const std::vector<float>& want) {
      const torch::Tensor w = torch::from_blob(const_cast<float*>(want.data()), got.sizes());
      return (got - w).abs().max().item<float>();
    };
    EXPECT_LT(max_diff(outputs[0].toTensor(), policy), 1e-5);
    EXPECT_LT(max_diff(outputs[1].toTensor(), wdl), 1e-6);
    if (aux) {
      EXPECT_LT(max_diff(outputs[2].toTensor(), aux_out), 1e-5);
    }
    // The comparison sees real differences: another network's outputs differ.
    std::vector<float> other(batch * c.num_actions), other_wdl(batch * 3);
    test_network(aux, 5)->evaluate(x.data_ptr<float>(), batch, other.data(), other_wdl.data());
    EXPECT_GT(max_diff(outputs[0].toTensor(), other), 1e-2);
  }
}

}  // namespace
}  // namespace inchzero
