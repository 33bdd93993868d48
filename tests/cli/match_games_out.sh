#!/usr/bin/env bash
# `inchzero match --games-out FILE` (selfplay/eval/match_log.h): one JSON line
# per game; each game, replayed by `show` from its opening through its moves,
# ends as the line says (end reason, scores), and the --json file's
# p0_mean_points_margin is the mean of the lines' margins. A path that
# cannot be written fails the command with a message naming it.
set -euo pipefail
bin=${1:?usage: match_games_out.sh path/to/inchzero}
here=$(cd "$(dirname "$0")/../.." && pwd)
source "$here/tests/cli/lib/common.bash"

"$bin" match --game inchworm --set target_score=5 --p0 greedy --p1 random --games 6 \
  --opening-plies 2 --seed 3 --threads 2 --quiet --json "$tmp/m.json" \
  --games-out "$tmp/games.jsonl" >"$tmp/out" || fail "match exited $?"
[ "$(wc -l <"$tmp/games.jsonl")" = 6 ] || fail "want 6 lines: $(wc -l <"$tmp/games.jsonl")"
grep -q "p0's mean final points margin" "$tmp/out" || fail "no points margin in: $(cat "$tmp/out")"

python3 - "$bin" "$tmp/games.jsonl" "$tmp/m.json" <<'PY'
import json, subprocess, sys
bin_, games_path, match_path = sys.argv[1:]
lines = [json.loads(l) for l in open(games_path)]
margins = []
for i, g in enumerate(lines):
    assert g["index"] == i and g["p0_colour"] == i % 2, g
    assert g["players"][i % 2] == "greedy", g["players"]
    shown = json.loads(subprocess.run(
        [bin_, "show", "--game", "inchworm", "--set", "target_score=5", "--position",
         g["opening"], "--moves", " ".join(g["moves"]), "--format", "json"],
        check=True, capture_output=True, text=True).stdout)
    assert shown["end_reason"] == g["end_reason"], (i, shown["end_reason"], g["end_reason"])
    assert shown["scores"] == g["final_points"], (i, shown["scores"], g["final_points"])
    assert shown["ply"] == g["plies"], (i, shown["ply"], g["plies"])
    c = g["p0_colour"]
    margins.append(g["final_points"][c] - g["final_points"][1 - c])
want = sum(margins) / len(margins)
got = json.load(open(match_path))["p0_mean_points_margin"]
assert abs(got - want) < 1e-9, (got, want)
print(f"{len(lines)} games replay to their lines; mean margin {got:+.2f}")
PY

# A folder that cannot be made (a plain file stands where it would be): the
# match refuses before it plays, naming the path.
echo file >"$tmp/plain"
rc=0
"$bin" match --game inchworm --set target_score=5 --p0 greedy --p1 random --games 2 --quiet \
  --games-out "$tmp/plain/games.jsonl" >/dev/null 2>"$tmp/err" || rc=$?
[ "$rc" != 0 ] || fail "an unwritable --games-out exited 0"
grep -q "plain" "$tmp/err" || fail "the message does not name the path: $(cat "$tmp/err")"
[ "$(cat "$tmp/plain")" = file ] || fail "an unwritable --games-out changed the file in its way"
echo "match --games-out OK"
