#!/usr/bin/env bash
# The front-end example of docs/export.md, extracted from the document as it
# is, checked on the chess reference samples (planes, legal decisions and
# picked decisions equal inchzero's) and run as its usage line says.
source "$(dirname "$0")/lib.bash"
need_node
example="$fixture/frontend.js"
awk '/<!-- frontend.js: begin -->/ {on = 1; next} /<!-- frontend.js: end -->/ {on = 0}
     on && !/^```/' "$root/docs/export.md" >"$example"
[ "$(wc -l <"$example")" -gt 100 ] || fail "no example found in docs/export.md"
export NODE_PATH="$external/node_modules"
model="$fixture/chess/onnx/net.onnx"
timed node "$external/export_check_frontend.js" "$example" "$model" \
  "$fixture/chess/onnx/net.samples.json" 100
out=$(node "$example" "$model" e2e4 e7e5) || fail "node frontend.js exited $?: $out"
echo "node frontend.js net.onnx e2e4 e7e5 -> $out"
[[ "$out" =~ ^[a-h][1-8][a-h][1-8][qrbn]?\ \(white\ to\ move:\ win\ [0-9.]+,\ draw\ [0-9.]+,\ loss\ [0-9.]+\)$ ]] ||
  fail "unexpected output: $out"
# A model of another game is refused with a message.
if node "$example" "$fixture/inchworm/onnx/net.onnx" >"$fixture/frontend.err" 2>&1; then
  fail "the example accepted an Inchworm model"
fi
grep -q "plays FIDE chess, not inchworm" "$fixture/frontend.err" || fail "$(cat "$fixture/frontend.err")"
echo "ok"
