#!/usr/bin/env bash
# `inchzero export --format web` (docs/export.md): a zoo network of each of
# the five games exported with reference samples, then
#  - conformance under node (tests/external/web_export_conformance.mjs): the
#    WebAssembly build's legal actions and planes equal the native ones on the
#    samples, onnxruntime-web's outputs the native network's within 1e-4, and
#    random games of every shipped rule set played to their end give the same
#    position view (legal decisions, moves, result, scores) as `inchzero serve`;
#  - the exported pages of Rodeffer's Inchworm and Inchworm Chess, served by
#    python3's plain static server, in Debian's chromium: a whole game played
#    by clicks against the network, no console error, no request outside the
#    folder (tests/external/web_export_browser.js; it prints the speed);
#  - bad input: a missing WebAssembly build or onnxruntime-web is refused
#    with exit 2, a message naming it, and nothing written.
set -euo pipefail
bin=${1:?usage: web_export.sh path/to/inchzero}
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib/common.bash"
source "$here/lib/serve.bash"
external="$here/../external"
wasm="$here/../../build-wasm"
command -v node >/dev/null || fail "node is missing (scripts/setup.sh installs nodejs)"
[ -d "$external/node_modules/onnxruntime-web" ] ||
  fail "npm onnxruntime-web is missing: run scripts/setup.sh (npm ci --ignore-scripts in tests/external)"
[ -s "$wasm/inchzero_wasm.wasm" ] ||
  fail "the WebAssembly build is missing: run scripts/build_wasm.sh (scripts/setup.sh does)"
chromium=${CHROMIUM:-/usr/bin/chromium}
[ -x "$chromium" ] || fail "$chromium is missing: install Debian's chromium (scripts/setup.sh)"

# Bad input first: nothing may be written.
expect_bad_input "$bin" export --format web --model zoo:inchworm-10 --out "$tmp/bad" --wasm "$tmp/none"
grep -q "build_wasm.sh" "$tmp/err" || fail "no hint of build_wasm.sh: $(cat "$tmp/err")"
expect_bad_input "$bin" export --format web --model zoo:inchworm-10 --out "$tmp/bad" \
  --onnxruntime-web "$tmp/none"
grep -q "onnxruntime-web" "$tmp/err" || fail "onnxruntime-web not named: $(cat "$tmp/err")"
[ ! -e "$tmp/bad" ] || fail "a refused export left $(ls -R "$tmp/bad")"

# zoo entry, game, rule overrides of its rule label (the samples' games must
# be played under the network's own rules).
exports=()
while read -r zoo game rules set; do
  "$bin" generate --game "$game" --rules "$rules" ${set:+--set $set} --network "torch:zoo:$zoo" \
    --out "$tmp/shards-$zoo" --games 2 --param full_visits=2 --param cheap_visits=2 \
    --param workers=1 --param games_per_worker=2 --seed 7 --quiet >"$tmp/generate.out" 2>&1 ||
    fail "generate $zoo: $(tail -3 "$tmp/generate.out")"
  "$bin" export --format web --model "zoo:$zoo" --out "$tmp/web-$zoo" --samples 12 \
    --samples-from "$tmp/shards-$zoo" >"$tmp/export.out" || fail "export $zoo"
  for f in index.html inchzero.js inchzero_wasm.mjs inchzero_wasm.wasm model.onnx export.json \
    samples.json ort/ort.wasm.min.mjs; do
    [ -s "$tmp/web-$zoo/$f" ] || fail "export $zoo has no $f"
  done
  exports+=("$tmp/web-$zoo")
done <<'LIST'
inchworm-10 inchworm original target_score=10
inchworm-chess inchworm-chess default max_plies=600
longworm-chess longworm-chess default max_plies=600
invector-8x7 invector default
steere-inchworm steere-inchworm default
LIST
size=$(du -sb --exclude=ort "$tmp/web-inchworm-10" | cut -f1)
echo "the Inchworm export: $((size / 1024)) KiB besides onnxruntime-web ($(du -sk "$tmp/web-inchworm-10/ort" | cut -f1) KiB)"

start_server
(cd "$external" && node web_export_conformance.mjs "$server_url" "${exports[@]}") ||
  fail "the WebAssembly build differs from the native one"
stop_server

# The pages, each served by a plain static file server on a free port.
for entry in "inchworm-10 inchworm" "inchworm-chess chess 60"; do
  read -r zoo label plies <<<"$entry"
  : >"$tmp/http.err"
  python3 -u -m http.server 0 --bind 127.0.0.1 -d "$tmp/web-$zoo" >"$tmp/http.out" 2>"$tmp/http.err" &
  http_pid=$!
  url=""
  for _ in $(seq 1 100); do
    port=$(sed -n 's/.* port \([0-9]*\) .*/\1/p' "$tmp/http.out" | head -1)
    [ -n "$port" ] && url="http://127.0.0.1:$port/" && break
    sleep 0.1
  done
  [ -n "$url" ] || fail "python3 -m http.server printed no port: $(cat "$tmp/http.err")"
  rc=0
  (cd "$external" && CHROMIUM="$chromium" node web_export_browser.js "$url" "$tmp/shots" "$label" $plies) ||
    rc=$?
  kill "$http_pid" 2>/dev/null || true
  wait "$http_pid" 2>/dev/null || true
  [ "$rc" = 0 ] || fail "the exported $label page failed in the browser"
done
echo ok
