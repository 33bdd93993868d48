#!/usr/bin/env bash
# The Slurm launchers of deploy/slurm (docs/cluster.md) without a Slurm
# cluster: the scripts parse (bash -n); submit.sh, with sbatch and squeue
# replaced by stubs that log their arguments, submits one trainer and a
# worker array with the run folder, and submits nothing when squeue says
# both are queued for that folder (resubmit-safe); and the two job scripts,
# run directly with the environment Slurm gives an array task, start a
# trainer-only run and a worker named slurm-<array job>-<task> that
# publishes shards the trainer trains on. Bad input: exit 2.
set -euo pipefail
bin=${1:?usage: deploy_slurm.sh path/to/inchzero}
source "$(dirname "$0")/lib/common.bash"
here=$(cd "$(dirname "$0")/../.." && pwd)
slurm="$here/deploy/slurm"
pids=()
trap 'kill -9 "${pids[@]}" 2>/dev/null || true; rm -rf "$tmp"' EXIT

for f in "$slurm"/*.sbatch "$slurm"/submit.sh; do bash -n "$f" || fail "$f does not parse"; done
"$bin" run --config "$slurm/config.yaml" --check >"$tmp/check" || fail "config: $(cat "$tmp/check")"

# 1. submit.sh with stubs.
mkdir -p "$tmp/stubs"
cat >"$tmp/stubs/sbatch" <<'EOF'
#!/usr/bin/env bash
echo "sbatch $* RUN=$RUN" >>"$STUB_LOG"
echo 4711
EOF
cat >"$tmp/stubs/squeue" <<'EOF'
#!/usr/bin/env bash
[ -f "$STUB_QUEUED" ] && echo "run=$RUN"
exit 0
EOF
chmod +x "$tmp/stubs/sbatch" "$tmp/stubs/squeue"
export STUB_LOG="$tmp/sbatch.log" STUB_QUEUED="$tmp/queued"
RUN=/shared/r1 WORKERS=3 SBATCH="$tmp/stubs/sbatch" SQUEUE="$tmp/stubs/squeue" \
  bash "$slurm/submit.sh" >"$tmp/submit.out" || fail "submit.sh: $(cat "$tmp/submit.out")"
grep -q -- "--ntasks 1 .*trainer.sbatch RUN=/shared/r1" "$tmp/sbatch.log" ||
  fail "no trainer: $(cat "$tmp/sbatch.log")"
grep -q -- "--array 0-2 .*worker.sbatch RUN=/shared/r1" "$tmp/sbatch.log" ||
  fail "no worker array: $(cat "$tmp/sbatch.log")"
touch "$tmp/queued"
RUN=/shared/r1 SBATCH="$tmp/stubs/sbatch" SQUEUE="$tmp/stubs/squeue" \
  bash "$slurm/submit.sh" >"$tmp/submit2.out" || fail "resubmit: $(cat "$tmp/submit2.out")"
[ "$(wc -l <"$tmp/sbatch.log")" = 2 ] || fail "resubmitted a queued job: $(cat "$tmp/sbatch.log")"
grep -q "already queued" "$tmp/submit2.out" || fail "resubmit said: $(cat "$tmp/submit2.out")"
rm "$tmp/queued"
RUN=/shared/r2 RANKS=3 SBATCH="$tmp/stubs/sbatch" SQUEUE="$tmp/stubs/squeue" \
  bash "$slurm/submit.sh" >/dev/null 2>&1 || fail "submit.sh RANKS=3"
grep -q -- "--ntasks 3 .*trainer.sbatch RUN=/shared/r2" "$tmp/sbatch.log" ||
  fail "RANKS=3: $(cat "$tmp/sbatch.log")"
rc=0
RUN=/x WORKERS=0 SBATCH=false SQUEUE=false bash "$slurm/submit.sh" >/dev/null 2>"$tmp/err" || rc=$?
[ "$rc" = 2 ] && [ -s "$tmp/err" ] || fail "WORKERS=0: exit $rc"

# 2. The job scripts as Slurm would run them (tiny trainer-only config).
cat >"$tmp/tiny.yaml" <<'YAML'
inherits: inchworm-small
network: {blocks: 1, channels: 8, value_hidden: 8}
selfplay: {workers: 1, games_per_worker: 2, full_visits: 8, cheap_visits: 2}
trainer: {batch_size: 32}
replay: {max_steps_per_iteration: 20}
iteration: {games: 0, games_per_shard: 2, min_window_samples: 50, min_new_samples: 500}
evaluation: {games_vs_previous: 0, games_vs_baselines: 0}
budget: {minutes: 0, iterations: 2}
YAML
export RUN="$tmp/run" INCHZERO="$bin"
SLURM_ARRAY_JOB_ID=77 SLURM_ARRAY_TASK_ID=3 bash "$slurm/worker.sbatch" >"$tmp/w.out" 2>&1 &
pids+=($!)
CONFIG="$tmp/tiny.yaml" bash "$slurm/trainer.sbatch" >"$tmp/t.out" 2>&1 ||
  fail "trainer.sbatch: $(cat "$tmp/t.out")"
grep -q "budget spent" "$tmp/t.out" || fail "the trainer did not finish: $(cat "$tmp/t.out")"
kill -TERM "${pids[0]}"
wait "${pids[0]}" || fail "worker.sbatch: $(cat "$tmp/w.out")"
grep -q "as self-play worker slurm-77-3 (id from SLURM_ARRAY_JOB_ID" "$tmp/w.out" ||
  fail "worker id: $(cat "$tmp/w.out")"
ls "$RUN"/shards/ext-slurm-77-3-000000.shard >/dev/null || fail "no shard of slurm-77-3"
grep -q '"trainer_only":true' "$RUN/metrics.jsonl" || fail "not a trainer-only run"
echo "ok"
