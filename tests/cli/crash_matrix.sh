#!/usr/bin/env bash
# The crash matrix (docs/running.md, "Resume guarantee"), in the manner of
# SQLite's crash tests. A tiny run of 2 iterations is played once without
# interruption (the reference). Then, for each named fault point
# (core/fault_point.h), a fresh run of the same seed and config is made to die
# there by SIGKILL (INCHZERO_FAULT=point:n), resumed with the same command
# until it finishes, and compared with the reference:
#   - at every point after a self-play phase has finished, the accounting is
#     identical: games, samples, samples counted as trained, steps (per
#     iteration and in total), replay window, evaluation games — and every
#     metrics record is present, with the statistics of every phase;
#   - a kill inside self-play (after a shard rename) replays the missing games
#     from another seed (docs/running.md), so their samples differ: there the
#     games are identical and the accounting must be consistent (every sample
#     counted as trained exactly once, steps = the reuse rule of the new ones).
# The lab's cells are killed the same way and its report compared.
# Then random-moment kill -9s: one run killed at random moments and resumed
# until done, checked for the same consistency. CRASH_MATRIX_KILLS (default
# 8) sets how many.
set -euo pipefail
bin=${1:?usage: crash_matrix.sh path/to/inchzero}
source "$(dirname "$0")/lib/common.bash"
kills=${CRASH_MATRIX_KILLS:-8}
start_time=$SECONDS

cat >"$tmp/tiny.yaml" <<'YAML'
inherits: inchworm-small
seed: 4242
network: {blocks: 1, channels: 8, value_hidden: 8}
selfplay: {workers: 1, games_per_worker: 4, full_visits: 8, cheap_visits: 2}
trainer: {batch_size: 32}
replay: {min_samples: 200, reuse: 1, max_steps_per_iteration: 0}
iteration: {games: 8, games_per_shard: 4, min_window_samples: 50, keep_checkpoints: 2}
evaluation: {games_vs_previous: 2, games_vs_baselines: 2, simulations: 4, threads: 1}
budget: {minutes: 0, iterations: 2}
YAML

# The accounting of a finished run folder, one JSON line (compare.py below).
cat >"$tmp/account.py" <<'PY'
import json, sys
run, mode = sys.argv[1], sys.argv[2]
records = [json.loads(l) for l in open(run + "/metrics.jsonl") if l.strip()]
state = json.load(open(run + "/run_state.json"))
its = [r["iteration"] for r in records]
assert its == [0, 1, 2], f"metrics records of iterations {its}, want [0, 1, 2]"
out = {"trained_samples": state["trained_samples"], "iterations": state["iterations"]}
rows = []
trained = 0
for r in records[1:]:
    sp, tr, rp = r["selfplay"], r["train"], r["replay"]
    for key in ("selfplay", "train", "replay", "eval"):
        assert key in r, f"iteration {r['iteration']}: no {key} metrics"
    games = sp.get("games", 0) + sp.get("resumed_games", 0)
    if mode == "exact":
        assert "stats_lost" not in sp and "games_per_s" in sp, f"self-play stats missing: {sp}"
    # every sample is counted as trained exactly once, and trained
    # reuse x new / batch steps (tiny.yaml: reuse 1, batch 32, no cap)
    assert tr["new_samples"] == rp["total_samples"] - trained, (tr, rp, trained)
    assert tr["steps"] == tr["new_samples"] // 32, tr
    trained = rp["total_samples"]
    row = {"games": games}
    row["eval_games"] = {k: v["games"] for k, v in r["eval"].items()}
    if mode == "exact":
        row.update(new_samples=tr["new_samples"], replay=rp, steps=tr["steps"],
                   total_steps=tr["total_steps"])
    rows.append(row)
assert state["trained_samples"] == trained, (state, trained)
assert records[-1]["train"]["total_steps"] == sum(r["train"]["steps"] for r in records[1:])
out["rows"] = rows
if mode != "exact":
    out.pop("trained_samples")
print(json.dumps(out, sort_keys=True))
PY

# Run until the run says its budget is spent (at most 20 sessions).
# (A run killed before it wrote its config.yaml has none yet: it is given
# tiny.yaml again, else it would start the default config's long run.)
finish() {
  local dir=$1 i config
  for i in $(seq 1 20); do
    config=()
    [ -f "$dir/config.yaml" ] || config=(--config "$tmp/tiny.yaml")
    if "$bin" run "${config[@]}" --out "$dir" --quiet >"$tmp/resume.out" 2>"$tmp/resume.err"; then
      grep -q "budget spent" "$tmp/resume.out" && return 0
    else
      fail "resume of $dir exited non-zero: $(cat "$tmp/resume.err")"
    fi
  done
  fail "$dir did not finish in 20 sessions"
}

no_leftovers() {
  local left
  left=$(find "$1" -name '*.tmp*')
  [ -z "$left" ] || fail "$2: temporaries left after the resumed run finished: $left"
}

# 1. The reference.
"$bin" run --config "$tmp/tiny.yaml" --out "$tmp/ref" --quiet >"$tmp/ref.out" 2>"$tmp/ref.err" ||
  fail "reference run exited $?: $(cat "$tmp/ref.err")"
python3 "$tmp/account.py" "$tmp/ref" exact >"$tmp/ref.exact" || fail "reference run inconsistent"
python3 "$tmp/account.py" "$tmp/ref" consistent >"$tmp/ref.consistent"
ref_time=$((SECONDS - start_time))

# 2. The matrix: point:pass mode. Passes count from the start of the killed
#    process: checkpoints 0, 1, 2 are passes 1-3; iteration 1 evaluates three
#    matches (previous, random, greedy), so inside_evaluation:4 is in iteration 2.
matrix=(
  "after_checkpoint:1 exact"      # before net-000000.pt exists
  "after_network:1 exact"
  "after_shard_rename:1 consistent"  # inside iteration 1's self-play
  "after_shard_rename:4 consistent"  # iteration 2's last shard, before its stats
  "after_selfplay:2 exact"
  "after_checkpoint:3 exact"      # between the checkpoint and the network of it 2
  "after_network:3 exact"         # before pruning
  "after_training:1 exact"        # between training and evaluation of it 1
  "inside_evaluation:4 exact"     # after the first match of iteration 2
  "after_evaluation_file:2 exact"
  "after_metrics:2 exact"         # before run_state.json
  "after_state:3 exact"
  "before_rename:3 exact"         # a temporary left beside its target
)
cases=0
for entry in "${matrix[@]}"; do
  read -r point mode <<<"$entry"
  dir="$tmp/case-${point//:/-}"
  rc=0
  # (the group's 2>/dev/null takes bash's own "Killed" report)
  { INCHZERO_FAULT=$point "$bin" run --config "$tmp/tiny.yaml" --out "$dir" --quiet \
    >"$tmp/kill.out" 2>"$tmp/kill.err" || rc=$?; } 2>/dev/null
  [ "$rc" = 137 ] || fail "$point: exit $rc, want 137 (SIGKILL): $(tail -3 "$tmp/kill.err")"
  grep -q "fault point ${point%%:*} reached" "$tmp/kill.err" || fail "$point: not reached"
  finish "$dir"
  python3 "$tmp/account.py" "$dir" "$mode" >"$tmp/got" || fail "$point: accounting broken"
  diff "$tmp/ref.$mode" "$tmp/got" >"$tmp/diff" ||
    fail "$point: accounting differs from the uninterrupted run: $(cat "$tmp/diff")"
  no_leftovers "$dir" "$point"
  "$bin" shards verify "$dir/shards" >/dev/null || fail "$point: a shard is damaged"
  cases=$((cases + 1))
done
matrix_time=$((SECONDS - start_time))

# 2b. The rule-variant lab's resumable cells: killed after a cell file (and
#     inside one's write), rerun, the report is the uninterrupted one's
#     (less its seconds column).
cat >"$tmp/lab.yaml" <<'YAML'
description: tiny
agent: "uct:{sims}:rollout_plies=10"
simulations: 4
budgets: [1, 2]
games: 2
wall_games: 2
overrides: [width=4, height=4, stock=5, target_score=6, max_plies=40]
rule_sets:
  - { name: original }
  - { name: edges, rules: max-edges-1 }
YAML
report() { sed 's/,[^,]*$//' "$1/report.csv"; }
"$bin" lab --config "$tmp/lab.yaml" --out "$tmp/lab-ref" --quiet >/dev/null 2>"$tmp/lab.err" ||
  fail "reference lab: $(cat "$tmp/lab.err")"
for point in after_lab_cell:1 after_lab_cell:3 before_rename:2; do
  dir="$tmp/lab-${point//:/-}"
  rc=0
  { INCHZERO_FAULT=$point "$bin" lab --config "$tmp/lab.yaml" --out "$dir" --quiet \
    >/dev/null 2>"$tmp/kill.err" || rc=$?; } 2>/dev/null
  [ "$rc" = 137 ] || fail "lab $point: exit $rc, want 137: $(tail -3 "$tmp/kill.err")"
  "$bin" lab --config "$tmp/lab.yaml" --out "$dir" --quiet >/dev/null 2>"$tmp/lab.err" ||
    fail "lab $point: rerun: $(cat "$tmp/lab.err")"
  diff <(report "$tmp/lab-ref") <(report "$dir") >"$tmp/diff" ||
    fail "lab $point: report differs: $(cat "$tmp/diff")"
  no_leftovers "$dir" "lab $point"
  cases=$((cases + 1))
done

# 3. Random-moment kill -9s: runs killed at moments drawn from 0.2 s to the
#    reference's duration, restarted, killed again, until they finish; each
#    finished run is checked for consistency, and new runs are started until
#    $kills kills have landed (a kill that lands after the run ended does not count).
landed=0
runs=0
while [ "$landed" -lt "$kills" ]; do
  runs=$((runs + 1))
  dir="$tmp/random-$runs"
  for _ in $(seq 1 20); do
    config=()
    [ -f "$dir/config.yaml" ] || config=(--config "$tmp/tiny.yaml")
    delay=$(python3 -c "import random; print(round(random.uniform(0.2, max(0.5, $ref_time)), 2))")
    "$bin" run "${config[@]}" --out "$dir" --quiet >"$tmp/random.out" 2>"$tmp/random.err" &
    pid=$!
    sleep "$delay"
    kill -9 "$pid" 2>/dev/null && landed=$((landed + 1))
    wait "$pid" 2>/dev/null || true
    grep -q "budget spent" "$tmp/random.out" && break
    [ "$landed" -lt "$kills" ] || break
  done
  finish "$dir"
  python3 "$tmp/account.py" "$dir" consistent >"$tmp/got" || fail "random kills: accounting broken"
  diff "$tmp/ref.consistent" "$tmp/got" >"$tmp/diff" ||
    fail "random kills (run $runs): accounting differs: $(cat "$tmp/diff")"
  no_leftovers "$dir" "random kills"
done
echo "ok: $cases fault points resumed exactly or consistently; $landed random kill -9s in $runs runs survived" \
  "(reference ${ref_time}s, matrix ${matrix_time}s, total $((SECONDS - start_time))s)"
