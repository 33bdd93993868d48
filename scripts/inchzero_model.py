#!/usr/bin/env python3
"""Run an exported inchzero network with numpy alone.

An export (`inchzero export --model net.pt --out DIR`) is DIR/model.json plus
DIR/weights.bin; the format is described in docs/model-format.md.

As a library:
    model = InchzeroModel("DIR")
    policy_logits, wdl, aux = model.forward(x)   # x: batch x C x H x W float32

From the shell (inputs: raw little-endian float32, batch x C x H x W):
    python3 scripts/inchzero_model.py DIR --inputs inputs.f32 > outputs.json
prints {"policy_logits": [[...]], "wdl": [[...]], "aux": [[...]] or null}.
"""
import argparse
import json
import os
import sys

import numpy as np

FORMAT = "inchzero-portable-1"


class InchzeroModel:
    def __init__(self, directory):
        with open(os.path.join(directory, "model.json"), encoding="utf-8") as f:
            self.header = json.load(f)
        if self.header.get("format") != FORMAT:
            raise ValueError(f"{directory}: not an {FORMAT} export")
        blob_info = self.header["blob"]
        if blob_info["dtype"] != "float32" or blob_info["byte_order"] != "little":
            raise ValueError(f"{directory}: unsupported blob {blob_info}")
        blob = np.fromfile(os.path.join(directory, blob_info["file"]), dtype="<f4")
        if blob.nbytes != blob_info["bytes"]:
            raise ValueError(f"{directory}: weights.bin has {blob.nbytes} bytes, "
                             f"header says {blob_info['bytes']}")
        self.tensors = {}
        for t in self.header["tensors"]:
            start = t["offset"] // 4
            self.tensors[t["name"]] = blob[start:start + t["count"]].reshape(t["shape"])
        self.input_shape = tuple(self.header["input"][k] for k in ("channels", "height", "width"))

    def forward(self, x):
        """x: batch x C x H x W. Returns (policy_logits, wdl, aux or None), float32."""
        x = np.asarray(x, dtype=np.float32)
        if x.shape[1:] != self.input_shape:
            raise ValueError(f"input shape {x.shape[1:]} != {self.input_shape}")
        values = {"x": x}
        for layer in self.header["layers"]:
            op = layer["op"]
            if op == "conv2d":
                out = conv2d(values[layer["in"]], self.tensors[layer["weight"]],
                             self.tensors[layer["bias"]], layer["padding"])
            elif op == "linear":
                out = values[layer["in"]] @ self.tensors[layer["weight"]].T + self.tensors[layer["bias"]]
            elif op == "add_relu":
                a, b = layer["in"]
                out = values[a] + values[b]
                out = np.maximum(out, 0)
            elif op == "flatten":
                v = values[layer["in"]]
                out = v.reshape(v.shape[0], -1)
            elif op == "softmax":
                v = values[layer["in"]]
                e = np.exp(v - v.max(axis=1, keepdims=True))
                out = e / e.sum(axis=1, keepdims=True)
            else:
                raise ValueError(f"unknown layer op {op!r}")
            if layer.get("relu"):
                out = np.maximum(out, 0)
            values[layer["out"]] = out.astype(np.float32)
        return values["policy_logits"], values["wdl"], values.get("aux")


def conv2d(x, weight, bias, padding):
    """Cross-correlation like torch.nn.Conv2d (stride 1): x N×C×H×W, weight O×C×k×k."""
    k = weight.shape[2]
    if padding:
        x = np.pad(x, ((0, 0), (0, 0), (padding, padding), (padding, padding)))
    windows = np.lib.stride_tricks.sliding_window_view(x, (k, k), axis=(2, 3))  # N C H W k k
    out = np.einsum("nchwij,ocij->nohw", windows, weight, optimize=True)
    return out + bias[None, :, None, None]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("directory", help="export directory (model.json + weights.bin)")
    parser.add_argument("--inputs", required=True,
                        help="raw little-endian float32 file, batch x C x H x W")
    args = parser.parse_args()
    try:
        model = InchzeroModel(args.directory)
        raw = np.fromfile(args.inputs, dtype="<f4")
        per_position = int(np.prod(model.input_shape))
        if raw.size == 0 or raw.size % per_position:
            raise ValueError(f"{args.inputs}: {raw.size} floats is not a whole number of "
                             f"{per_position}-float positions")
        policy, wdl, aux = model.forward(raw.reshape((-1,) + model.input_shape))
    except (OSError, ValueError, KeyError) as e:
        print(f"inchzero_model.py: {e}", file=sys.stderr)
        return 2
    json.dump({"policy_logits": policy.tolist(), "wdl": wdl.tolist(),
               "aux": None if aux is None else aux.tolist()}, sys.stdout)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
