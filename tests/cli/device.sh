#!/usr/bin/env bash
# The device setting (model/device.h, docs/gpu.md) through the commands: cpu
# given explicitly and auto (the CPU on a machine without a GPU) work and are
# recorded; cuda where this build or machine has no GPU is bad input (exit
# 2) naming the setting; a network trained in one process loads in another
# on the CPU; `bench nn --device cpu` runs the device-peak path on the CPU.
set -euo pipefail
bin=${1:?usage: device.sh path/to/inchzero}
source "$(dirname "$0")/lib/common.bash"

# 1. What auto means here decides what cuda must do.
"$bin" match --p0 random --p1 greedy --games 2 --device auto --json "$tmp/auto.json" \
  >/dev/null 2>"$tmp/auto.err" || fail "match --device auto exited $?: $(cat "$tmp/auto.err")"
grep -qE '^device: (cpu|cuda:0) \(setting auto\) .+; LibTorch [0-9.]+, CUDA ' "$tmp/auto.err" ||
  fail "no device line on stderr: $(cat "$tmp/auto.err")"
python3 - "$tmp/auto.json" <<'PY' || fail "match --json does not record the device"
import json, sys
assert "search" not in json.load(open(sys.argv[1])), "search settings recorded without a network"
d = json.load(open(sys.argv[1]))["inference"]["device"]
assert d["setting"] == "auto" and d["device"] in ("cpu", "cuda:0"), d
assert d["name"] and d["libtorch"] and d["cuda"], d
PY
gpu=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["inference"]["device"]["device"])' "$tmp/auto.json")

# 2. cuda: bad input without a GPU, naming the option or the config key.
if [ "$gpu" = cpu ]; then
  expect_bad_input "$bin" match --p0 random --p1 greedy --games 2 --device cuda
  grep -q -- "--device cuda: " "$tmp/err" || fail "message does not name --device: $(cat "$tmp/err")"
  [ "$(wc -l <"$tmp/err")" -eq 1 ] || fail "not one line: $(cat "$tmp/err")"
  expect_bad_input "$bin" bench nn --nets 1x8 --batch 1 --device cuda:1
  grep -q -- "--device cuda:1: " "$tmp/err" || fail "bench nn: $(cat "$tmp/err")"
  expect_bad_input "$bin" generate --games 1 --out "$tmp/gen" --param device=cuda
  grep -q "selfplay.device cuda: " "$tmp/err" || fail "generate: $(cat "$tmp/err")"
  # A run asking for a GPU is refused before its folder is made.
  for key in selfplay trainer; do
    printf 'inherits: inchworm-small\n%s: {device: cuda}\n' "$key" >"$tmp/$key.yaml"
    expect_bad_input "$bin" run --config "$tmp/$key.yaml" --out "$tmp/run-$key" --quiet
    grep -q "$key.device cuda: " "$tmp/err" || fail "run $key.device: $(cat "$tmp/err")"
    [ ! -e "$tmp/run-$key" ] || fail "a run refused for $key.device left its folder"
  done
else
  "$bin" match --p0 random --p1 greedy --games 2 --device cuda >/dev/null 2>&1 ||
    fail "match --device cuda on a GPU machine exited $?"
fi
expect_bad_input "$bin" match --p0 random --p1 greedy --games 2 --device tpu
grep -q "unknown device 'tpu'" "$tmp/err" || fail "bad device text: $(cat "$tmp/err")"

# 3. A network trained in one process plays on the CPU in another.
tiny_network inchworm "$tmp/run"
"$bin" match --p0 "net:$tmp/run:sims=4" --p1 random --games 2 --device cpu --quiet \
  --json "$tmp/net.json" >/dev/null || fail "match with the trained network on cpu exited $?"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1]))["inference"]["device"]; assert d["device"]=="cpu" and d["setting"]=="cpu", d' \
  "$tmp/net.json" || fail "the network match does not record device cpu"

# 4. bench nn --device cpu: the device peak and its share column on the CPU.
out=$("$bin" bench nn --nets 1x8 --batch 1,4 --precision fp32 --seconds 0.01 --device cpu 2>/dev/null) ||
  fail "bench nn --device cpu exited $?"
printf '%s\n' "$out" | grep -qE '^device cpu \(.+\): torch::mm 1024x1024 bf16 [0-9.]+ GFLOP/s' ||
  fail "no device peak line: $out"
rows=$(printf '%s\n' "$out" | grep -cE '^\| 1x8 \| onednn \| fp32 \| [14] \| .* \| [0-9]+ % \|$')
[ "$rows" -eq 2 ] || fail "expected 2 rows with a device share, got $rows: $out"
echo ok
