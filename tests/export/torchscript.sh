#!/usr/bin/env bash
# Python's torch.jit.load (Debian's python3-torch) runs the TorchScript
# exports of the fixture and reproduces inchzero's outputs on every reference
# sample (max abs diff <= 1e-4); the archive's metadata.json equals NAME.json.
source "$(dirname "$0")/lib.bash"
need_python_module torch python3-torch
for game in inchworm chess; do
  timed "$python" "$external/export_check_torchscript.py" "$fixture/$game/torchscript/net.pt" \
    "$fixture/$game/torchscript/net.samples.json" 100 1e-4
done
echo "ok"
