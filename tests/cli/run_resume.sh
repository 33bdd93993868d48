#!/usr/bin/env bash
# `inchzero run` survives kill -9: run one iteration, start again for more,
# kill -9 the process in the middle of iteration 2's self-play (frozen there
# by INCHZERO_FAULT=stop:..., so the kill cannot come too late), run the same
# command again. It must resume (not restart), finish iteration 2, and leave
# no corrupt shard, an intact metrics file and loadable checkpoints/networks.
set -u
bin=${1:?usage: run_resume.sh path/to/inchzero}
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
pid=""
trap '[ -n "$pid" ] && kill -9 "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT
run="$tmp/run"
# The crash tests' tiny run (seconds an iteration, 2 shards each).
config="$tmp/tiny.yaml"
cp "$(dirname "$0")/lib/tiny_run.yaml" "$config"

# 1. One full iteration, with a seed given on the command line: the run's
# config records it (and --check shows it first, writing nothing).
"$bin" run --check --config "$config" --out "$run" --seed 1234 >"$tmp/check" ||
  fail "run --check --seed exited $?"
grep -q "^seed: 1234$" "$tmp/check" || fail "--check does not show --seed: $(head -3 "$tmp/check")"
[ ! -e "$run" ] || fail "--check wrote $run"
"$bin" run --config "$config" --out "$run" --iterations 1 --seed 1234 --quiet >"$tmp/out1" ||
  fail "first run exited $?"
[ -f "$run/networks/net-000001.pt" ] || fail "no network after iteration 1"
grep -q "^seed: 1234$" "$run/config.yaml" || fail "config.yaml does not record --seed 1234"
# A resumed run keeps its seed: another one is refused, as bad input, and
# the run is left as it was.
"$bin" run --out "$run" --iterations 2 --seed 99 --quiet >"$tmp/reseed" 2>&1
code=$?
[ "$code" = 2 ] || fail "a resume with another --seed exited $code: $(cat "$tmp/reseed")"
grep -q "has seed 1234" "$tmp/reseed" || fail "the refusal does not name the seed: $(cat "$tmp/reseed")"
[ ! -e "$run/networks/net-000002.pt" ] || fail "the refused resume trained"

# 2. Ask for three iterations; kill -9 once iteration 2 has written a shard:
# the process stops itself (SIGSTOP) right after that shard's rename.
INCHZERO_FAULT=stop:after_shard_rename:1 "$bin" run --out "$run" --iterations 3 --quiet \
  >"$tmp/out2" 2>&1 &
pid=$!
for _ in $(seq 1 1200); do
  [ "$(ps -o state= -p "$pid" 2>/dev/null)" = T ] && break
  kill -0 "$pid" 2>/dev/null || fail "the second run ended early: $(cat "$tmp/out2")"
  sleep 0.1
done
[ "$(ps -o state= -p "$pid" 2>/dev/null)" = T ] || fail "the second run never reached its first shard"
ls "$run"/shards/it000002-*.shard >/dev/null 2>&1 || fail "iteration 2 wrote no shard"
kill -9 "$pid"
wait "$pid" 2>/dev/null
pid=""
[ ! -f "$run/networks/net-000002.pt" ] || fail "killed too late: iteration 2 had finished"

# 3. The same command (with the run's own seed) resumes at iteration 1 and
# finishes iteration 2.
"$bin" run --out "$run" --iterations 2 --seed 1234 --quiet >"$tmp/out3" || fail "resume exited $?"
grep -q "resuming run .* at iteration 1" "$tmp/out3" || fail "did not resume: $(cat "$tmp/out3")"
grep -q "^it   2 " "$tmp/out3" || fail "iteration 2 not finished: $(cat "$tmp/out3")"
[ -f "$run/networks/net-000002.pt" ] || fail "no network after iteration 2"
python3 - "$run" <<'PY' || fail "run state or metrics wrong"
import json, sys
run = sys.argv[1]
state = json.load(open(run + "/run_state.json"))
assert state["iterations"] == 2, state
records = [json.loads(l) for l in open(run + "/metrics.jsonl") if l.strip()]
assert [r["iteration"] for r in records] == [0, 1, 2], [r["iteration"] for r in records]
# Iteration 2's self-play kept the games written before the kill.
assert records[2]["selfplay"].get("resumed_games", 0) > 0, records[2]["selfplay"]
PY

# 4. Nothing is corrupt, nothing half-written is left.
"$bin" shards verify "$run/shards" >"$tmp/verify" || fail "shards verify: $(cat "$tmp/verify")"
leftovers=$(find "$run" -name '*.tmp*')
[ -z "$leftovers" ] || fail "temporary files left: $leftovers"
# The checkpoint loads (resuming reads it), the networks load (a match plays
# them). --seed 0 ("draw one") resumes too: a run that drew its seed was
# started with it.
"$bin" run --out "$run" --iterations 2 --seed 0 --quiet >"$tmp/out4" || fail "reload exited $?"
grep -q "at iteration 2" "$tmp/out4" || fail "checkpoint 2 not loaded: $(cat "$tmp/out4")"
"$bin" match --p0 "net:$run/networks/net-000002.pt:sims=2" --p1 "net:$run/networks/net-000001.pt:sims=2" \
  --games 2 --set width=5 --set height=5 --set stock=8 --set target_score=10 --quiet >"$tmp/match" ||
  fail "networks do not load: $(cat "$tmp/match")"
echo "ok"
