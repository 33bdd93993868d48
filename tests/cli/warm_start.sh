#!/usr/bin/env bash
# `warm_start` in a run config (a curriculum): a run starts from another
# run's network of the same game and shape trained under other rule options;
# its first network says the new rules and plays as the old one; a network of
# another shape, another game or a missing file is refused with a one-line
# message naming warm_start and the file, leaving no run folder; `run --check`
# refuses them too.
set -euo pipefail
bin=${1:?usage: warm_start.sh path/to/inchzero}
source "$(dirname "$0")/lib/common.bash"

# The crash tests' tiny run (lib/tiny_run.yaml), one iteration.
sed -e 's/^seed: 4242/seed: 5/' -e 's/iterations: 2/iterations: 1/' \
  "$(dirname "$0")/lib/tiny_run.yaml" >"$tmp/low.yaml"
"$bin" run --config "$tmp/low.yaml" --out "$tmp/low" --quiet >/dev/null 2>"$tmp/err" ||
  fail "the first run: $(cat "$tmp/err")"
source_net="$tmp/low/networks/net-000001.pt"
[ -f "$source_net" ] || fail "no $source_net"

# The same shape under another target score: accepted. The run folder stands
# for its newest network, recorded as that file.
sed -e "s|^seed: 5|seed: 6\nwarm_start: $tmp/low\ngame: {set: [width=5, height=5, stock=8, target_score=9]}|" \
  "$tmp/low.yaml" >"$tmp/high.yaml"
"$bin" run --config "$tmp/high.yaml" --out "$tmp/high" --iterations 1 --quiet >"$tmp/out" 2>"$tmp/err" ||
  fail "the warm-started run: $(cat "$tmp/err")"
grep -q "warm start: the weights of $source_net" "$tmp/out" || fail "no warm-start line: $(cat "$tmp/out")"
grep -q "^warm_start: $source_net" "$tmp/high/config.yaml" ||
  fail "config.yaml lacks the resolved warm_start: $(grep warm_start "$tmp/high/config.yaml")"
# Its first self-play games are the warm network's, not uniform play's.
"$bin" shards dump "$tmp/high/shards" >"$tmp/high.jsonl" 2>"$tmp/err" || fail "shards dump: $(cat "$tmp/err")"
python3 - "$tmp/high.jsonl" <<'PY' || fail "the warm-started run's first games were not played by net-000000"
import json, sys
players = {json.loads(line)["network"] for line in open(sys.argv[1])}
assert players == {"net-000000"}, players
PY
# Its first network plays as the source network: the same games against the
# greedy player (both deterministic: one visit, the highest prior).
for name in low high; do
  net="$source_net"
  [ "$name" = high ] && net="$tmp/high/networks/net-000000.pt"
  "$bin" match --run "$tmp/low" --p0 "net:$net:sims=1" --p1 greedy --games 4 --opening-plies 2 \
    --seed 3 --threads 1 --json "$tmp/match-$name.json" --quiet >/dev/null 2>"$tmp/err" ||
    fail "match with $net: $(cat "$tmp/err")"
done
games() { python3 -c 'import json,sys; print(json.dumps(json.load(open(sys.argv[1]))["games"]))' "$1"; }
[ "$(games "$tmp/match-low.json")" = "$(games "$tmp/match-high.json")" ] ||
  fail "the warm-started network plays otherwise than its source"

# Refusals: another shape, another game, a missing file.
sed -e "s|^seed: 5|warm_start: $source_net|" -e 's|channels: 8|channels: 16|' "$tmp/low.yaml" >"$tmp/wide.yaml"
expect_bad_input "$bin" run --config "$tmp/wide.yaml" --out "$tmp/wide" --quiet
grep -q "warm_start: .*channels" "$tmp/err" || fail "shape: $(cat "$tmp/err")"
[ "$(wc -l <"$tmp/err")" = 1 ] || fail "shape: more than one line: $(cat "$tmp/err")"
[ ! -e "$tmp/wide/networks" ] || fail "a refused warm start left networks"
sed -e "s|^seed: 5|warm_start: $tmp/none.pt|" "$tmp/low.yaml" >"$tmp/none.yaml"
expect_bad_input "$bin" run --config "$tmp/none.yaml" --out "$tmp/none" --quiet
grep -q "none.pt" "$tmp/err" || fail "missing file: $(cat "$tmp/err")"
# --check refuses what the run refuses: a missing file and another shape.
expect_bad_input "$bin" run --config "$tmp/none.yaml" --out "$tmp/none" --check
grep -q "warm_start: .*none.pt" "$tmp/err" || fail "--check, missing file: $(cat "$tmp/err")"
expect_bad_input "$bin" run --config "$tmp/wide.yaml" --out "$tmp/wide" --check
grep -q "warm_start: .*channels" "$tmp/err" || fail "--check, shape: $(cat "$tmp/err")"
echo ok
