#!/usr/bin/env bash
# The crash soak (docs/running.md, "Resume guarantee"): the learning loop
# with extra self-play workers, kill -9'd at random moments many times, and
# a rule-variant lab the same way. Where crash_matrix.sh kills a lone run at
# named points and compares it with an uninterrupted one, this kills the
# trainer (`inchzero run`, which also plays its own games) and two extra
# workers (`inchzero selfplay --run --worker-id`) beside it, restarting each
# victim at once, until CRASH_SOAK_KILLS (default 20) kills have landed;
# runs that finish first are followed by new ones. Each run, once finished:
#   - every shard verifies (`inchzero shards verify`) and every network and
#     checkpoint loads (`inchzero export` per network; `inchzero train
#     --steps 1` from each kept checkpoint);
#   - the game count a trainer start reports never decreases from one
#     session to the next (its start line, "at iteration N, G games");
#   - no game is lost but those in flight: every shard seen in the folder
#     just before any kill is still there at the end, the accounting is
#     consistent (lib/run_account.py: each iteration's own games all there,
#     every sample trained once) and the workers' shards pass
#     lib/worker_shards.py (announced shards intact, numbers without a gap,
#     the index and the trainer's loaded count agree). The games in flight at
#     a worker's kill are those it had finished but not yet published (its
#     progress lines since its last "published" line, at most one round of
#     max(games_per_shard, workers x games_per_worker) = 4); they are summed
#     and printed. The trainer's own in-flight games (finished, not yet in a
#     shard) are played again on resume, so every iteration still has all of
#     its games (checked above).
# The lab: a tiny lab (lib/tiny_lab.yaml) killed at random moments
# (CRASH_SOAK_LAB_KILLS, default 6) and rerun until it finishes: after every
# kill each cell file is either absent or complete and equal to the
# uninterrupted lab's (less its timings), and the final report equals the
# uninterrupted one's (less its seconds column).
# CRASH_SOAK_SEED picks the moments and victims (default: drawn; printed and
# kept in the output, so a failure can be replayed with it).
# CRASH_SOAK_LONG=1 is the long form: 200 run kills and 40 lab kills unless
# the counts are given.
set -euo pipefail
bin=${1:?usage: crash_soak.sh path/to/inchzero}
source "$(dirname "$0")/lib/common.bash"
source "$(dirname "$0")/lib/crash.bash"
seed=${CRASH_SOAK_SEED:-$(od -An -N2 -tu2 /dev/urandom | tr -d ' ')}
if [ "${CRASH_SOAK_LONG:-0}" = 1 ]; then long_kills=200 long_lab=40; else long_kills=20 long_lab=6; fi
wanted=${CRASH_SOAK_KILLS:-$long_kills}
lab_wanted=${CRASH_SOAK_LAB_KILLS:-$long_lab}
echo "crash_soak: CRASH_SOAK_SEED=$seed, $wanted run kills, $lab_wanted lab kills"
RANDOM=$seed
fail() { echo "FAIL (CRASH_SOAK_SEED=$seed): $*" >&2; exit 1; }
start_time=$SECONDS
python=/usr/bin/python3
$python -c 'import numpy, zstandard' 2>/dev/null ||
  fail "needs Debian's python3 with numpy and zstandard: apt-get install python3-numpy python3-zstandard"
scripts="$crash_lib/../../../scripts"
declare -A pids=()
stop_all() {
  for name in "${!pids[@]}"; do kill -9 "${pids[$name]}" 2>/dev/null || true; done
}
trap 'stop_all; rm -rf "$tmp"' EXIT

# The tiny run for 3 iterations, training capped at 40 steps an iteration:
# the workers deliver many more games than the trainer's own 8.
printf '%s\n' "inherits: $(realpath "$crash_lib/tiny_run.yaml")" \
  "replay: {max_steps_per_iteration: 40}" "budget: {iterations: 3}" >"$tmp/soak.yaml"
workers=(w1 w2)
round=4  # a worker's round: max(games_per_shard 4, workers 1 x games_per_worker 4)

# delay := a random number of tenths of a second in [lo, hi] (seeded). It sets
# a variable rather than printing: bash reseeds RANDOM in a $(...) subshell,
# which would make the moments ignore the seed.
tenths() {
  local t=$(($1 + RANDOM % ($2 - $1 + 1)))
  delay="$((t / 10)).$((t % 10))"
}

# Each session of a process logs to its own file, $tmp/<run>/<name>.<session>.log;
# the trainer's stdout also goes to $tmp/<run>/trainer.out (all sessions).
declare -A sessions=()
start() {
  local name=$1 log
  sessions[$name]=$((${sessions[$name]:-0} + 1))
  log="$logs/$name.${sessions[$name]}.log"
  if [ "$name" = trainer ]; then
    local config=()
    [ -f "$dir/config.yaml" ] || config=(--config "$tmp/soak.yaml")
    "$bin" run "${config[@]}" --out "$dir" --quiet >>"$logs/trainer.out" 2>"$log" &
  else
    "$bin" selfplay --run "$dir" --worker-id "$name" >"$log" 2>&1 &
  fi
  pids[$name]=$!
}
alive() { kill -0 "${pids[$1]}" 2>/dev/null; }
trainer_done() { grep -q "budget spent" "$logs/trainer.out" 2>/dev/null; }

# The games worker NAME's newest session had finished but not published: its
# progress lines ("N/4 ... games") after its last "published" line.
in_flight() {
  awk '/^published /{n=0; next}
       {for (i = 1; i < NF; i++) if ($i ~ /^[0-9]+\/[0-9]+$/ && $(i + 1) ~ /%$/) {split($i, a, "/"); n = a[1]}}
       END{print n + 0}' "$logs/$1.${sessions[$1]}.log"
}

landed=0
runs=0
lost=0
victims=""
while [ "$landed" -lt "$wanted" ]; do
  runs=$((runs + 1))
  dir="$tmp/run-$runs"
  logs="$tmp/logs-$runs"
  mkdir -p "$logs"
  sessions=()
  run_first=$landed
  : >"$logs/seen"
  start trainer
  for _ in $(seq 1 300); do [ -f "$dir/config.yaml" ] && break; sleep 0.1; done
  [ -f "$dir/config.yaml" ] || fail "the trainer did not create the run: $(cat "$logs"/trainer.*.log)"
  for w in "${workers[@]}"; do start "$w"; done

  # Chaos: a kill -9 every 0.5-3 s, the trainer one time in three, else a
  # worker; each victim restarted at once.
  while [ "$landed" -lt "$wanted" ] && ! trainer_done; do
    tenths 5 30
    sleep "$delay"
    case $((RANDOM % 3)) in
      0) victim=trainer ;;
      *) victim=${workers[$((RANDOM % ${#workers[@]}))]} ;;
    esac
    for w in "${workers[@]}"; do
      alive "$w" || fail "worker $w exited on its own: $(tail -3 "$logs/$w.${sessions[$w]}.log")"
    done
    if ! alive trainer; then
      trainer_done && break
      fail "the trainer exited on its own: $(tail -5 "$logs/trainer.${sessions[trainer]}.log")"
    fi
    # Every shard there now is published (a shard gets its name by rename).
    (cd "$dir/shards" 2>/dev/null && ls -- *.shard 2>/dev/null) >>"$logs/seen" || true
    kill -9 "${pids[$victim]}" 2>/dev/null || continue
    { wait "${pids[$victim]}" || true; } 2>/dev/null
    trainer_done && [ "$victim" = trainer ] && break  # it ended before the kill
    landed=$((landed + 1))
    victims+=" $victim"
    if [ "$victim" != trainer ]; then
      n=$(in_flight "$victim")
      [ "$n" -le "$round" ] || fail "$victim had $n unpublished games, more than a round ($round)"
      lost=$((lost + n))
    fi
    start "$victim"
  done

  # The run finishes (killing is over), then the workers stop (SIGTERM).
  for _ in $(seq 1 1500); do
    trainer_done && break
    alive trainer || fail "the trainer exited on its own: $(tail -5 "$logs/trainer.${sessions[trainer]}.log")"
    sleep 0.2
  done
  trainer_done || fail "run $runs did not finish in 5 minutes after the kills"
  wait "${pids[trainer]}" || fail "the trainer's last session exited non-zero"
  for w in "${workers[@]}"; do kill -TERM "${pids[$w]}" 2>/dev/null || true; done
  for w in "${workers[@]}"; do  # (143: the signal came before its handler was set)
    rc=0
    wait "${pids[$w]}" || rc=$?
    [ "$rc" = 0 ] || [ "$rc" = 143 ] ||
      fail "worker $w: exit $rc on SIGTERM: $(tail -5 "$logs/$w.${sessions[$w]}.log")"
  done
  pids=()

  # One more start loads every shard and removes the killed workers' temporaries.
  "$bin" run --out "$dir" --quiet >>"$logs/trainer.out" 2>"$tmp/final.err" ||
    fail "final start of run $runs: $(cat "$tmp/final.err")"
  no_leftovers "$dir" "run $runs"
  counts=$(sed -n 's/.* at iteration [0-9]*, \([0-9]*\) games .*/\1/p' "$logs/trainer.out")
  $python -c 'import sys; c = [int(x) for x in sys.argv[1].split()]
assert c == sorted(c), f"the game count a start reports went down: {c}"' "$counts" ||
    fail "run $runs (above)"
  loaded=$(echo "$counts" | tail -1)
  while read -r name; do
    [ -f "$dir/shards/$name" ] || fail "run $runs: shard $name, there before a kill, is gone"
  done < <(sort -u "$logs/seen")
  "$bin" shards verify "$dir/shards" >"$tmp/verify" || fail "run $runs: shards verify: $(cat "$tmp/verify")"
  worker_logs=()
  for w in "${workers[@]}"; do
    cat "$logs/$w".[0-9]*.log >"$logs/$w.all"
    worker_logs+=("$w=$logs/$w.all")
  done
  $python "$crash_lib/worker_shards.py" "$scripts" "$dir" "$loaded" "$landed" "${worker_logs[@]}" \
    >"$tmp/shards.txt" || fail "run $runs: worker shards (above)"
  $python "$crash_lib/run_account.py" "$dir" consistent 3 32 40 >"$tmp/account" ||
    fail "run $runs: accounting broken"
  $python - "$tmp/account" <<'PY' || fail "run $runs: an iteration lacks games (above)"
import json, sys
rows = json.load(open(sys.argv[1]))["rows"]
for i, row in enumerate(rows, 1):
    assert row["games"] == 8, f"iteration {i}: {row['games']} of the trainer's 8 games"
    assert row["eval_games"] == {"greedy": 2, "previous": 2, "random": 2}, row
PY
  # Every network loads (export reads it whole, with its CRCs), and every
  # kept checkpoint (train starts from it: alone in a copy of the run).
  nets=0
  for net in "$dir"/networks/net-*.pt; do
    "$bin" export --model "$net" --out "$tmp/export.json" >/dev/null 2>"$tmp/export.err" ||
      fail "run $runs: $(basename "$net") does not load: $(cat "$tmp/export.err")"
    nets=$((nets + 1))
  done
  ckpts=0
  for ckpt in "$dir"/checkpoints/ckpt-*.pt; do
    rm -rf "$tmp/one" "$tmp/one-train"
    mkdir -p "$tmp/one/checkpoints"
    cp "$dir/config.yaml" "$dir/shard_index.jsonl" "$tmp/one/"
    ln -s "$dir/shards" "$tmp/one/shards"
    cp "$ckpt" "$tmp/one/checkpoints/"
    "$bin" train --run "$tmp/one" --out "$tmp/one-train" --steps 1 --quiet >/dev/null \
      2>"$tmp/train.err" || fail "run $runs: $(basename "$ckpt") does not load: $(cat "$tmp/train.err")"
    ckpts=$((ckpts + 1))
  done
  if [ "$nets" -lt 3 ] || [ "$ckpts" -lt 1 ]; then
    fail "run $runs: $nets networks, $ckpts checkpoints"
  fi
  echo "run $runs: $((landed - run_first)) kills; $(cat "$tmp/shards.txt"); start counts $(echo "$counts" | paste -sd,);" \
    "$nets networks and $ckpts checkpoints load"
done
run_time=$((SECONDS - start_time))

# The lab: an uninterrupted reference, then labs killed at random moments
# (0.2 s to the reference's duration, widened when a session finishes no
# cell) and rerun until they finish.
# (64 simulations, not 4: cells of 0.1-0.8 s, so that kills land inside them)
sed 's/^simulations: .*/simulations: 64/' "$crash_lib/tiny_lab.yaml" >"$tmp/lab.yaml"
# The reference's duration in tenths of a second, measured to the
# millisecond: bash's SECONDS counts whole seconds, so a lab of 0.9 s could
# read as 0 and leave every kill too early for the first cell to finish.
lab_start=$(date +%s%3N)
"$bin" lab --config "$tmp/lab.yaml" --out "$tmp/lab-ref" --quiet >/dev/null 2>"$tmp/lab.err" ||
  fail "reference lab: $(cat "$tmp/lab.err")"
lab_time=$((($(date +%s%3N) - lab_start) / 100 + 5))
# Each cell file less its timings, one JSON line per cell.
cells() {
  $python - "$1" <<'PY'
import json, os, sys
def strip(v):
    if isinstance(v, dict):
        return {k: strip(x) for k, x in v.items() if "second" not in k and not k.endswith("_per_s")}
    if isinstance(v, list):
        return [strip(x) for x in v]
    return v
results = sys.argv[1] + "/results"
for name in sorted(os.listdir(results)) if os.path.isdir(results) else []:
    if name.endswith(".json"):
        print(name, json.dumps(strip(json.load(open(f"{results}/{name}"))), sort_keys=True))
PY
}
cells "$tmp/lab-ref" >"$tmp/ref.cells"
[ "$(wc -l <"$tmp/ref.cells")" = 4 ] || fail "the reference lab has $(wc -l <"$tmp/ref.cells") cells, want 4"
lab_landed=0
cell_count() {  # the finished cells in lab folder $1 (none before it has a results/)
  if [ -d "$1/results" ]; then find "$1/results" -maxdepth 1 -name '*.json' | wc -l; else echo 0; fi
}
for ((labs = 1; lab_landed < lab_wanted; labs++)); do
  dir="$tmp/lab-$labs"
  # The latest kill moment, in tenths: the reference's duration, widened by
  # half after every session that finished no cell. A loaded machine (the
  # other tests of ctest -j) can make start-up and a cell take longer than
  # the reference did, and kills that all land before the first cell ends
  # would never let the lab finish; widening keeps most kills inside cells
  # and makes every lab finish.
  latest=$lab_time
  for _ in $(seq 1 100); do
    tenths 2 "$latest"
    cells_before=$(cell_count "$dir")
    if kill_after "$delay" "$bin" lab --config "$tmp/lab.yaml" --out "$dir" --quiet; then
      lab_landed=$((lab_landed + 1))
      [ "$(cell_count "$dir")" -gt "$cells_before" ] || latest=$((latest * 3 / 2 + 1))
      # Each cell is absent or complete: every file there is a reference cell.
      cells "$dir" >"$tmp/got.cells" || fail "lab $labs: a cell file does not read (above)"
      while read -r line; do
        grep -qxF "$line" "$tmp/ref.cells" || fail "lab $labs: a partial or wrong cell: ${line:0:200}"
      done <"$tmp/got.cells"
    else
      [ "$command_status" = 0 ] || fail "lab $labs: exit $command_status: $(cat "$tmp/killed.err")"
      break
    fi
  done
  [ -f "$dir/report.csv" ] || fail "lab $labs did not finish in 100 sessions"
  diff <(lab_report "$tmp/lab-ref") <(lab_report "$dir") >"$tmp/diff" ||
    fail "lab $labs: report differs from the uninterrupted lab's: $(cat "$tmp/diff")"
  cells "$dir" | diff "$tmp/ref.cells" - >"$tmp/diff" || fail "lab $labs: cells differ: $(cat "$tmp/diff")"
  no_leftovers "$dir" "lab $labs"
done
echo "ok: CRASH_SOAK_SEED=$seed; $landed kill -9s in $runs runs (victims:$victims)," \
  "$lost worker games in flight lost; $lab_landed lab kill -9s in $((labs - 1)) labs;" \
  "runs ${run_time}s, labs $((SECONDS - start_time - run_time))s"
