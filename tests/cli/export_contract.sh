#!/usr/bin/env bash
# `inchzero export` on good and bad input (docs/export.md): every format
# writes its files and nothing else; a missing, foreign or damaged model, an
# unknown format, an unwritable path, --out ending in .json, --samples
# without games or with too few, and a write failing midway each exit 2 with
# a message naming the problem and leave no file (and no temporary) behind.
# (The numeric checks: learning_tests Export*, and ctest export.* against
# onnxruntime, torch.jit and onnx.checker.)
set -euo pipefail
bin=${1:?usage: export_contract.sh path/to/inchzero}
source "$(dirname "$0")/lib/common.bash"

"$bin" export --help >"$tmp/help" || fail "export --help exited $?"
grep -q "onnx | torchscript | portable" "$tmp/help" || fail "--help does not name the formats"
"$bin" bench nn --help >/dev/null || fail "bench nn --help exited $?"

# Nothing but these files in $tmp/exp (no .part, no .tmp).
expect_out() {
  local want=$1 got
  got=$(cd "$tmp/exp" 2>/dev/null && find . -type f | sort | tr '\n' ' ' || true)
  [ "$got" = "$want" ] || fail "files in exp/: '$got', want '$want'"
}

# 1. A missing or foreign model: exit 2 naming the file, no output.
for format in portable onnx torchscript; do
  expect_bad_input "$bin" export --format $format --model "$tmp/missing.pt" --out "$tmp/exp/net.x"
  grep -q "missing.pt" "$tmp/err" || fail "$format: message does not name the file: $(cat "$tmp/err")"
  [ ! -e "$tmp/exp" ] || fail "$format: output written for a missing model"
done
echo "not a network" >"$tmp/garbage.pt"
expect_bad_input "$bin" export --format onnx --model "$tmp/garbage.pt" --out "$tmp/exp/net.onnx"
grep -q "garbage.pt" "$tmp/err" || fail "message does not name the file: $(cat "$tmp/err")"
expect_bad_input "$bin" export --format onnx2 --model "$tmp/garbage.pt" --out "$tmp/exp/net.onnx"
grep -q "onnx2" "$tmp/err" || fail "unknown format: $(cat "$tmp/err")"
[ ! -e "$tmp/exp" ] || fail "output written for bad input"

# 2. A network of a one-iteration run.
cat >"$tmp/run.yaml" <<'YAML'
inherits: inchworm-small
seed: 3
selfplay: {games_per_worker: 1, full_visits: 4, cheap_visits: 2}
trainer: {batch_size: 16}
iteration: {games: 2, games_per_shard: 2, min_window_samples: 1}
evaluation: {games_vs_previous: 0, games_vs_baselines: 0}
YAML
"$bin" run --config "$tmp/run.yaml" --out "$tmp/run" --iterations 1 --quiet >"$tmp/run.log" 2>&1 ||
  fail "run: $(cat "$tmp/run.log")"
net="$tmp/run/networks/net-000001.pt"

# 3. Each format writes its files; the metadata names the run and iteration.
"$bin" export --format onnx --model "$net" --out "$tmp/exp/net.onnx" --samples 20 >/dev/null
"$bin" export --format torchscript --model "$net" --out "$tmp/exp/ts.pt" >/dev/null
"$bin" export --model "$net" --out "$tmp/exp/portable" >/dev/null
expect_out "./net.json ./net.onnx ./net.samples.json ./portable/model.json ./portable/weights.bin ./ts.json ./ts.pt "
python3 - "$tmp" <<'PY' || fail "metadata"
import json, sys
tmp = sys.argv[1]
m = json.load(open(f"{tmp}/exp/net.json"))
assert m["run"] == f"{tmp}/run" and m["iteration"] == 1 and m["seed"] == "3", (m["run"], m["seed"])
assert "seed: 3" in m["run_config"] and m["rule_options"]["width"] == 5, m["rule_options"]
assert m["model_format"] == "onnx" and json.load(open(f"{tmp}/exp/ts.json"))["model_format"] == "torchscript"
s = json.load(open(f"{tmp}/exp/net.samples.json"))
assert s["count"] == 20 and len(s["samples"][0]["planes"]) == 43 * 5 * 5, s["count"]
PY
# A copy of the network outside its run: provenance unknown, --samples needs --samples-from.
cp "$net" "$tmp/loose.pt"
"$bin" export --format onnx --model "$tmp/loose.pt" --out "$tmp/loose/net.onnx" >/dev/null
grep -q '"run": "unknown"' "$tmp/loose/net.json" || fail "a loose network has a run"
expect_bad_input "$bin" export --format onnx --model "$tmp/loose.pt" --out "$tmp/loose2/net.onnx" --samples 5
grep -q -- "--samples-from" "$tmp/err" || fail "no hint of --samples-from: $(cat "$tmp/err")"
[ ! -e "$tmp/loose2" ] || fail "output written without samples"
"$bin" export --format onnx --model "$tmp/loose.pt" --out "$tmp/loose2/net.onnx" --samples 5 \
  --samples-from "$tmp/run/shards" >/dev/null || fail "--samples-from"

# 4. Bad output paths and too many samples: exit 2, nothing written, the
#    earlier export untouched.
rm -rf "$tmp/exp/portable" "$tmp/exp/ts."*
before=$(cat "$tmp/exp/"* | md5sum)
echo "a file" >"$tmp/blocker"
expect_bad_input "$bin" export --format onnx --model "$net" --out "$tmp/blocker/net.onnx"
grep -q "blocker" "$tmp/err" || fail "unwritable path not named: $(cat "$tmp/err")"
expect_bad_input "$bin" export --format onnx --model "$net" --out "$tmp/exp/net.json"
grep -q "ends in .json" "$tmp/err" || fail "--out .json: $(cat "$tmp/err")"
expect_bad_input "$bin" export --format onnx --model "$net" --out "$tmp/exp/net.onnx" --samples 100000
grep -q "positions wanted but the shards hold" "$tmp/err" || fail "too many samples: $(cat "$tmp/err")"
# The model's write fails (as on a full disk) after its metadata and samples
# were written: none of the three is replaced, no temporary is left.
INCHZERO_FAULT=fail_write:net.onnx expect_bad_input \
  "$bin" export --format onnx --model "$net" --out "$tmp/exp/net.onnx" --samples 30
grep -q "net.onnx" "$tmp/err" || fail "write failure not named: $(cat "$tmp/err")"
expect_out "./net.json ./net.onnx ./net.samples.json "
[ "$(cat "$tmp/exp/"* | md5sum)" = "$before" ] || fail "a failed export changed the earlier one"

# 5. A damaged network file is refused naming it.
head -c 2000 "$net" >"$tmp/damaged.pt"
expect_bad_input "$bin" export --format torchscript --model "$tmp/damaged.pt" --out "$tmp/d/net.pt"
grep -q "damaged.pt" "$tmp/err" || fail "damaged model not named: $(cat "$tmp/err")"
[ ! -e "$tmp/d" ] || fail "output written for a damaged model"
echo "ok"
