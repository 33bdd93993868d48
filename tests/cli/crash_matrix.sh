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
source "$(dirname "$0")/lib/crash.bash"
kills=${CRASH_MATRIX_KILLS:-8}
start_time=$SECONDS

cp "$crash_lib/tiny_run.yaml" "$tmp/tiny.yaml"
# The accounting of a finished run folder, one JSON line (lib/run_account.py).
account() { python3 "$crash_lib/run_account.py" "$1" "$2" 2 32; }

# 1. The reference.
"$bin" run --config "$tmp/tiny.yaml" --out "$tmp/ref" --quiet >"$tmp/ref.out" 2>"$tmp/ref.err" ||
  fail "reference run exited $?: $(cat "$tmp/ref.err")"
account "$tmp/ref" exact >"$tmp/ref.exact" || fail "reference run inconsistent"
account "$tmp/ref" consistent >"$tmp/ref.consistent"
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
  finish "$dir" "$tmp/tiny.yaml"
  account "$dir" "$mode" >"$tmp/got" || fail "$point: accounting broken"
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
cp "$crash_lib/tiny_lab.yaml" "$tmp/lab.yaml"
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
  diff <(lab_report "$tmp/lab-ref") <(lab_report "$dir") >"$tmp/diff" ||
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
    if kill_after "$delay" "$bin" run "${config[@]}" --out "$dir" --quiet; then
      landed=$((landed + 1))
    fi
    grep -q "budget spent" "$tmp/killed.out" && break
    [ "$landed" -lt "$kills" ] || break
  done
  finish "$dir" "$tmp/tiny.yaml"
  account "$dir" consistent >"$tmp/got" || fail "random kills: accounting broken"
  diff "$tmp/ref.consistent" "$tmp/got" >"$tmp/diff" ||
    fail "random kills (run $runs): accounting differs: $(cat "$tmp/diff")"
  no_leftovers "$dir" "random kills"
done
echo "ok: $cases fault points resumed exactly or consistently; $landed random kill -9s in $runs runs survived" \
  "(reference ${ref_time}s, matrix ${matrix_time}s, total $((SECONDS - start_time))s)"
