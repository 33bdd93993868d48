#!/usr/bin/env bash
# onnxruntime (npm onnxruntime-node) runs the ONNX exports of the fixture and
# reproduces inchzero's outputs on every reference sample (max abs diff <= 1e-4).
source "$(dirname "$0")/lib.bash"
need_node
for game in inchworm chess; do
  timed node "$external/export_check_onnxruntime.js" "$fixture/$game/onnx/net.onnx" \
    "$fixture/$game/onnx/net.samples.json" 100 1e-4
done
echo "ok"
