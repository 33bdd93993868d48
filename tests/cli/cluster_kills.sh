#!/usr/bin/env bash
# A cluster on one machine (docs/cluster.md): a trainer-only run
# (iteration.games 0) and three extra self-play workers, each its own
# process, on one run folder. At seeded random moments one of them is
# killed with kill -9 and started again; once the run folder is moved away
# (a network mount gone) until a worker has noticed, while the workers play
# on. Then:
#   - the run finishes its iterations;
#   - no shard was overwritten: every name a worker announced as published is
#     unique, still there, verifies, and holds that many games, each carrying
#     the worker id of its file name;
#   - none is lost and none is used twice: shard_index.jsonl lists every
#     shard of the folder exactly once, with seqs 0..n-1, and a trainer start
#     loads exactly the games of the accepted shards;
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
start() {
  local name=$1
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

/usr/bin/python3 - "$run" "$loaded" "$tmp" "$(dirname "$0")/../../scripts" <<'PY' || fail "accounting (above)"
import json, os, re, sys
run, loaded, tmp, scripts = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
sys.path.insert(0, scripts)
from read_shards import read_shards
shards = sorted(f for f in os.listdir(run + "/shards") if f.endswith(".shard"))
index = [json.loads(l) for l in open(run + "/shard_index.jsonl") if l.strip()]
names = [a["shard"] for a in index]
assert len(names) == len(set(names)), "a shard arrived twice"
assert [a["seq"] for a in index] == list(range(len(index))), "arrival seqs not 0..n-1"
assert sorted(names) == shards, f"index and folder differ: {set(names) ^ set(shards)}"
accepted = sum(a["games"] for a in index if a["accepted"])
assert loaded == accepted, f"a trainer start loaded {loaded} games, accepted shards hold {accepted}"
# Every announced publication: unique names, still there, that many games, the right worker.
published = {}
for w in ("w1", "w2", "w3"):
    for line in open(f"{tmp}/{w}.out"):
        m = re.match(r"published (\S+): (\d+) games by (net-\d+)", line)
        if not m:
            continue
        name = m.group(1)
        assert name not in published, f"{name} published twice"
        assert name.startswith(f"ext-{w}-"), f"{w} published {name}"
        published[name] = (w, int(m.group(2)), m.group(3))
assert published, "no worker published a shard"
for name, (w, games, net) in published.items():
    assert name in shards, f"published {name} is gone"
    records, errors = read_shards([f"{run}/shards/{name}"])
    assert not errors and len(records) == games, (name, errors, len(records), games)
    assert all(r["worker"] == w and r["network"] == net for r in records), name
for name in shards:  # every record names the worker of its file
    m = re.match(r"ext-(.+)-[0-9]{6}\.shard$", name)
    assert m, f"{name}: not a worker's shard"
    records, errors = read_shards([f"{run}/shards/{name}"])
    assert not errors and all(r["worker"] == m.group(1) for r in records), name
# Shards can also come from a worker killed between its rename and its log line.
extra = set(shards) - set(published)
assert len(extra) <= 8, f"{len(extra)} shards nobody announced: {sorted(extra)}"
records = [json.loads(l) for l in open(run + "/metrics.jsonl") if l.strip()]
assert [r["iteration"] for r in records] == list(range(11)), [r["iteration"] for r in records]
for r in records[1:]:
    assert r["selfplay"].get("trainer_only"), r["selfplay"]
    assert r["train"]["steps"] > 0, r["train"]
print(f"{len(shards)} shards ({len(published)} announced), {accepted} games accepted, "
      f"{sum(a['games'] for a in index if not a['accepted'])} stale")
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
