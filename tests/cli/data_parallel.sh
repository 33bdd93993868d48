#!/usr/bin/env bash
# Data-parallel training (`inchzero train`, docs/cluster.md) on a tiny run:
#   1. 2 ranks on localhost, each with half of every batch, end with the
#      parameters 1 rank gets with the whole batch, after 8 AdamW steps in
#      fp32: every parameter within 1e-6 (measured: at most 3e-8, a few ulp:
#      the two halves' sums are added in another order). The rendezvous is
#      tried both ways: a FileStore and a TCPStore.
#   2. Rank 1 dies (SIGKILL after its 6th step, INCHZERO_FAULT) in a 12-step
#      run that checkpoints every 4 steps: rank 0 stops with an error naming
#      the failure and the checkpoint to resume from, exit 1, and removes the
#      file: rendezvous's store file; the same command (the same rendezvous)
#      on both ranks resumes from that checkpoint and ends with the parameters
#      of an uninterrupted 12-step run of 1 rank (within 1e-6).
#   3. Bad input: a rank not below --ranks, --ranks 2 without --rendezvous,
#      an unknown rendezvous scheme: exit 2 with a message.
set -euo pipefail
bin=${1:?usage: data_parallel.sh path/to/inchzero}
source "$(dirname "$0")/lib/common.bash"
source "$(dirname "$0")/lib/data_parallel.bash"
start_time=$SECONDS
tiny_config "$tmp/tiny.yaml" 4 1
"$bin" run --config "$tmp/tiny.yaml" --out "$tmp/run" --quiet >"$tmp/run.out" 2>&1 ||
  fail "tiny run: $(cat "$tmp/run.out")"

# Both ranks of one launch; $1 = out folder, $2 = rendezvous, rest = options;
# rank 1 runs with the environment in $rank1_env (e.g. a fault point).
rank1_env=()
two_ranks() {
  local out=$1 rdzv=$2 rc0=0 rc1=0
  shift 2
  "$bin" train --run "$tmp/run" --out "$out" --ranks 2 --rank 0 --rendezvous "$rdzv" \
    --timeout 30 --quiet "$@" >"$out.r0" 2>&1 &
  local p0=$!
  { env "${rank1_env[@]}" "$bin" train --run "$tmp/run" --out "$out" --ranks 2 --rank 1 \
    --rendezvous "$rdzv" \
    --timeout 30 --quiet "$@" >"$out.r1" 2>&1 || rc1=$?; } 2>/dev/null
  wait "$p0" || rc0=$?
  echo "$rc0 $rc1"
}
same_parameters() { same_floats "$1/parameters.f32" "$2/parameters.f32" "$3"; }

# 1. One rank with the whole batch; two with half each (FileStore, TCPStore).
"$bin" train --run "$tmp/run" --out "$tmp/one" --steps 8 --quiet >"$tmp/one.out" 2>&1 ||
  fail "1 rank: $(cat "$tmp/one.out")"
grep -q "32 rows of each batch of 32" "$tmp/one.out" || fail "1 rank: $(cat "$tmp/one.out")"
[ "$(two_ranks "$tmp/file" "file:$tmp/rdzv-file" --steps 8)" = "0 0" ] ||
  fail "2 ranks (FileStore): $(cat "$tmp/file.r0" "$tmp/file.r1")"
grep -q "16 rows of each batch of 32" "$tmp/file.r1" || fail "rank 1: $(cat "$tmp/file.r1")"
same_parameters "$tmp/one" "$tmp/file" "2 ranks (FileStore) differ from 1 rank"
port=$((20000 + RANDOM % 20000))
[ "$(two_ranks "$tmp/tcp" "tcp:127.0.0.1:$port" --steps 8)" = "0 0" ] ||
  fail "2 ranks (TCPStore :$port): $(cat "$tmp/tcp.r0" "$tmp/tcp.r1")"
same_parameters "$tmp/one" "$tmp/tcp" "2 ranks (TCPStore) differ from 1 rank"

# 2. Rank 1 killed at its 6th step; resume; compare with an uninterrupted run.
"$bin" train --run "$tmp/run" --out "$tmp/whole" --steps 12 --quiet >"$tmp/whole.out" 2>&1 ||
  fail "12 steps: $(cat "$tmp/whole.out")"
rank1_env=(INCHZERO_FAULT=after_train_step:6)
rcs=$(two_ranks "$tmp/dp" "file:$tmp/rdzv-1" --steps 12 --checkpoint-every 4)
rank1_env=()
[ "$rcs" = "1 137" ] || fail "exits $rcs, want 1 (rank 0) 137 (rank 1): $(cat "$tmp/dp.r0" "$tmp/dp.r1")"
grep -q "gloo .* failed .*resume from .*ckpt-" "$tmp/dp.r0" ||
  fail "rank 0's error does not say what failed and where to resume: $(cat "$tmp/dp.r0")"
ls "$tmp"/dp/ckpt-*.pt >/dev/null 2>&1 || fail "no checkpoint before the kill"
[ ! -e "$tmp/rdzv-1" ] || fail "rank 0 left the store file of the failed launch"
[ "$(two_ranks "$tmp/dp" "file:$tmp/rdzv-1" --steps 12 --checkpoint-every 4)" = "0 0" ] ||
  fail "resume: $(cat "$tmp/dp.r0" "$tmp/dp.r1")"
grep -q "resuming from .*ckpt-" "$tmp/dp.r0" || fail "did not resume: $(cat "$tmp/dp.r0")"
same_parameters "$tmp/whole" "$tmp/dp" "killed and resumed 2 ranks differ from 12 steps of 1 rank"

# 3. Bad input.
expect_bad_input "$bin" train --run "$tmp/run" --out "$tmp/x" --steps 1 --ranks 2 --rank 2 \
  --rendezvous "file:$tmp/r"
expect_bad_input "$bin" train --run "$tmp/run" --out "$tmp/x" --steps 1 --ranks 2
expect_bad_input "$bin" train --run "$tmp/run" --out "$tmp/x" --steps 1 --ranks 2 \
  --rendezvous "udp:x"
echo "ok ($((SECONDS - start_time)) s)"
