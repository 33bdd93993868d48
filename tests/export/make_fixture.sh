#!/usr/bin/env bash
# The fixture of the export checks (tests/export/*.sh, ctest export.*): for
# Inchworm (8x8, original rules, an aux head) and FIDE chess (inchworm-chess
# with rules fide, no aux head), one tiny training run of one iteration —
# real self-play games and a trained network — then that network exported as
# ONNX and TorchScript, each with 128 reference samples drawn from the run's
# games (docs/export.md). Every random choice is seeded and self-play has one
# worker, so on one machine every run of this script makes the same games and
# networks (self-play precision is auto: bf16 where the CPU has it).
#   usage: make_fixture.sh path/to/inchzero FIXTURE_DIR
set -euo pipefail
bin=${1:?usage: make_fixture.sh path/to/inchzero FIXTURE_DIR}
fixture=${2:?usage: make_fixture.sh path/to/inchzero FIXTURE_DIR}
fail() { echo "FAIL: $*" >&2; exit 1; }
rm -rf "$fixture"
mkdir -p "$fixture"
samples=128

make_run() { # GAME CONFIG_INHERITS RULES SET
  local name=$1 inherits=$2 rules=$3 set=$4
  cat >"$fixture/$name.yaml" <<YAML
inherits: $inherits
seed: 7
game: {rules: $rules, set: [$set]}
selfplay: {workers: 1, games_per_worker: 6, full_visits: 8, cheap_visits: 4}
trainer: {batch_size: 32}
iteration: {games: 6, games_per_shard: 3, min_window_samples: 1}
evaluation: {games_vs_previous: 0, games_vs_baselines: 2, baselines: random, simulations: 2}
YAML
  local start=$SECONDS
  "$bin" run --config "$fixture/$name.yaml" --out "$fixture/$name/run" --iterations 1 --quiet \
    >"$fixture/$name.run.log" 2>&1 || fail "$name: run exited $?: $(tail -5 "$fixture/$name.run.log")"
  local net="$fixture/$name/run/networks/net-000001.pt"
  [ -f "$net" ] || fail "$name: no network after iteration 1"
  for format in onnx torchscript; do
    local out="$fixture/$name/$format/net.$([ $format = onnx ] && echo onnx || echo pt)"
    "$bin" export --format $format --model "$net" --out "$out" --samples $samples \
      >"$fixture/$name.$format.log" 2>&1 || fail "$name: export $format: $(cat "$fixture/$name.$format.log")"
    [ -s "$out" ] && [ -s "${out%.*}.json" ] && [ -s "${out%.*}.samples.json" ] ||
      fail "$name: export $format did not write $out, its .json and .samples.json"
  done
  echo "$name: run + exports in $((SECONDS - start)) s"
}

make_run inchworm inchworm original "target_score=10, max_plies=60"
make_run chess inchworm-chess fide "max_plies=400"
echo "ok: fixture in $fixture"
