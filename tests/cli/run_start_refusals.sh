#!/usr/bin/env bash
# Small points of issue 23 about starting a run: a refused config leaves no
# run folder and no run.lock; a directory given as a config and an empty
# config file each get their own one-line message (an empty file is not the
# default config: that is `inherits:`); the temporaries of a dead extra
# worker of this host are removed on start, those of live workers and of
# other hosts are kept.
set -euo pipefail
bin=${1:?usage: run_start_refusals.sh path/to/inchzero}
source "$(dirname "$0")/lib/common.bash"

# 1. A directory as the config.
expect_bad_input "$bin" run --config "$tmp" --out "$tmp/r1" --quiet
grep -q "is a directory" "$tmp/err" || fail "directory: $(cat "$tmp/err")"
[ ! -e "$tmp/r1" ] || fail "a refused start left $tmp/r1"

# 2. An empty config file (also whitespace and comments only).
: >"$tmp/empty.yaml"
expect_bad_input "$bin" run --config "$tmp/empty.yaml" --out "$tmp/r2" --quiet
grep -q "empty.yaml: empty config" "$tmp/err" || fail "empty: $(cat "$tmp/err")"
[ "$(wc -l <"$tmp/err")" = 1 ] || fail "empty: more than one line: $(cat "$tmp/err")"
[ ! -e "$tmp/r2" ] || fail "a refused start left $tmp/r2"
printf '# nothing\n\n' >"$tmp/comments.yaml"
expect_bad_input "$bin" run --config "$tmp/comments.yaml" --check
grep -q "empty config" "$tmp/err" || fail "comments only: $(cat "$tmp/err")"
printf 'inherits: inchworm-small\n' >"$tmp/inherits.yaml"
"$bin" run --config "$tmp/inherits.yaml" --check >"$tmp/out" 2>"$tmp/err" ||
  fail "inherits-only config refused: $(cat "$tmp/err")"

# 3. A refused config in an existing empty folder: the folder stays, empty.
mkdir "$tmp/r3"
printf 'inherits: inchworm-small\nbogus: 1\n' >"$tmp/bad.yaml"
expect_bad_input "$bin" run --config "$tmp/bad.yaml" --out "$tmp/r3" --quiet
grep -q "unknown section 'bogus'" "$tmp/err" || fail "bad section: $(cat "$tmp/err")"
[ -z "$(ls -A "$tmp/r3")" ] || fail "a refused start left files in $tmp/r3: $(ls -A "$tmp/r3")"
printf 'inherits: inchworm-small\ngame: {set: [width=99]}\n' >"$tmp/badgame.yaml"
expect_bad_input "$bin" run --config "$tmp/badgame.yaml" --out "$tmp/r4" --quiet
[ ! -e "$tmp/r4" ] || fail "a refused game left $tmp/r4"

# 4. Temporaries of extra workers: a dead local one's go, the others stay.
cat >"$tmp/tiny.yaml" <<'YAML'
inherits: inchworm-small
network: {blocks: 1, channels: 8, value_hidden: 8}
selfplay: {workers: 1, games_per_worker: 4, full_visits: 4, cheap_visits: 2}
iteration: {games: 4, games_per_shard: 4, min_window_samples: 50}
evaluation: {games_vs_previous: 0, games_vs_baselines: 0}
budget: {minutes: 0, iterations: 1}
YAML
"$bin" run --config "$tmp/tiny.yaml" --out "$tmp/run" --quiet >/dev/null 2>"$tmp/err" ||
  fail "tiny run: $(cat "$tmp/err")"
host=$(python3 -c "import socket; print(socket.gethostname()[:63])")
sleep 0 &
dead=$!
wait "$dead"
shards="$tmp/run/shards"
touch "$shards/ext-$host-$dead-000000.shard.tmp" "$shards/ext-$host-$$-000000.shard.tmp" \
  "$shards/ext-elsewhere-$dead-000000.shard.tmp"
"$bin" run --out "$tmp/run" --quiet >/dev/null 2>"$tmp/err" || fail "resume: $(cat "$tmp/err")"
[ ! -e "$shards/ext-$host-$dead-000000.shard.tmp" ] || fail "a dead worker's temporary stayed"
[ -e "$shards/ext-$host-$$-000000.shard.tmp" ] || fail "a live worker's temporary was removed"
[ -e "$shards/ext-elsewhere-$dead-000000.shard.tmp" ] || fail "another host's temporary was removed"

# 5. A cosine learning rate over the budget: refused without a budget; with
# one, it falls from iteration to iteration.
printf '%s\n' "inherits: inchworm-small" "trainer: {lr_schedule: cosine, lr_horizon: budget}" \
  "budget: {minutes: 0, iterations: 0}" >"$tmp/nobudget.yaml"
expect_bad_input "$bin" run --config "$tmp/nobudget.yaml" --out "$tmp/r5" --quiet
grep -q "'lr_horizon' budget needs a budget" "$tmp/err" || fail "no budget: $(cat "$tmp/err")"
[ ! -e "$tmp/r5" ] || fail "a refused start left $tmp/r5"
sed 's/^budget:.*/budget: {minutes: 0, iterations: 3}/' "$tmp/tiny.yaml" >"$tmp/cosine.yaml"
echo "trainer: {lr_schedule: cosine, lr_horizon: budget, warmup_steps: 1, min_lr_fraction: 0.1}" \
  >>"$tmp/cosine.yaml"
"$bin" run --config "$tmp/cosine.yaml" --out "$tmp/cosine" --quiet >/dev/null 2>"$tmp/err" ||
  fail "cosine run: $(cat "$tmp/err")"
/usr/bin/python3 - "$tmp/cosine/metrics.jsonl" <<'PY' || fail "learning rates over the budget"
import json, sys
records = [json.loads(line) for line in open(sys.argv[1])]
rates = [r["train"]["learning_rate"] for r in records if "train" in r]  # not iteration 0
print("learning rates:", rates)
assert len(rates) == 3 and rates[0] > rates[1] > rates[2] > 0, rates
# progress 0, 1/3, 2/3 of the cosine from the peak to 10 % of it
import math
expected = [r / rates[0] for r in rates]
for k, ratio in enumerate(expected):
    want = 0.1 + 0.9 * 0.5 * (1 + math.cos(math.pi * k / 3))
    assert abs(ratio - want) < 1e-6, (k, ratio, want)
PY
echo "ok"
