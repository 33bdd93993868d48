#!/usr/bin/env bash
# `inchzero show --format json` fields (issue 2) and --position round trip.
set -u
bin=${1:?usage: show_contract.sh path/to/inchzero}
fail() { echo "FAIL: $*" >&2; exit 1; }
command -v python3 >/dev/null || fail "python3 is missing (scripts/setup.sh installs it with python3-numpy)"

json=$("$bin" show --game inchworm --moves "d3 e5 c3 e5" --format json) || fail "show exited $?"
python3 - "$json" <<'PY' || fail "json fields"
import json, sys
j = json.loads(sys.argv[1])
assert j["to_move"] == 0, j["to_move"]
assert j["scores"] == [0, 0]
assert j["stocks"] == [23, 23], j["stocks"]
assert j["prisoners"] == [0, 0]
assert j["cells"] == {"c3": [0, 1], "d3": [0, 1], "e5": [1, 2]}, j["cells"]
assert j["terminal"] is False and j["winner"] is None and j["end_reason"] is None
assert j["ply"] == 4
assert isinstance(j["position"], str)
PY

# A finished game: the target reached by a capture on a 3x3 board.
json=$("$bin" show --game inchworm --set width=3 --set height=3 --set target_score=1 \
  --moves "a1 b1 c1 c3 b2 X b1" --format json) || fail "show exited $?"
python3 - "$json" <<'PY' || fail "finished game json"
import json, sys
j = json.loads(sys.argv[1])
assert j["terminal"] is True and j["end_reason"] == "target", j
assert j["winner"] == 0 and j["scores"] == [1, 0], j
PY

# --position accepts what show prints; bad text exits 2 naming the problem.
pos=$(printf '%s' "$json" | python3 -c 'import json,sys; print(json.load(sys.stdin)["position"])')
again=$("$bin" show --game inchworm --set width=3 --set height=3 --set target_score=1 \
  --position "$pos" --format json | python3 -c 'import json,sys; print(json.load(sys.stdin)["position"])')
[ "$pos" = "$again" ] || fail "position round trip: '$pos' vs '$again'"
err=$("$bin" show --game inchworm --position "8/8/8 r 25,25 0,0 0,0" 2>&1 >/dev/null)
[ $? -eq 2 ] || true
echo "$err" | grep -q "ranks" || fail "bad position message: $err"
"$bin" show --game inchworm --position "8/8/8 r 25,25 0,0 0,0" >/dev/null 2>&1
[ $? -eq 2 ] || fail "bad position did not exit 2"
"$bin" show --game inchworm | grep -q "Red" || fail "text view"

# --legal lists the moves; where a tall stack's distribution paths are too
# many to list it says so and exits non-zero, in bounded memory (the exact
# list of this position does not fit in 4 GB).
"$bin" show --game inchworm --moves "d3 e5" --legal | grep -q "legal moves (" || fail "--legal"
tall="8/8/8/3,R20,4/8/8/8/B1,7 r 5,24 0,0 0,0 40 0 0"
# Under AddressSanitizer (scripts/sanitize.sh sets ASAN_OPTIONS) a virtual
# memory limit cannot be set: ASan reserves terabytes of shadow address
# space. Its own resident-memory limit bounds the program there instead.
if [ -n "${ASAN_OPTIONS:-}" ]; then
  err=$(ASAN_OPTIONS="$ASAN_OPTIONS:hard_rss_limit_mb=4000" \
        "$bin" show --game inchworm --position "$tall" --legal 2>&1 >/dev/null)
else
  err=$( (ulimit -v 4000000; "$bin" show --game inchworm --position "$tall" --legal) 2>&1 >/dev/null)
fi
code=$?
[ $code -ne 0 ] || fail "listing a tall stack's moves did not fail"
echo "$err" | grep -q "more than 1000000 legal moves" || fail "tall stack --legal message: $err"
echo "show contract: ok"
