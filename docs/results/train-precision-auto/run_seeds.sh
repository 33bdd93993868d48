#!/usr/bin/env bash
# The comparison of this folder for more seeds: for each seed, the embedded
# recipe for 10 minutes with trainer.precision auto and with bf16, one run
# after the other on an otherwise idle machine, then each run's newest
# network at 32 simulations against greedy (60 games, seed 4242), as in
# README.md:
#   bash docs/results/train-precision-auto/run_seeds.sh WORK SEED...
# WORK: a scratch folder for the runs (run-<arm>-s<seed>/); the metrics and
# match results are copied here (metrics-<arm>-s<seed>.jsonl,
# match-<arm>-s<seed>-greedy.json). INCHZERO: the binary (default
# build/inchzero). A seed whose match file exists here is skipped.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=${1:?usage: run_seeds.sh WORK SEED...}
shift
[ $# -ge 1 ] || { echo "run_seeds: no seed given" >&2; exit 2; }
bin=$(realpath "${INCHZERO:-build/inchzero}")
mkdir -p "$work"
for seed in "$@"; do
  for arm in auto bf16; do
    result="$here/match-$arm-s$seed-greedy.json"
    [ -f "$result" ] && { echo "seed $seed $arm: done before ($result)"; continue; }
    run="$work/run-$arm-s$seed"
    "$bin" run --config "$here/$arm.yaml" --out "$run" --minutes 10 --seed "$seed" --quiet
    "$bin" match --p0 "net:$run:sims=32" --p1 greedy --run "$run" --games 60 --seed 4242 \
      --quiet --json "$result.tmp"
    cp "$run/metrics.jsonl" "$here/metrics-$arm-s$seed.jsonl"
    mv "$result.tmp" "$result"
  done
done
