#!/usr/bin/env bash
# The analysis engine driven by a client that is not ours
# (tests/external/analysis_client.py, Python's standard library only) over
# its protocol: real positions, concurrent queries, terminate, bad queries,
# and a network of every game.
set -euo pipefail
bin=${1:?usage: analysis_client.sh path/to/inchzero}
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib/common.bash"
command -v python3 >/dev/null || fail "python3 is missing (scripts/setup.sh installs it)"

# Two small networks from one short training iteration each: Inchworm (the
# rules the network carries: original, target 10) and FIDE chess.
tiny_network inchworm "$tmp/inchworm"
tiny_network chess "$tmp/chess"

"$bin" analyse --help >/dev/null || fail "analyse --help"
# Refused up front: neither or both of --model/--player, a missing network.
expect_bad_input "$bin" analyse </dev/null
expect_bad_input "$bin" analyse --model "$tmp/inchworm" --player random </dev/null
expect_bad_input "$bin" analyse --model "$tmp/missing.pt" </dev/null
grep -q "missing.pt" "$tmp/err" || fail "the error does not name the file: $(cat "$tmp/err")"

others=()
for game in invector steere-inchworm longworm-chess; do
  tiny_network "$game" "$tmp/$game"
  others+=("$game=$tmp/$game")
done
python3 "$here/../external/analysis_client.py" "$bin" "$tmp/inchworm" "$tmp/chess" "${others[@]}"

# A player without a network answers with its move only.
echo '{"id":"g","moves":["d4"]}' | "$bin" analyse --player greedy >"$tmp/greedy" 2>/dev/null
python3 - "$tmp/greedy" <<'PY' || fail "greedy answer: $(cat "$tmp/greedy")"
import json, sys
a = json.loads(open(sys.argv[1]).read())
assert a["id"] == "g" and a["bestMove"] and a["moveInfos"][0]["move"] == a["bestMove"], a
PY
# The bench runs the engine and the Searcher alone on the same searches; it
# exits 1 when their visits differ.
"$bin" bench engine --model "$tmp/inchworm" --positions 3 --visits 32 --repeats 1 >"$tmp/bench" ||
  fail "bench engine: $(cat "$tmp/bench")"
grep -q "the same searches" "$tmp/bench" || fail "bench engine: $(cat "$tmp/bench")"
echo ok
