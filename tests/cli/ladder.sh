#!/usr/bin/env bash
# `inchzero ladder`: a round robin and a gauntlet write their report; a ladder
# stopped by Ctrl-C (and one whose games file was torn mid-line) resumes to
# exactly the games of an uninterrupted one; a resume with more games per
# pairing (--games, --games-in-band) extends it with the games a larger ladder
# has; fewer games, other settings on the same folder, a bad player and too
# few players are refused.
set -euo pipefail
bin=${1:?usage: ladder.sh path/to/inchzero}
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib/common.bash"
game=(--game inchworm --set width=5 --set height=5 --set target_score=4)
players=(--players random greedy uct:40)

# 1. A round robin, uninterrupted.
"$bin" ladder "${game[@]}" "${players[@]}" --games 12 --threads 2 --out "$tmp/full" --quiet \
  >"$tmp/out" 2>&1 || fail "ladder exited $?: $(cat "$tmp/out")"
for f in ladder.md ladder.csv ladder.json games.jsonl ratings.png ratings.gp; do
  [ -s "$tmp/full/$f" ] || fail "no $f"
done
[ "$(wc -l <"$tmp/full/games.jsonl")" = 36 ] || fail "36 games expected in games.jsonl"
# Each line keeps the final points; a game won by reaching the target has
# its winner at 4 or more (the side ahead at the end).
python3 - "$tmp/full/games.jsonl" <<'PY' || fail "games.jsonl final points"
import json, sys
for line in open(sys.argv[1]):
    g = json.loads(line)
    pts = g["final_points"]
    assert len(pts) == 2 and all(p >= 0 for p in pts), g
    if g["end_reason"] == "target" and g["result"] != 0:
        winner = 0 if (g["result"] > 0) == g["p0_first"] else 1
        assert pts[winner] >= 4 and pts[winner] > pts[1 - winner], g
PY
grep -q '| `random` | +0 | \[+0, +0\]' "$tmp/full/ladder.md" || fail "random is not the anchor: $(cat "$tmp/full/ladder.md")"
grep -q "^## Pairings" "$tmp/full/ladder.md" || fail "no pairings table"
python3 - "$tmp/full/ladder.csv" <<'PY' || fail "ladder.csv: $(cat "$tmp/full/ladder.csv")"
import csv, sys
rows = {r["player"]: r for r in csv.DictReader(open(sys.argv[1]))}
assert set(rows) == {"random", "greedy", "uct:40"}, rows
assert all(int(r["games"]) == 24 for r in rows.values()), rows
for r in rows.values():
    assert float(r["elo_low"]) <= float(r["elo"]) <= float(r["elo_high"]), r
# greedy beats random on a small board: its rating must be above 0.
assert float(rows["greedy"]["elo"]) > 0, rows
PY

# 2. Stopped by Ctrl-C, then resumed: the same games as the uninterrupted run.
"$bin" ladder "${game[@]}" "${players[@]}" --games 12 --threads 2 --out "$tmp/resumed" --quiet \
  >"$tmp/out" 2>&1 &
pid=$!
for _ in $(seq 200); do
  [ -s "$tmp/resumed/games.jsonl" ] && [ "$(wc -l <"$tmp/resumed/games.jsonl")" -ge 5 ] && break
  sleep 0.05
done
kill -INT "$pid" 2>/dev/null || true
wait "$pid" || true
lines=$(wc -l <"$tmp/resumed/games.jsonl")
[ "$lines" -lt 36 ] || echo "note: the ladder finished before Ctrl-C arrived"
printf '{"pairing": 0, "ind' >>"$tmp/resumed/games.jsonl"  # a torn line, as a crash leaves
"$bin" ladder "${game[@]}" "${players[@]}" --games 12 --threads 1 --out "$tmp/resumed" --quiet \
  >"$tmp/out" 2>&1 || fail "resume exited $?: $(cat "$tmp/out")"
canon() { python3 -c 'import json,sys
rows = sorted((json.loads(l) for l in open(sys.argv[1])), key=lambda r: (r["pairing"], r["index"]))
for r in rows: print(json.dumps(r, sort_keys=True))' "$1"; }
canon "$tmp/full/games.jsonl" >"$tmp/a"
canon "$tmp/resumed/games.jsonl" >"$tmp/b"
diff -q "$tmp/a" "$tmp/b" >/dev/null || fail "the resumed ladder's games differ from the uninterrupted one's"
cmp -s "$tmp/full/ladder.csv" "$tmp/resumed/ladder.csv" || fail "the resumed ratings differ"

# 3. A gauntlet plays only the hub's pairings.
"$bin" ladder "${game[@]}" --players random greedy uct:40 --gauntlet greedy --games 4 \
  --out "$tmp/gauntlet" --quiet >"$tmp/out" 2>&1 || fail "gauntlet exited $?: $(cat "$tmp/out")"
python3 - "$tmp/gauntlet/games.jsonl" <<'PY' || fail "gauntlet pairings"
import json, sys
pairs = {(r["p0"], r["p1"]) for r in map(json.loads, open(sys.argv[1]))}
assert all("greedy" in p for p in pairs) and len(pairs) == 2, pairs
PY
# One gauntlet player is kept in ladder.json as the one spec it always was,
# so that ladders from before several were allowed resume.
python3 -c 'import json,sys; assert json.load(open(sys.argv[1]))["gauntlet"] == "greedy"' \
  "$tmp/gauntlet/ladder.json" || fail "one gauntlet player's ladder.json"
# Several: each meets every player outside the gauntlet, not one another.
"$bin" ladder "${game[@]}" --players random greedy uct:40 --gauntlet greedy --gauntlet uct:40 \
  --games 2 --out "$tmp/gauntlet2" --quiet >"$tmp/out" 2>&1 || fail "gauntlet of two exited $?: $(cat "$tmp/out")"
python3 - "$tmp/gauntlet2" <<'PY' || fail "gauntlet of two: pairings or ladder.json"
import json, sys
pairs = {frozenset((r["p0"], r["p1"])) for r in map(json.loads, open(sys.argv[1] + "/games.jsonl"))}
assert pairs == {frozenset(("greedy", "random")), frozenset(("uct:40", "random"))}, pairs
assert json.load(open(sys.argv[1] + "/ladder.json"))["gauntlet"] == ["greedy", "uct:40"]
PY
grep -q "gauntlet of greedy, uct:40" "$tmp/gauntlet2/ladder.md" || fail "ladder.md does not name the gauntlet"

# 4. Refusals: fewer games than played (a resume only extends), other settings.
expect_bad_input "$bin" ladder "${game[@]}" "${players[@]}" --games 11 --out "$tmp/full"
grep -q "games_per_pairing = 12, more than --games 11" "$tmp/err" ||
  fail "fewer games are not refused by name: $(cat "$tmp/err")"
expect_bad_input "$bin" ladder "${game[@]}" "${players[@]}" --games 12 --seed 2 --out "$tmp/full"
grep -q "was played with seed = 1, not 2" "$tmp/err" || fail "the differing setting is not named: $(cat "$tmp/err")"
expect_bad_input "$bin" ladder "${game[@]}" --players random bogus:3 --out "$tmp/bad"
expect_bad_input "$bin" ladder "${game[@]}" --players random --out "$tmp/one"
expect_bad_input "$bin" ladder "${game[@]}" --players random random --out "$tmp/twice"

# 5. Extending: a ladder of 6 games per pairing raised to 12 has the games
# of the 12-game ladder (game i is the same game whatever the number).
"$bin" ladder "${game[@]}" "${players[@]}" --games 6 --threads 2 --out "$tmp/grown" --quiet \
  >"$tmp/out" 2>&1 || fail "6-game ladder exited $?: $(cat "$tmp/out")"
[ "$(wc -l <"$tmp/grown/games.jsonl")" = 18 ] || fail "18 games expected before extending"
"$bin" ladder "${game[@]}" "${players[@]}" --games 12 --threads 2 --out "$tmp/grown" --quiet \
  >"$tmp/out" 2>&1 || fail "extending exited $?: $(cat "$tmp/out")"
canon "$tmp/grown/games.jsonl" >"$tmp/c"
diff -q "$tmp/a" "$tmp/c" >/dev/null || fail "the extended ladder's games differ from the 12-game one's"
cmp -s "$tmp/full/ladder.csv" "$tmp/grown/ladder.csv" || fail "the extended ratings differ"

# 6. --games-in-band: a pairing goes on to 10 games exactly when its first 6
# scored strictly between 10 % and 90 % (both kinds occur with these players
# and seed); the games are those of a 10-game ladder, and raising it extends.
band_ladder() {
  "$bin" ladder "${game[@]}" "${players[@]}" --threads 2 --quiet "$@" >"$tmp/out" 2>&1 ||
    fail "ladder $* exited $?: $(cat "$tmp/out")"
}
band_ladder --games 6 --games-in-band 10 --out "$tmp/band"
band_ladder --games 10 --out "$tmp/ten"
check_band() {  # folder, first games, in-band games
  python3 - "$1/games.jsonl" "$tmp/ten/games.jsonl" "$2" "$3" <<'PY'
import collections, json, sys
band, ten, first, most = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
games = collections.defaultdict(dict)
for g in map(json.loads, open(band)):
    games[g["pairing"]][g["index"]] = g
reference = {(g["pairing"], g["index"]): g for g in map(json.loads, open(ten))}
kinds = set()
for pairing, by_index in games.items():
    points = sum((by_index[i]["result"] + 1) / 2 for i in range(first))
    inside = 0.1 * first < points < 0.9 * first
    kinds.add(inside)
    want = most if inside else first
    assert sorted(by_index) == list(range(want)), (pairing, points, sorted(by_index))
    for i, g in by_index.items():
        if i < 10:
            assert g == reference[(pairing, i)], (g, reference[(pairing, i)])
assert kinds == {True, False}, f"only one kind of pairing: {kinds}"
PY
}
check_band "$tmp/band" 6 10 || fail "--games-in-band 10 played other games than its rule says"
grep -q "6 games per pairing (10 where the first 6 scored between 10 % and 90 %)" "$tmp/band/ladder.md" ||
  fail "ladder.md does not say which pairings got more games: $(head -3 "$tmp/band/ladder.md")"
band_ladder --games 6 --games-in-band 14 --out "$tmp/band"
check_band "$tmp/band" 6 14 || fail "raising --games-in-band to 14 played other games than its rule says"
expect_bad_input "$bin" ladder "${game[@]}" "${players[@]}" --games 6 --games-in-band 8 --out "$tmp/band"
grep -q "games_in_band = 14, more than --games-in-band 8" "$tmp/err" ||
  fail "a lower --games-in-band is not refused by name: $(cat "$tmp/err")"
# Once a band was played its first games are fixed: other first games could
# pick other pairings.
expect_bad_input "$bin" ladder "${game[@]}" "${players[@]}" --games 8 --games-in-band 14 --out "$tmp/band"
grep -q -- "--games must stay 6, .* or be at least 14" "$tmp/err" ||
  fail "raising --games after a band is not refused: $(cat "$tmp/err")"
# --games up to the band's number or more: every pairing plays them, so the
# ladder is a plain ladder of that many games (and grows on from there).
band_ladder --games 14 --games-in-band 14 --out "$tmp/band"
band_ladder --games 14 --out "$tmp/fourteen"
canon "$tmp/band/games.jsonl" >"$tmp/a"
canon "$tmp/fourteen/games.jsonl" >"$tmp/b"
diff -q "$tmp/a" "$tmp/b" >/dev/null || fail "--games raised to the band's 14: not the 14-game ladder's games"
grep -q "14 games per pairing, colours" "$tmp/band/ladder.md" ||
  fail "ladder.md of a band that decides nothing: $(head -3 "$tmp/band/ladder.md")"
band_ladder --games 16 --games-in-band 14 --out "$tmp/band"
[ "$(wc -l <"$tmp/band/games.jsonl")" = "$(($(wc -l <"$tmp/fourteen/games.jsonl") * 16 / 14))" ] ||
  fail "--games 16 after a band of 14 did not extend every pairing"
# A ladder.json from before --games-in-band (no such key) resumes as none.
python3 - "$tmp/grown/ladder.json" <<'PY'
import json, sys
settings = json.load(open(sys.argv[1]))
del settings["games_in_band"]
json.dump(settings, open(sys.argv[1], "w"))
PY
"$bin" ladder "${game[@]}" "${players[@]}" --games 12 --out "$tmp/grown" --quiet >"$tmp/out" 2>&1 ||
  fail "a ladder.json without games_in_band does not resume: $(cat "$tmp/out")"
grep -q '"games_in_band": 0' "$tmp/grown/ladder.json" || fail "ladder.json not rewritten with games_in_band"
echo '[1, 2]' >"$tmp/grown/ladder.json"
expect_bad_input "$bin" ladder "${game[@]}" "${players[@]}" --games 12 --out "$tmp/grown"
grep -q "not a JSON object of settings" "$tmp/err" || fail "a damaged ladder.json is not named: $(cat "$tmp/err")"

# 7. One ladder at a time per folder: a second one is refused while the first
# plays (it would append to the same games.jsonl), and kill -9 frees the folder.
"$bin" ladder "${game[@]}" "${players[@]}" --games 400 --threads 1 --out "$tmp/held" --quiet \
  >"$tmp/held.log" 2>&1 &
pid=$!
for _ in $(seq 400); do [ -s "$tmp/held/games.jsonl" ] && break; sleep 0.05; done
[ -s "$tmp/held/games.jsonl" ] || fail "the first ladder played no game: $(cat "$tmp/held.log")"
expect_bad_input timeout 20 "$bin" ladder "${game[@]}" "${players[@]}" --games 400 --out "$tmp/held"
grep -q "another inchzero ladder (pid $pid) is using $tmp/held" "$tmp/err" ||
  fail "the holder is not named: $(cat "$tmp/err")"
kill -9 "$pid"
wait "$pid" 2>/dev/null || true
before=$(wc -l <"$tmp/held/games.jsonl")
timeout 5 "$bin" ladder "${game[@]}" "${players[@]}" --games 400 --threads 1 --out "$tmp/held" \
  --quiet >"$tmp/out" 2>&1 || [ $? = 124 ] || fail "no resume after kill -9: $(cat "$tmp/out")"
[ "$(wc -l <"$tmp/held/games.jsonl")" -gt "$before" ] || fail "the resumed ladder played no game after kill -9"
echo ok
