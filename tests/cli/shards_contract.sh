#!/usr/bin/env bash
# The `inchzero generate` + `inchzero shards dump|verify` contract:
#  * generate writes complete *.shard files (no *.tmp left) and generate.json;
#  * verify prints "OK  <path> (N games)" per good file, "BAD <path>: why" per
#    bad one, and exits 2 when any file is bad;
#  * dump prints one JSON object per game and line;
#  * scripts/read_shards.py reads the same games (when numpy and zstandard import).
set -u
bin=${1:?usage: shards_contract.sh path/to/inchzero}
here=$(cd "$(dirname "$0")/../.." && pwd)
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# 1. Five small games with the mock network, two per shard.
"$bin" generate --game invector --rules 5x4 --set max_plies=40 \
  --network mock --games 5 --games-per-shard 2 --seed 11 --quiet \
  --param games_per_worker=5 --param full_visits=8 --param cheap_visits=4 \
  --out "$tmp/run" >"$tmp/stats.json" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] || fail "generate exited $rc: $(cat "$tmp/err")"
[ "$(ls "$tmp/run"/*.shard | wc -l)" -eq 3 ] || fail "expected 3 shards: $(ls "$tmp/run")"
[ -z "$(ls "$tmp/run" | grep '\.tmp$')" ] || fail "temporary files left: $(ls "$tmp/run")"
[ -s "$tmp/run/generate.json" ] || fail "no generate.json"
grep -q '"games": 5' "$tmp/stats.json" || fail "stats do not count 5 games: $(head -c 300 "$tmp/stats.json")"

# 2. verify: all good.
"$bin" shards verify "$tmp/run" >"$tmp/verify" || fail "verify of good shards exited $?: $(cat "$tmp/verify")"
[ "$(grep -c '^OK  ' "$tmp/verify")" -eq 3 ] || fail "verify lines: $(cat "$tmp/verify")"

# 3. dump: 5 JSON lines, each a game with decisions.
"$bin" shards dump "$tmp/run" >"$tmp/dump" || fail "dump exited $?"
[ "$(wc -l <"$tmp/dump")" -eq 5 ] || fail "dump printed $(wc -l <"$tmp/dump") lines, expected 5"
while read -r line; do
  [[ "$line" == '{'*'"decisions":['*'"end_reason":'*'}' ]] || fail "not a game object: ${line:0:200}"
done <"$tmp/dump"

# 4. A truncated copy and a bit-flipped copy are BAD (exit 2), named, the others still OK.
first=$(ls "$tmp/run"/*.shard | head -1)
size=$(stat -c %s "$first")
head -c $((size / 2)) "$first" >"$tmp/run/truncated.shard"
cp "$first" "$tmp/run/flipped.shard"
printf '\xff' | dd of="$tmp/run/flipped.shard" bs=1 seek=$((size / 3)) conv=notrunc status=none
"$bin" shards verify "$tmp/run" >"$tmp/verify2"
rc=$?
[ $rc -eq 2 ] || fail "verify with bad files exited $rc, expected 2"
grep -q "^BAD .*truncated.shard: truncated" "$tmp/verify2" || fail "truncated file not reported: $(cat "$tmp/verify2")"
grep -q "^BAD .*flipped.shard: .*corrupted" "$tmp/verify2" || fail "flipped file not reported: $(cat "$tmp/verify2")"
[ "$(grep -c '^OK  ' "$tmp/verify2")" -eq 3 ] || fail "good files no longer OK: $(cat "$tmp/verify2")"

# 5. The numpy reader agrees on the number of games and decisions.
for py in /usr/bin/python3 python3; do
  if "$py" -c 'import numpy, zstandard' 2>/dev/null; then
    rm "$tmp/run/truncated.shard" "$tmp/run/flipped.shard"
    out=$("$py" "$here/scripts/read_shards.py" --json "$tmp/run") || fail "read_shards.py exited $?: $out"
    [[ "$out" == *'"games": 5'* ]] || fail "read_shards.py: $out"
    n=$(grep -o '"num_decisions":[0-9]*' "$tmp/dump" | cut -d: -f2 | awk '{s += $1} END {print s}')
    [[ "$out" == *"\"decisions\": $n,"* ]] || fail "read_shards.py decisions != $n: $out"
    break
  fi
done
echo "shards contract OK"
