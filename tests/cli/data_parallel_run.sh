#!/usr/bin/env bash
# `inchzero run --ranks 2` (docs/cluster.md): the run's training phases
# data-parallel, rank 1 following rank 0. Trainer-only runs (iteration.games
# 0) whose "workers" are this script: it copies the one shard of each
# iteration of a self-play run into the run folder, so that every run here
# trains on the same games (a run's own self-play would play iteration 2
# with a network that 2 ranks made a few ulp different, and its games would
# differ).
#   1. 2 ranks (FileStore), half of every batch each, end 2 iterations of 40
#      steps with the network 1 rank makes with whole batches: every
#      parameter within 1e-6 (fp32 AdamW; the halves' gradients are summed
#      in another order; measured: at most 6e-8). The steps are capped: with
#      77 + 165 steps the two networks end 1e-2 apart (measured), because
#      iteration 2's new games make the loss jump from 4 to 15 (gradient norm
#      40) and that amplifies the last-bit differences, while the ranks' own
#      losses agree in every digit and the 1-rank loss in 7 digits at the
#      jump. A rank 1 started again while the group runs is refused at once
#      (exit 2).
#   2. Rank 1 killed mid-step (SIGKILL after a step of iteration 2,
#      INCHZERO_FAULT): rank 0 ends with an error naming the failure, exit 1,
#      within the timeout; the same command on both ranks (the same file:
#      rendezvous: rank 0 removed the store file) resumes from iteration 1's
#      checkpoint and ends with the 1-rank network.
#   3. Rank 1 alone stopped (SIGTERM after a step of iteration 2,
#      INCHZERO_FAULT=term:...): rank 0 stops at the same step as if stopped
#      itself: "stopped; run the same command again", exit 1 (a stopped run
#      is not finished), within a few seconds (rank 1 acknowledges the end;
#      the timeout is 20 s); both started again resume and end with the
#      1-rank network.
#   4. Rank 0 killed (kill -9) while the ranks wait for iteration 2's games,
#      TCPStore: rank 1 ends with an error, exit 1; both restarted resume and
#      end with the 1-rank network.
#   5. Bad input: a rank not below --ranks, --ranks 2 without --rendezvous:
#      exit 2 with a message.
set -euo pipefail
bin=${1:?usage: data_parallel_run.sh path/to/inchzero}
source "$(dirname "$0")/lib/common.bash"
source "$(dirname "$0")/lib/data_parallel.bash"
pids=()
trap 'kill -9 "${pids[@]}" 2>/dev/null || true; rm -rf "$tmp"' EXIT
start_time=$SECONDS

# The games: a 2-iteration self-play run, one shard per iteration.
tiny_config "$tmp/play.yaml" 8 2
"$bin" run --config "$tmp/play.yaml" --out "$tmp/play" --quiet >"$tmp/play.out" 2>&1 ||
  fail "self-play run: $(cat "$tmp/play.out")"
shard1=$tmp/play/shards/it000001-000000.shard
shard2=$tmp/play/shards/it000002-000000.shard
[ -f "$shard1" ] && [ -f "$shard2" ] || fail "self-play shards: $(ls "$tmp/play/shards")"
sed -e 's/games: 8, games_per_shard: 8/games: 0, games_per_shard: 8, min_new_samples: 1/' \
  -e 's/reuse: 1}/reuse: 1, max_steps_per_iteration: 40}/' "$tmp/play.yaml" >"$tmp/train.yaml"

# Deliver shard $2 into run $1 as extra workers do (a rename into shards/).
deliver() {
  mkdir -p "$1/shards"
  cp "$2" "$1/shards/ext-$(basename "$2").part"
  mv "$1/shards/ext-$(basename "$2").part" "$1/shards/ext-$(basename "$2")"
}
# Wait until run $1 has committed iteration 1's training.
await_iteration1() {
  local i
  for i in $(seq 1 600); do
    [ -f "$1/checkpoints/ckpt-000001.pt" ] && return 0
    sleep 0.1
  done
  fail "no checkpoint of iteration 1 in $1 after 60 s: $(cat "$1".r* 2>/dev/null)"
}
# Start rank $2 of 2 of run $1 in the background (rendezvous $rdzv, extra
# environment in rank_env); its pid goes to pids[$2], its output to $1.r$2.
rank_env=()
start_rank() {
  env "${rank_env[@]}" "$bin" run --config "$tmp/train.yaml" --out "$1" --quiet \
    --ranks 2 --rank "$2" --rendezvous "$rdzv" --timeout 20 >"$1.r$2" 2>&1 &
  pids[$2]=$!
}
# Wait for rank $1 (pids[$1]); its exit status goes to rc$1.
await_rank() {
  local status=0
  wait "${pids[$1]}" || status=$?
  printf -v "rc$1" '%s' "$status"
}
# Both ranks of a new run $1 (rendezvous $rdzv), rank 1 with
# INCHZERO_FAULT=$2, iteration 2's shard delivered after iteration 1; the
# exits of ranks 0 and 1 must be "$3", rank 0's at most $4 s after rank 1's.
fault_in_rank1() {
  local rank1_ended
  deliver "$1" "$shard1"
  rank_env=(INCHZERO_FAULT=$2)
  start_rank "$1" 1
  rank_env=()
  start_rank "$1" 0
  await_iteration1 "$1"
  deliver "$1" "$shard2"
  await_rank 1
  rank1_ended=$SECONDS
  await_rank 0
  [ "$rc0 $rc1" = "$3" ] || fail "exits $rc0 $rc1, want $3: $(cat "$1.r0" "$1.r1")"
  ((SECONDS - rank1_ended <= $4)) || fail "rank 0 took $((SECONDS - rank1_ended)) s to end"
}
# Both ranks of the interrupted run $1 started again: rank 0 resumes from
# iteration 1 and ends with the 1-rank network, else fail $2.
resumes_as_one_rank() {
  both_ranks "$1"
  grep -q "resuming run .* at iteration 1" "$1.r0" || fail "no resume: $(cat "$1.r0")"
  same_network "$1" "$tmp/one" "$2"
}
# Both ranks of run $1 from where it is, delivering iteration 2's shard
# after iteration 1; both must end with exit 0.
both_ranks() {
  mv "$1.r0" "$1.r0.failed" 2>/dev/null || true
  mv "$1.r1" "$1.r1.failed" 2>/dev/null || true
  start_rank "$1" 0
  start_rank "$1" 1
  [ -f "$1/shards/ext-$(basename "$shard2")" ] || { await_iteration1 "$1" && deliver "$1" "$shard2"; }
  await_rank 0
  await_rank 1
  [ "$rc0 $rc1" = "0 0" ] || fail "$1: exits $rc0 $rc1: $(cat "$1.r0" "$1.r1")"
}
export_network() {
  "$bin" export --model "$1/networks/net-000002.pt" --out "$1.export" >/dev/null 2>&1 ||
    fail "export $1: no network of iteration 2? $(ls "$1/networks")"
}
# Run $1's network of iteration 2 is run $2's (exported) within 1e-6, else fail $3.
same_network() {
  export_network "$1"
  same_floats "$2.export/weights.bin" "$1.export/weights.bin" "$3"
}

# 1. One rank with whole batches; two ranks with halves.
deliver "$tmp/one" "$shard1"
"$bin" run --config "$tmp/train.yaml" --out "$tmp/one" --quiet >"$tmp/one.r0" 2>&1 &
pids[0]=$!
await_iteration1 "$tmp/one"
deliver "$tmp/one" "$shard2"
await_rank 0
[ "$rc0" = 0 ] || fail "1 rank: $(cat "$tmp/one.r0")"
grep -q "it   2 .* steps" "$tmp/one.r0" || fail "1 rank did not train iteration 2: $(cat "$tmp/one.r0")"
export_network "$tmp/one"
steps1=$(/usr/bin/python3 -c 'import json,sys; print([json.loads(l) for l in open(sys.argv[1])][1]["train"]["steps"])' "$tmp/one/metrics.jsonl")

rdzv=file:$tmp/rdzv-two
deliver "$tmp/two" "$shard1"
start_rank "$tmp/two" 0
start_rank "$tmp/two" 1
await_iteration1 "$tmp/two"
# The group is running (waiting for iteration 2's games): a second rank 1.
rc=0
"$bin" run --config "$tmp/train.yaml" --out "$tmp/two" --quiet --ranks 2 --rank 1 \
  --rendezvous "$rdzv" --timeout 20 >"$tmp/again.out" 2>"$tmp/again.err" || rc=$?
[ "$rc" = 2 ] && grep -q "already joined the group" "$tmp/again.err" ||
  fail "a rank 1 started again: exit $rc: $(cat "$tmp/again.err")"
deliver "$tmp/two" "$shard2"
await_rank 0
await_rank 1
[ "$rc0 $rc1" = "0 0" ] || fail "2 ranks: exits $rc0 $rc1: $(cat "$tmp/two.r0" "$tmp/two.r1")"
grep -q "rank 1: iteration 2: .* 16 rows of each batch of 32" "$tmp/two.r1" ||
  fail "rank 1 did not train iteration 2: $(cat "$tmp/two.r1")"
same_network "$tmp/two" "$tmp/one" "2 ranks differ from 1 rank"

# 2. Rank 1 killed after its 3rd step of iteration 2; both started again.
rdzv=file:$tmp/rdzv-kill1
fault_in_rank1 "$tmp/kill1" "after_train_step:$((steps1 + 3))" "1 137" 21
grep -q "gloo .* failed.*start every rank again" "$tmp/kill1.r0" ||
  fail "rank 0's error does not say what failed and what to do: $(cat "$tmp/kill1.r0")"
[ ! -e "$tmp/rdzv-kill1" ] || fail "rank 0 left the store file of the failed launch"
resumes_as_one_rank "$tmp/kill1" "killed and resumed 2 ranks differ from 1 rank"

# 3. Rank 1 alone stopped after its 3rd step of iteration 2.
rdzv=file:$tmp/rdzv-stop1
fault_in_rank1 "$tmp/stop1" "term:after_train_step:$((steps1 + 3))" "1 1" 5
grep -q "^stopped; run the same command again to resume from iteration 1" "$tmp/stop1.r0" ||
  fail "rank 0 does not say it stopped: $(cat "$tmp/stop1.r0")"
resumes_as_one_rank "$tmp/stop1" "stopped and resumed 2 ranks differ from 1 rank"

# 4. Rank 0 killed while both wait for iteration 2's games (TCPStore).
rdzv=tcp:127.0.0.1:$((20000 + RANDOM % 20000))
deliver "$tmp/kill0" "$shard1"
start_rank "$tmp/kill0" 0
start_rank "$tmp/kill0" 1
await_iteration1 "$tmp/kill0"
kill -9 "${pids[0]}"
killed_at=$SECONDS
await_rank 0
await_rank 1
[ "$rc1" = 1 ] || fail "rank 1 exit $rc1, want 1: $(cat "$tmp/kill0.r1")"
((SECONDS - killed_at <= 21)) || fail "rank 1 took $((SECONDS - killed_at)) s to end"
grep -q "error: .*start every rank again" "$tmp/kill0.r1" ||
  fail "rank 1's error does not say what to do: $(cat "$tmp/kill0.r1")"
both_ranks "$tmp/kill0"
same_network "$tmp/kill0" "$tmp/one" "2 ranks after rank 0 was killed differ from 1 rank"

# 5. Bad input.
expect_bad_input "$bin" run --config "$tmp/train.yaml" --out "$tmp/x" --ranks 2 --rank 2 \
  --rendezvous "file:$tmp/r"
expect_bad_input "$bin" run --config "$tmp/train.yaml" --out "$tmp/x" --ranks 2 --rank 1
[ ! -e "$tmp/x" ] || fail "a refused start left $tmp/x"
echo "ok ($((SECONDS - start_time)) s)"
