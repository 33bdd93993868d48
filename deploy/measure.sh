#!/usr/bin/env bash
# The figures of docs/cluster.md, "Sizing": self-play games/s of 1, 2 and 4
# extra workers (one thread each: selfplay.workers 1) on one machine, `inchzero train` samples/s with 1 and 2
# ranks, on a run of CONFIG (default inchworm-small) after one iteration, and
# the samples/s of `inchzero run`'s training phase with 1 and 2 ranks
# (trainer-only runs of one iteration on that run's shards).
#   deploy/measure.sh path/to/inchzero [SECONDS per worker count, default 60]
set -euo pipefail
bin=${1:?usage: measure.sh path/to/inchzero [seconds]}
seconds=${2:-60}
config=${CONFIG:-inchworm-small}
tmp=$(mktemp -d)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true; rm -rf "$tmp"' EXIT
printf '%s\n' "inherits: $config" "selfplay: {workers: 1}" \
  "evaluation: {games_vs_previous: 0, games_vs_baselines: 0}" >"$tmp/c.yaml"
"$bin" run --config "$tmp/c.yaml" --out "$tmp/run" --iterations 1 --quiet >"$tmp/run.out"
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) before"
samples_per_game=$(/usr/bin/python3 -c "
import json; r=[json.loads(l) for l in open('$tmp/run/metrics.jsonl') if l.strip()][-1]
print(round(r['replay']['total_samples'] / r['replay']['total_games'], 1))")
echo "samples per game (iteration 1): $samples_per_game"
for n in 1 2 4; do
  rm -f "$tmp"/w*.out
  pids=()
  for i in $(seq 1 "$n"); do
    "$bin" selfplay --run "$tmp/run" --worker-id "m$n-$i" --quiet >"$tmp/w$i.out" 2>&1 &
    pids+=($!)
  done
  sleep "$seconds"
  kill -TERM "${pids[@]}"
  wait "${pids[@]}" 2>/dev/null || true
  games=$(cat "$tmp"/w*.out | sed -n 's/^published .*: \([0-9]*\) games.*/\1/p' | awk '{s+=$1} END {print s+0}')
  echo "workers $n: $games games in ${seconds} s = $(awk "BEGIN {printf \"%.2f\", $games / $seconds}") games/s (load $(cut -d' ' -f1 /proc/loadavg))"
done
export INCHZERO_GLOO_HOST=127.0.0.1
"$bin" train --run "$tmp/run" --out "$tmp/t1" --steps 200 --quiet | tail -1
"$bin" train --run "$tmp/run" --out "$tmp/t2" --steps 200 --ranks 2 --rank 0 \
  --rendezvous "file:$tmp/rdzv" --quiet | tail -1 &
"$bin" train --run "$tmp/run" --out "$tmp/t2" --steps 200 --ranks 2 --rank 1 \
  --rendezvous "file:$tmp/rdzv" --quiet | tail -1
wait
printf '%s\n' "inherits: $config" "iteration: {games: 0, min_new_samples: 1}" \
  "evaluation: {games_vs_previous: 0, games_vs_baselines: 0}" \
  "budget: {minutes: 0, iterations: 1}" >"$tmp/t.yaml"
for ranks in 1 2; do
  mkdir -p "$tmp/r$ranks/shards"
  cp "$tmp"/run/shards/*.shard "$tmp/r$ranks/shards/"
  for rank in $(seq 1 $((ranks - 1))); do
    "$bin" run --config "$tmp/t.yaml" --out "$tmp/r$ranks" --quiet --ranks "$ranks" \
      --rank "$rank" --rendezvous "file:$tmp/rdzv-run$ranks" >/dev/null &
  done
  "$bin" run --config "$tmp/t.yaml" --out "$tmp/r$ranks" --quiet --ranks "$ranks" --rank 0 \
    --rendezvous "file:$tmp/rdzv-run$ranks" >/dev/null
  wait
  /usr/bin/python3 -c "
import json, sys
t = [json.loads(l) for l in open(sys.argv[1]) if l.strip()][-1]['train']
print(f\"run, {t['ranks']} rank(s): {t['steps']} steps in {t['seconds']:.1f} s, \"
      f\"{t['samples_per_s']:.0f} samples/s (load {open('/proc/loadavg').read().split()[0]})\")
" "$tmp/r$ranks/metrics.jsonl"
done
