"""Checks an ONNX export with the onnx package (Debian's python3-onnx): the
model passes onnx.checker.check_model(full_check=True) (which includes
strict shape inference), has IR >= 7 and opset >= 13, the documented
tensors with a dynamic batch dimension named "batch", and metadata_props
equal to the metadata file beside it, with every key docs/export.md lists.
Exits 1 on any failure.

usage: /usr/bin/python3 export_check_onnx_model.py MODEL.onnx
"""
import json
import os
import sys

import onnx

KEYS = [
    "format", "format_version", "model_format", "game", "rules", "rule_options", "board",
    "inputs", "outputs", "input_layout", "plane_names", "encoder_version",
    "encoder_documentation", "point_of_view", "num_actions", "action_space", "policy", "value",
    "aux_outputs", "aux", "network", "source", "run", "iteration", "seed", "run_config",
]


def fail(message):
    print(f"FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def shape_of(value_info):
    dims = value_info.type.tensor_type.shape.dim
    return [d.dim_param if d.HasField("dim_param") else d.dim_value for d in dims]


def main():
    if len(sys.argv) != 2:
        fail(__doc__)
    path = sys.argv[1]
    model = onnx.load(path)
    onnx.checker.check_model(model, full_check=True)
    opset = {o.domain: o.version for o in model.opset_import}
    if model.ir_version < 7 or opset.get("", 0) < 13:
        fail(f"IR {model.ir_version}, opset {opset}: want IR >= 7, opset >= 13")

    with open(os.path.splitext(path)[0] + ".json") as f:
        metadata = json.load(f)
    missing = [k for k in KEYS if k not in metadata]
    if missing:
        fail(f"metadata lacks {missing}")
    props = {p.key: p.value for p in model.metadata_props}
    if sorted(props) != sorted(metadata):
        fail(f"metadata_props keys {sorted(props)} != metadata file keys {sorted(metadata)}")
    for key, value in metadata.items():
        got = props[key] if isinstance(value, str) else json.loads(props[key])
        if got != value:
            fail(f"metadata_props[{key!r}] = {props[key]!r}, the metadata file says {value!r}")

    graph = model.graph
    tensors = {"inputs": list(graph.input), "outputs": list(graph.output)}
    for side, infos in tensors.items():
        declared = [{"name": i.name, "shape": shape_of(i)} for i in infos]
        if declared != metadata[side]:
            fail(f"graph {side} {declared} != metadata {metadata[side]}")
        for info in infos:
            if shape_of(info)[0] != "batch":
                fail(f"{info.name}: first dimension {shape_of(info)[0]!r}, want 'batch'")
    channels, height, width = shape_of(graph.input[0])[1:]
    if [height, width] != [metadata["board"]["height"], metadata["board"]["width"]]:
        fail(f"input {height}x{width} != board {metadata['board']}")
    if len(metadata["plane_names"]) != channels:
        fail(f"{len(metadata['plane_names'])} plane names for {channels} planes")
    if metadata["encoder_version"] < 1 or not metadata["rule_options"]:
        fail("no encoder version or no rule options")
    # Strict shape inference must derive the declared output shapes.
    inferred = onnx.shape_inference.infer_shapes(model, strict_mode=True)
    for out in inferred.graph.output:
        if shape_of(out) != next(o["shape"] for o in metadata["outputs"] if o["name"] == out.name):
            fail(f"inferred {out.name} shape {shape_of(out)}")
    weights = sum(int(t.raw_data.__len__() / 4) for t in graph.initializer)
    print(
        f"onnx {onnx.__version__} check_model(full_check=True): ok — {metadata['game']} "
        f"({metadata['rules']}), IR {model.ir_version}, opset {opset['']}, {len(graph.node)} "
        f"nodes, {weights} weights, {len(props)} metadata keys equal to the .json file"
    )


if __name__ == "__main__":
    main()
