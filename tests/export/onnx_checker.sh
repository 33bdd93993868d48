#!/usr/bin/env bash
# onnx.checker.check_model(full_check=True) (Debian's python3-onnx) accepts
# the ONNX exports of the fixture; IR, opset, tensors, the "batch"
# dimension and metadata_props are as docs/export.md says.
source "$(dirname "$0")/lib.bash"
need_python_module onnx python3-onnx
for game in inchworm chess; do
  timed "$python" "$external/export_check_onnx_model.py" "$fixture/$game/onnx/net.onnx"
done
echo "ok"
