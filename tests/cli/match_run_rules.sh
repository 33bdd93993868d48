#!/usr/bin/env bash
# `match --run RUN` takes the run's game, rules and search; --set changes rule
# options on top of the run's rules (a network trained under cap_result=score
# measured under the real rules), and --game or --rules with --run is
# refused as bad input rather than ignored.
set -euo pipefail
bin=${1:?usage: match_run_rules.sh path/to/inchzero}
here=$(cd "$(dirname "$0")/../.." && pwd)
source "$here/tests/cli/lib/common.bash"

tiny_network inchworm "$tmp/run"
"$bin" match --run "$tmp/run" --set max_plies=37 --p0 "net:$tmp/run:sims=2" --p1 random \
  --games 2 --quiet --json "$tmp/m.json" >/dev/null || fail "match --run --set exited $?"
python3 - "$tmp/m.json" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
values = dict(l.split(": ", 1) for l in m["rule_values"].splitlines() if ": " in l)
assert values["max_plies"] == "37", values["max_plies"]     # --set
assert values["target_score"] == "10", values["target_score"]  # the run's own rules
assert "max_plies=37" in m["rules"], m["rules"]
assert max(1, m["mean_plies"]) <= 37, m["mean_plies"]
PY
expect_bad_input "$bin" match --run "$tmp/run" --rules menke --p0 random --p1 random --games 2
grep -q -- "--run takes the game and rules from the run" "$tmp/err" || fail "--rules: $(cat "$tmp/err")"
expect_bad_input "$bin" match --run "$tmp/run" --game invector --p0 random --p1 random --games 2
grep -q -- "give --set to change rule options" "$tmp/err" || fail "--game: $(cat "$tmp/err")"
echo "match --run with --set OK"
