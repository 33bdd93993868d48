#!/usr/bin/env bash
# Networks and checkpoints are verified on load (issue 23): LibTorch does not
# check the CRC-32s of its ZIP entries, so a file with flipped bytes in its
# weights used to load, play and export with exit 0. Now a damaged file is
# refused with a line naming it; a run whose newest checkpoint is damaged
# falls back to the previous one (and says so), a damaged newest network is
# written again from its checkpoint, and with no good checkpoint left the run
# stops with the error rather than start over.
set -euo pipefail
bin=${1:?usage: damaged_files.sh path/to/inchzero}
source "$(dirname "$0")/lib/common.bash"

cat >"$tmp/tiny.yaml" <<'YAML'
inherits: inchworm-small
seed: 99
network: {blocks: 1, channels: 8, value_hidden: 8}
selfplay: {workers: 1, games_per_worker: 4, full_visits: 8, cheap_visits: 2}
trainer: {batch_size: 16}
iteration: {games: 4, games_per_shard: 4, min_window_samples: 50, keep_checkpoints: 3}
evaluation: {games_vs_previous: 2, games_vs_baselines: 2, simulations: 4, threads: 1}
budget: {minutes: 0, iterations: 2}
YAML
"$bin" run --config "$tmp/tiny.yaml" --out "$tmp/run" --quiet >/dev/null 2>"$tmp/err" ||
  fail "base run: $(cat "$tmp/err")"

# flip FILE: invert 4 bytes in the middle of the largest ZIP entry (weights).
flip() {
  python3 - "$1" <<'PY'
import struct, sys, zipfile
path = sys.argv[1]
info = max(zipfile.ZipFile(path).infolist(), key=lambda i: i.file_size)
data = bytearray(open(path, "rb").read())
name_len, extra_len = struct.unpack("<HH", data[info.header_offset + 26:info.header_offset + 30])
at = info.header_offset + 30 + name_len + extra_len + info.file_size // 2
for i in range(at, at + 4):
    data[i] ^= 0xFF
open(path, "wb").write(data)
PY
}

# 1. A damaged network is refused by every reader.
cp "$tmp/run/networks/net-000001.pt" "$tmp/bad.pt"
flip "$tmp/bad.pt"
small=(--set width=5 --set height=5 --set stock=8 --set target_score=10)
expect_bad_input "$bin" match --p0 "net:$tmp/bad.pt:sims=2" --p1 random --games 2 "${small[@]}" --quiet
grep -q "bad.pt' is damaged: entry .* fails its CRC-32 check" "$tmp/err" || fail "match: $(cat "$tmp/err")"
[ "$(wc -l <"$tmp/err")" = 1 ] || fail "match: more than one line: $(cat "$tmp/err")"
expect_bad_input "$bin" export --model "$tmp/bad.pt" --out "$tmp/export"
grep -q "bad.pt' is damaged" "$tmp/err" || fail "export: $(cat "$tmp/err")"
[ ! -e "$tmp/export" ] || fail "export wrote a damaged network"
# A truncated one too.
head -c 3000 "$tmp/run/networks/net-000001.pt" >"$tmp/cut.pt"
expect_bad_input "$bin" export --model "$tmp/cut.pt" --out "$tmp/export"
grep -q "cut.pt' is damaged" "$tmp/err" || fail "truncated: $(cat "$tmp/err")"

# 2. A damaged newest checkpoint: the run falls back to the previous one,
#    trains iteration 2 again and keeps one metrics record per iteration.
cp -r "$tmp/run" "$tmp/fallback"
flip "$tmp/fallback/checkpoints/ckpt-000002.pt"
"$bin" run --out "$tmp/fallback" --iterations 3 --quiet >"$tmp/out" 2>"$tmp/err" ||
  fail "fallback run exited $?: $(cat "$tmp/err")"
grep -q "ckpt-000002.pt' is damaged.*falling back" "$tmp/err" || fail "no fallback note: $(cat "$tmp/err")"
grep -q "iterations 2-2 will be trained again" "$tmp/err" || fail "no retrain note: $(cat "$tmp/err")"
grep -q "^it   3 " "$tmp/out" || fail "fallback run did not finish iteration 3: $(cat "$tmp/out")"
[ -f "$tmp/fallback/checkpoints/ckpt-000002.pt.damaged" ] || fail "damaged checkpoint not set aside"
python3 -c "import json,sys; its=[json.loads(l)['iteration'] for l in open(sys.argv[1]) if l.strip()]
assert its == [0, 1, 2, 3], its" "$tmp/fallback/metrics.jsonl" || fail "metrics after fallback"

# 3. A damaged newest network is written again from its checkpoint.
cp -r "$tmp/run" "$tmp/renet"
flip "$tmp/renet/networks/net-000002.pt"
"$bin" run --out "$tmp/renet" --iterations 2 --quiet >"$tmp/out" 2>"$tmp/err" ||
  fail "network rewrite run exited $?: $(cat "$tmp/err")"
grep -q "net-000002.pt is damaged.*written again" "$tmp/err" || fail "no rewrite note: $(cat "$tmp/err")"
"$bin" match --p0 "net:$tmp/renet/networks/net-000002.pt:sims=2" --p1 random --games 2 \
  "${small[@]}" --quiet >/dev/null 2>"$tmp/err" || fail "rewritten network: $(cat "$tmp/err")"

# 4. No good checkpoint left: a clear error, the file stays where it is.
cp -r "$tmp/run" "$tmp/none"
rm "$tmp/none/checkpoints/ckpt-000000.pt" "$tmp/none/checkpoints/ckpt-000001.pt"
flip "$tmp/none/checkpoints/ckpt-000002.pt"
expect_bad_input "$bin" run --out "$tmp/none" --iterations 3 --quiet
grep -q "ckpt-000002.pt' is damaged" "$tmp/err" || fail "no-fallback error: $(cat "$tmp/err")"
[ -f "$tmp/none/checkpoints/ckpt-000002.pt" ] || fail "the only checkpoint was moved away"
echo "ok"
