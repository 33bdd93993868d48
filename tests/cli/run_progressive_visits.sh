#!/usr/bin/env bash
# selfplay.full_visits_initial (progressive visits): over a 3-iteration
# budget the full searches grow 4 -> 8 -> 12 of full_visits 16 (the progress
# before each iteration: 0, 1/3, 2/3), cheap ones in proportion 1 -> 2 -> 3;
# the phase statistics record them and the searches spend them; without the
# key nothing changes; initial visits above full_visits, and progressive
# visits without a budget, are refused.
set -euo pipefail
bin=${1:?usage: run_progressive_visits.sh path/to/inchzero}
source "$(dirname "$0")/lib/common.bash"
config() {  # FULL_VISITS_INITIAL
  cat <<YAML
inherits: inchworm-small
seed: 9
network: {blocks: 1, channels: 8, value_hidden: 8}
selfplay: {workers: 2, games_per_worker: 2, full_visits: 16, cheap_visits: 4, full_visits_initial: $1}
trainer: {batch_size: 32}
replay: {min_samples: 200, max_steps_per_iteration: 5}
iteration: {games: 4, games_per_shard: 4, min_window_samples: 1}
evaluation: {games_vs_previous: 0, games_vs_baselines: 0}
budget: {minutes: 0, iterations: 3}
YAML
}
config 4 >"$tmp/p.yaml"
"$bin" run --config "$tmp/p.yaml" --out "$tmp/run" --quiet >"$tmp/run.out" 2>&1 ||
  fail "the run: $(tail -5 "$tmp/run.out")"
/usr/bin/python3 - "$tmp/run" <<'PY' || fail "the run's visits"
import json, sys
run = sys.argv[1]
per_search = []
for it, full, cheap in ((1, 4, 1), (2, 8, 2), (3, 12, 3)):
    s = json.load(open(f"{run}/selfplay/iter-{it:06d}.json"))
    assert s["visits"] == {"full": full, "cheap": cheap}, (it, s.get("visits"))
    per_search.append(s["simulations"] / (s["decisions"] - s["forced_decisions"]))
# The searches spent them: more simulations per searched decision each time.
assert per_search[0] < per_search[1] < per_search[2], per_search
PY

config 0 >"$tmp/off.yaml"
"$bin" run --config "$tmp/off.yaml" --out "$tmp/off" --iterations 1 --quiet >/dev/null 2>&1 ||
  fail "the run without progressive visits"
/usr/bin/python3 - "$tmp/off" <<'PY' || fail "a run without the key records visits"
import json, sys
s = json.load(open(f"{sys.argv[1]}/selfplay/iter-000001.json"))
assert "visits" not in s, s["visits"]
PY

config 17 >"$tmp/bad.yaml"
expect_bad_input "$bin" run --config "$tmp/bad.yaml" --check
grep -qF "config key 'selfplay.full_visits_initial': 17 is more than selfplay.full_visits (16)" \
  "$tmp/err" || fail "the refusal: $(cat "$tmp/err")"
# (a constant learning rate, so that the visits are the one thing needing it)
sed -e 's/^budget:.*/budget: {minutes: 0, iterations: 0}/' \
  -e 's/^trainer:.*/trainer: {batch_size: 32, lr_schedule: constant}/' "$tmp/p.yaml" >"$tmp/nobudget.yaml"
expect_bad_input "$bin" run --config "$tmp/nobudget.yaml" --out "$tmp/r" --quiet
grep -qF "'full_visits_initial' (progressive visits) needs a budget" "$tmp/err" ||
  fail "no budget: $(cat "$tmp/err")"
[ ! -e "$tmp/r" ] || fail "a refused start left $tmp/r"
echo "ok: progressive visits grow over the budget, recorded and spent; off by default; refused above full_visits"
