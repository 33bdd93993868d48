#include "model/onnx_export.h"

#include <onnx/onnx_pb.h>

#include <cstring>
#include <map>
#include <nlohmann/json.hpp>

#include "model/export_interface.h"
#include "model/export_metadata.h"

namespace inchzero {
namespace {

bool little_endian() {
  const uint16_t one = 1;
  unsigned char first;
  std::memcpy(&first, &one, 1);
  return first == 1;
}

// Builds the graph node by node; every value is named after the layer that
// writes it, so a reader of the graph finds the same names as in
// Network::parameter_values() and the portable export's layer list.
class GraphBuilder {
 public:
  explicit GraphBuilder(onnx::GraphProto& graph) : graph_(graph) {}

  onnx::NodeProto& node(const std::string& op, const std::vector<std::string>& inputs,
                        const std::string& output) {
    onnx::NodeProto& n = *graph_.add_node();
    n.set_op_type(op);
    n.set_name(output + "_" + op);
    for (const std::string& in : inputs) n.add_input(in);
    n.add_output(output);
    return n;
  }

  static void ints(onnx::NodeProto& n, const std::string& name, const std::vector<int64_t>& v) {
    onnx::AttributeProto& a = *n.add_attribute();
    a.set_name(name);
    a.set_type(onnx::AttributeProto::INTS);
    for (int64_t x : v) a.add_ints(x);
  }
  static void integer(onnx::NodeProto& n, const std::string& name, int64_t v) {
    onnx::AttributeProto& a = *n.add_attribute();
    a.set_name(name);
    a.set_type(onnx::AttributeProto::INT);
    a.set_i(v);
  }

  // Stride-1 convolution with zero padding kernel / 2 (PyTorch's Conv2d as
  // NetworkModule builds it), then ReLU if `relu`.
  std::string conv(const std::string& in, const std::string& layer, int kernel, bool relu) {
    const int pad = kernel / 2;
    const std::string out = layer + (relu ? "_conv" : "");
    onnx::NodeProto& n = node("Conv", {in, layer + ".weight", layer + ".bias"}, out);
    ints(n, "kernel_shape", {kernel, kernel});
    ints(n, "pads", {pad, pad, pad, pad});
    ints(n, "strides", {1, 1});
    ints(n, "dilations", {1, 1});
    integer(n, "group", 1);
    return relu ? this->relu(out, layer) : out;
  }
  // in · weightᵀ + bias (PyTorch's Linear), then ReLU if `relu`.
  std::string linear(const std::string& in, const std::string& layer, bool relu,
                     const std::string& name = "") {
    const std::string out = !name.empty() ? name : layer + (relu ? "_linear" : "");
    onnx::NodeProto& n = node("Gemm", {in, layer + ".weight", layer + ".bias"}, out);
    integer(n, "transB", 1);
    return relu ? this->relu(out, layer) : out;
  }
  std::string relu(const std::string& in, const std::string& name) {
    node("Relu", {in}, name);
    return name;
  }
  std::string flatten(const std::string& in, const std::string& name) {
    integer(node("Flatten", {in}, name), "axis", 1);
    return name;
  }

 private:
  onnx::GraphProto& graph_;
};

void describe(onnx::ValueInfoProto& info, const ExportTensor& tensor) {
  info.set_name(tensor.name);
  onnx::TypeProto::Tensor& type = *info.mutable_type()->mutable_tensor_type();
  type.set_elem_type(onnx::TensorProto::FLOAT);
  for (int64_t d : tensor.shape) {
    onnx::TensorShapeProto::Dimension& dim = *type.mutable_shape()->add_dim();
    if (d < 0)
      dim.set_dim_param(kBatchDimension);
    else
      dim.set_dim_value(d);
  }
}

}  // namespace

std::string onnx_model_bytes(const Network& network, const nlohmann::json& metadata) {
  if (!little_endian()) throw GameError("ONNX export: only little-endian hosts are supported");
  const NetworkConfig& c = network.config();
  onnx::ModelProto model;
  model.set_ir_version(kOnnxIrVersion);
  onnx::OperatorSetIdProto& opset = *model.add_opset_import();
  opset.set_domain("");
  opset.set_version(kOnnxOpset);
  model.set_producer_name("inchzero");
  model.set_producer_version(std::to_string(kExportMetadataVersion));
  if (metadata.contains("iteration") && metadata["iteration"].is_number_integer())
    model.set_model_version(metadata["iteration"].get<int64_t>());
  model.set_doc_string("inchzero network for " + c.game +
                       " (docs/export.md): planes -> policy_logits, wdl" +
                       (c.arch.aux_outputs > 0 ? ", aux" : ""));
  for (const auto& [key, value] : metadata_strings(metadata)) {
    onnx::StringStringEntryProto& entry = *model.add_metadata_props();
    entry.set_key(key);
    entry.set_value(value);
  }

  onnx::GraphProto& graph = *model.mutable_graph();
  graph.set_name("inchzero_" + c.game);
  for (const ExportTensor& t : export_inputs(c)) describe(*graph.add_input(), t);
  for (const ExportTensor& t : export_outputs(c)) describe(*graph.add_output(), t);
  for (const ParameterValues& p : network.parameter_values()) {
    onnx::TensorProto& t = *graph.add_initializer();
    t.set_name(p.name);
    t.set_data_type(onnx::TensorProto::FLOAT);
    for (int64_t d : p.shape) t.add_dims(d);
    t.set_raw_data(std::string(reinterpret_cast<const char*>(p.values.data()),
                               sizeof(float) * p.values.size()));
  }

  // The forward pass of NetworkModule::forward (model/network_module.h).
  GraphBuilder g(graph);
  std::string h = g.conv("planes", "stem", 3, true);
  for (int b = 0; b < c.arch.blocks; ++b) {
    const std::string block = "block" + std::to_string(b);
    const std::string a = g.conv(h, block + "_conv1", 3, true);
    const std::string branch = g.conv(a, block + "_conv2", 3, false);
    g.node("Add", {h, branch}, block + "_sum");
    h = g.relu(block + "_sum", block + "_out");
  }
  const std::string policy = g.flatten(g.conv(h, "policy_conv", 1, true), "policy_flat");
  g.linear(policy, "policy_fc", false, "policy_logits");
  const std::string value = g.flatten(g.conv(h, "value_conv", 1, true), "value_flat");
  const std::string hidden = g.linear(value, "value_fc1", true);
  g.linear(hidden, "value_fc2", false, "wdl_logits");
  GraphBuilder::integer(g.node("Softmax", {"wdl_logits"}, "wdl"), "axis", 1);
  if (c.arch.aux_outputs > 0) g.linear(hidden, "aux_fc", false, "aux");

  std::string bytes;
  if (!model.SerializeToString(&bytes)) throw GameError("ONNX export: cannot serialise the model");
  return bytes;
}

}  // namespace inchzero
