#!/usr/bin/env bash
# A teacher feeds a run (`inchzero selfplay --run R --teacher SPEC`,
# selfplay/teacher_games.h): a trainer-only run trains its first iteration
# on nothing but greedy's games, published as the extra workers' shards;
# every teacher decision is a one-hot policy target on the decision played
# and the random openings are no samples; the same worker id and seed
# publish the same bytes; a bad spec is bad input before anything is played.
set -euo pipefail
bin=${1:?usage: teacher_worker.sh path/to/inchzero}
source "$(dirname "$0")/lib/common.bash"
pid=
trap '[ -n "$pid" ] && kill -9 "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT
cat >"$tmp/t.yaml" <<'YAML'
inherits: inchworm-small
seed: 7
network: {blocks: 1, channels: 8, value_hidden: 8}
selfplay: {workers: 2, games_per_worker: 2, full_visits: 8, cheap_visits: 2}
trainer: {batch_size: 32}
replay: {min_samples: 200, reuse: 2, max_steps_per_iteration: 20}
iteration: {games: 0, games_per_shard: 2, min_window_samples: 50, min_new_samples: 100}
evaluation: {games_vs_previous: 0, games_vs_baselines: 0}
budget: {minutes: 0, iterations: 1}
YAML

# 1. The run waits for data (it plays no games of its own); the teacher gives it.
"$bin" run --config "$tmp/t.yaml" --out "$tmp/run" --quiet >"$tmp/run.out" 2>"$tmp/run.err" &
pid=$!
for _ in $(seq 100); do [ -f "$tmp/run/config.yaml" ] && break; sleep 0.1; done
[ -f "$tmp/run/config.yaml" ] || fail "the run wrote no config.yaml: $(cat "$tmp/run.err")"
"$bin" selfplay --run "$tmp/run" --teacher greedy --games 8 --worker-id t1 --quiet >"$tmp/w.out" 2>&1 ||
  fail "teacher worker: $(cat "$tmp/w.out")"
grep -q '^8 games written$' "$tmp/w.out" || fail "8 games not written: $(cat "$tmp/w.out")"
[ "$(grep -c 'games by teacher greedy$' "$tmp/w.out")" = 4 ] || fail "not 4 shards: $(cat "$tmp/w.out")"
for _ in $(seq 600); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
kill -0 "$pid" 2>/dev/null && fail "the run did not finish its iteration on the teacher's games"
wait "$pid" || fail "the run failed: $(cat "$tmp/run.err")"
pid=
grep -q '^it   1 .* steps loss' "$tmp/run.out" || fail "iteration 1 did not train: $(cat "$tmp/run.out")"

# 2. The records: labelled, one-hot targets on the teacher's decisions only.
"$bin" shards dump "$tmp"/run/shards/ext-t1-*.shard >"$tmp/dump.jsonl"
/usr/bin/python3 - "$tmp/dump.jsonl" <<'PY' || fail "teacher records"
import json, sys
games = [json.loads(line) for line in open(sys.argv[1])]
assert len(games) == 8, len(games)
samples = 0
for g in games:
    assert g["network"] == "teacher greedy", g["network"]
    assert g["worker"] == "t1", g["worker"]
    opening = [d for d in g["decisions"] if d["random_opening"]]
    assert opening and all(not d["visits"] for d in opening), "opening decisions are no samples"
    for d in g["decisions"]:
        assert d["root_visits"] == 0, "the value target must be the outcome alone"
        if d["random_opening"] or d["forced"]:
            continue
        assert d["full_search"] and d["visits"] == [[d["action"], 1]], d
        samples += 1
assert samples > 100, samples
PY

# 3. Reproducible: the same id and seed publish the same shards.
cp -r "$tmp/run" "$tmp/again"
rm "$tmp"/again/shards/ext-t1-*.shard "$tmp/again/shard_index.jsonl"
"$bin" selfplay --run "$tmp/again" --teacher greedy --games 8 --worker-id t1 --quiet >/dev/null 2>&1 ||
  fail "second teacher worker"
for f in "$tmp"/run/shards/ext-t1-*.shard; do
  cmp -s "$f" "$tmp/again/shards/$(basename "$f")" || fail "$(basename "$f") differs on a rerun"
done

# 4. Bad input: an unknown teacher, and the opening option without a teacher.
expect_bad_input "$bin" selfplay --run "$tmp/run" --teacher bogus:3 --games 2
grep -q "player spec 'bogus:3'" "$tmp/err" || fail "bad spec message: $(cat "$tmp/err")"
expect_bad_input "$bin" selfplay --run "$tmp/run" --teacher-opening-plies 3
echo "teacher_worker: OK"
