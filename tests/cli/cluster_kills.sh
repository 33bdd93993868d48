#!/usr/bin/env bash
# A cluster on one machine (docs/cluster.md): a trainer-only run
# (iteration.games 0) and three extra self-play workers, each its own
# process, on one run folder. At seeded random moments one of them is
# killed with kill -9 and started again; once the run folder is moved away
# (a network mount gone) until a worker has noticed, while the workers play
# on. Then:
#   - the run finishes its iterations;
#   - no shard was overwritten, none is lost and none is used twice
#     (lib/worker_shards.py): every name a worker announced as published is
#     unique, still there, verifies, and holds that many games, each carrying
#     the worker id of its file name; each worker's shard numbers have no
#     gap; shard_index.jsonl lists every shard of the folder exactly once,
#     with seqs 0..n-1, and a trainer start loads exactly the games of the
#     accepted shards;
#   - nothing half-written is left once every process has stopped.
# CLUSTER_SEED picks the moments (default: drawn and printed, so a failure
# can be replayed with it).
set -euo pipefail
bin=${1:?usage: cluster_kills.sh path/to/inchzero}
source "$(dirname "$0")/lib/common.bash"
seed=${CLUSTER_SEED:-$(od -An -N2 -tu2 /dev/urandom | tr -d ' ')}
echo "cluster_kills: CLUSTER_SEED=$seed"
RANDOM=$seed
start_time=$SECONDS
run="$tmp/run"
/usr/bin/python3 -c 'import numpy, zstandard' 2>/dev/null ||
  fail "needs Debian's python3 with numpy and zstandard: apt-get install python3-numpy python3-zstandard"
declare -A pids=()
stop_all() {
  for name in "${!pids[@]}"; do kill -9 "${pids[$name]}" 2>/dev/null || true; done
}
trap 'stop_all; rm -rf "$tmp"' EXIT

# (about 40 s unkilled on 2 idle cores: the workers' games, ~100 per
# iteration, pace the run; training is capped at 40 steps an iteration)
cat >"$tmp/cluster.yaml" <<'YAML'
inherits: inchworm-small
seed: 777
network: {blocks: 1, channels: 8, value_hidden: 8}
selfplay: {workers: 1, games_per_worker: 2, full_visits: 8, cheap_visits: 2}
trainer: {batch_size: 32}
replay: {min_samples: 2000, reuse: 2, max_steps_per_iteration: 40, max_generation_age: 3}
iteration: {games: 0, games_per_shard: 2, min_window_samples: 50, min_new_samples: 30000}
evaluation: {games_vs_previous: 0, games_vs_baselines: 0}
budget: {minutes: 0, iterations: 10}
YAML

# Each process appends to its own log; "trainer" and "w1".."w3".
declare -A starts=()
start() {
  local name=$1
  starts[$name]=$((${starts[$name]:-0} + 1))
  if [ "$name" = trainer ]; then
    "$bin" run --config "$tmp/cluster.yaml" --out "$run" --quiet >>"$tmp/trainer.out" \
      2>>"$tmp/trainer.err" &
  else
    "$bin" selfplay --run "$run" --worker-id "$name" --retry-minutes 2 --quiet \
      >>"$tmp/$name.out" 2>>"$tmp/$name.err" &
  fi
  pids[$name]=$!
}
alive() { kill -0 "${pids[$1]}" 2>/dev/null; }
trainer_done() { grep -q "budget spent" "$tmp/trainer.out" 2>/dev/null; }

start trainer
for _ in $(seq 1 100); do [ -f "$run/config.yaml" ] && break; sleep 0.1; done
[ -f "$run/config.yaml" ] || fail "the trainer did not create the run: $(cat "$tmp/trainer.err")"
for w in w1 w2 w3; do start "$w"; done

# Chaos: a kill -9 every 1.5-4 s (seeded), each followed by a restart; the
# trainer is the victim one time in four. After the third kill the folder
# goes away (the trainer is down then: it does not wait for it).
kills=0
outage=0
victims=""
while ! trainer_done && [ "$kills" -lt 8 ]; do
  delay=$((15 + RANDOM % 26))
  sleep "$((delay / 10)).$((delay % 10))"
  trainer_done && break
  for w in w1 w2 w3; do
    alive "$w" || fail "worker $w exited on its own: $(tail -3 "$tmp/$w.err")"
  done
  if alive trainer; then :; else
    trainer_done && break
    fail "the trainer exited on its own: $(tail -5 "$tmp/trainer.err")"
  fi
  case $((RANDOM % 4)) in
    0) victim=trainer ;;
    *) victim=w$((1 + RANDOM % 3)) ;;
  esac
  kill -9 "${pids[$victim]}" 2>/dev/null || true
  wait "${pids[$victim]}" 2>/dev/null || true
  kills=$((kills + 1))
  victims+=" $victim"
  if [ "$kills" = 3 ] && [ "$outage" = 0 ]; then
    if [ "$victim" != trainer ]; then
      kill -9 "${pids[trainer]}" 2>/dev/null || true
      wait "${pids[trainer]}" 2>/dev/null || true
    fi
    # A worker still starting when the folder goes away exits (no run
    # there): first every worker has joined (said so once per start).
    for w in w1 w2 w3; do
      for _ in $(seq 1 300); do
        [ "$(grep -c "^joining" "$tmp/$w.out")" -ge "${starts[$w]}" ] && break
        sleep 0.1
      done
    done
    # Away until a worker has noticed (at most 60 s), then 2 s more.
    mv "$run" "$run.away"
    for _ in $(seq 1 300); do
      grep -q "retrying in" "$tmp"/w?.err 2>/dev/null && break
      sleep 0.2
    done
    sleep 2
    mv "$run.away" "$run"
    outage=1
    [ "$victim" = trainer ] || start "$victim"
    start trainer
  else
    start "$victim"
  fi
done
echo "cluster_kills: $kills kill -9s:$victims; outage $outage"
[ "$kills" -ge 4 ] || fail "only $kills kills landed before the run ended (too fast to test)"

# The run finishes (the workers keep delivering).
for _ in $(seq 1 900); do
  trainer_done && break
  alive trainer || fail "the trainer exited on its own: $(tail -5 "$tmp/trainer.err")"
  sleep 0.2
done
trainer_done || fail "the run did not finish in 3 minutes after the kills"
wait "${pids[trainer]}" || fail "the trainer's last session exited non-zero"
for w in w1 w2 w3; do kill -TERM "${pids[$w]}" 2>/dev/null || true; done
for w in w1 w2 w3; do wait "${pids[$w]}" 2>/dev/null || true; done
pids=()
grep -q "retrying in" "$tmp"/w?.err || fail "no worker noticed the outage: $(cat "$tmp"/w?.err)"
grep -q "is back" "$tmp"/w?.err || fail "no worker said the folder came back: $(cat "$tmp"/w?.err)"

# One more trainer start loads every shard there is (and removes the killed
# workers' temporaries: their locks are free now).
"$bin" run --out "$run" --quiet >"$tmp/final.out" 2>"$tmp/final.err" ||
  fail "final start: $(cat "$tmp/final.err")"
loaded=$(sed -n 's/.* at iteration [0-9]*, \([0-9]*\) games .*/\1/p' "$tmp/final.out")
[ -n "$loaded" ] || fail "no start line: $(cat "$tmp/final.out")"
left=$(find "$run" -name '*.tmp*')
[ -z "$left" ] || fail "temporaries left: $left"
"$bin" shards verify "$run/shards" >"$tmp/verify" || fail "shards verify: $(cat "$tmp/verify")"

# Shards, the arrival index and the workers' announcements (lib/worker_shards.py;
# a worker killed between its rename and its log line leaves an unannounced
# shard, so at most one per kill).
/usr/bin/python3 "$(dirname "$0")/lib/worker_shards.py" "$(dirname "$0")/../../scripts" "$run" \
  "$loaded" "$kills" w1="$tmp/w1.out" w2="$tmp/w2.out" w3="$tmp/w3.out" || fail "shards (above)"
# Every iteration trained on the workers' games alone.
/usr/bin/python3 - "$run" <<'PY' || fail "metrics (above)"
import json, sys
records = [json.loads(l) for l in open(sys.argv[1] + "/metrics.jsonl") if l.strip()]
assert [r["iteration"] for r in records] == list(range(11)), [r["iteration"] for r in records]
for r in records[1:]:
    assert r["selfplay"].get("trainer_only"), r["selfplay"]
    assert r["train"]["steps"] > 0, r["train"]
PY
# Bad input: an id that cannot be a file name; an id a live worker holds.
expect_bad_input "$bin" selfplay --run "$run" --worker-id "a/b"
"$bin" selfplay --run "$run" --worker-id dup --quiet >"$tmp/dup.out" 2>&1 &
pids[dup]=$!
for _ in $(seq 1 100); do grep -q "joining" "$tmp/dup.out" && break; sleep 0.1; done
grep -q "joining" "$tmp/dup.out" || fail "worker dup did not start: $(cat "$tmp/dup.out")"
expect_bad_input "$bin" selfplay --run "$run" --worker-id dup
grep -q "in use by a live worker" "$tmp/err" || fail "second dup: $(cat "$tmp/err")"
kill -TERM "${pids[dup]}"
wait "${pids[dup]}" || fail "worker dup: $(cat "$tmp/dup.out")"
pids=()
echo "ok: seed $seed, $kills kills, $((SECONDS - start_time)) s"
