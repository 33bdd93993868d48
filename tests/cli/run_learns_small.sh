#!/usr/bin/env bash
# End-to-end learning: `inchzero run` on the small Inchworm board (5x5,
# 8 pieces each, target 10; configs/inchworm-small.yaml) with its fixed seed
# for a fixed number of iterations (a few minutes), then the newest network
# must clearly beat the random player: a 95 % Wilson lower bound above 0.75
# over 80 games with colours alternated (a score of at least 0.85).
# Why 8 iterations and 80 games: self-play batches differ with the load of
# the machine, so the trained network differs from run to run. After 6
# iterations, under a busy machine, one network scored 0.850 over 40 games
# (lower bound 0.709, failed; a rerun passed): 40 games needed a score of
# 0.9, too close to what 6 iterations reach.
set -u
bin=${1:?usage: run_learns_small.sh path/to/inchzero}
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
iterations=${INCHZERO_LEARN_ITERATIONS:-8}

"$bin" run --config inchworm-small --out "$tmp/run" --iterations "$iterations" --minutes 0 \
  --quiet || fail "run exited $?"
net="$tmp/run/networks/$(printf 'net-%06d.pt' "$iterations")"
[ -f "$net" ] || fail "no network $net"
"$bin" match --p0 "net:$net:sims=16" --p1 random --games 80 --seed 7 \
  --set width=5 --set height=5 --set stock=8 --set target_score=10 --quiet \
  --json "$tmp/match.json" || fail "match exited $?"
python3 - "$tmp/match.json" <<'PY' || fail "the trained network does not clearly beat random"
import json, sys
m = json.load(open(sys.argv[1]))
print(f"trained net vs random: {m['wins']}-{m['draws']}-{m['losses']}, score {m['score']:.3f}, "
      f"95% [{m['score_95'][0]:.3f}, {m['score_95'][1]:.3f}]")
assert m["score_95"][0] > 0.75
PY
