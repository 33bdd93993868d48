#!/usr/bin/env bash
# Input a hostile user sends (issue "Hostile input"), each reproduction once:
# a JSON query nested 100,000 deep to `analyse` and to `serve` (an error
# naming the depth, and the next query is answered), `.inf` and a key given
# twice in a run config, an `inherits:` cycle, a YAML nested past yaml-cpp's
# limit, `play`'s `save` to a folder, under a file and into a missing folder
# (the game goes on, no folder is made), control bytes and a 120 KB move in
# messages, /dev/zero and a FIFO as a rule file, a random-bytes network, and
# a ladder refused on a full disk (its folder is not left behind).
set -euo pipefail
bin=${1:?usage: hostile_input.sh path/to/inchzero}
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib/common.bash"
source "$here/lib/serve.bash"
command -v python3 >/dev/null || fail "python3 is missing (scripts/setup.sh installs it)"

deep="$tmp/deep.json"
python3 -c "d=100000; print('{\"id\":\"x\",\"moves\":'+'['*d+']'*d+'}')" >"$deep"

# 1. analyse: the deep query gets a short JSON error, the next one an answer.
{ cat "$deep"; echo '{"id":"after","game":"inchworm","maxVisits":8}'; } |
  timeout 60 "$bin" analyse --player random >"$tmp/answers" 2>"$tmp/analyse.err" ||
  fail "analyse exited $? on the deep query: $(tail -3 "$tmp/analyse.err")"
python3 - "$tmp/answers" <<'PY' || fail "analyse answers: $(head -c 600 "$tmp/answers")"
import json, sys
answers = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
# A query that is not read has no id to answer with (docs/engine-protocol.md).
errors = [a for a in answers if "error" in a and "id" not in a]
assert errors and "nested deeper than 64 levels" in errors[0]["error"], errors
assert len(errors[0]["error"]) < 200, "the error echoes the query"
assert any(a.get("id") == "after" and "moveInfos" in a for a in answers), answers
PY

# 2. serve: 400 for the deep query in every form it takes, then still serving.
start_server
post() {  # body-file content-type [origin] -> status in $tmp/status, body in $tmp/body
  python3 - "$1" "$2" "${3:-}" "${server_url}api/analyse?engine=random" "$tmp" <<'PY'
import sys, urllib.request, urllib.error
body_file, ctype, origin, url, out = sys.argv[1:]
headers = {"Content-Type": ctype}
if origin:
    headers["Origin"] = origin
request = urllib.request.Request(url, data=open(body_file, "rb").read(), headers=headers)
try:
    with urllib.request.urlopen(request, timeout=60) as r:
        status, body = r.status, r.read()
except urllib.error.HTTPError as e:
    status, body = e.code, e.read()
except Exception as e:  # no answer at all: the server died or hung up
    status, body = 0, str(e).encode()
open(out + "/status", "w").write(str(status))
open(out + "/body", "wb").write(body)
PY
}
for form in "application/json" "text/plain" "text/plain https://evil.example"; do
  read -r ctype origin <<<"$form"
  post "$deep" "$ctype" "${origin:-}"
  status=$(cat "$tmp/status")
  kill -0 "$server_pid" 2>/dev/null || fail "serve died on the deep query ($form)"
  case $status in 4??) ;; *) fail "deep query ($form): HTTP $status, want 4xx: $(head -c 300 "$tmp/body")" ;; esac
  [ "$status" = 403 ] || grep -q "nested deeper than 64 levels" "$tmp/body" ||
    fail "deep query ($form): $(head -c 300 "$tmp/body")"
done
echo '{"id":"after","game":"inchworm","maxVisits":8}' >"$tmp/normal.json"
post "$tmp/normal.json" application/json
[ "$(cat "$tmp/status")" = 200 ] && grep -q moveInfos "$tmp/body" ||
  fail "a normal query after the deep ones: HTTP $(cat "$tmp/status"): $(head -c 300 "$tmp/body")"
stop_server

# 3. Run configs: .inf, a key twice, an inherits cycle, a YAML too deep.
config_error() {  # text expected-message
  printf '%s\n' "$1" >"$tmp/c.yaml"
  expect_bad_input "$bin" run --config "$tmp/c.yaml" --check
  grep -qF -- "$2" "$tmp/err" || fail "config '$1': $(cat "$tmp/err")"
}
config_error $'inherits: inchworm\ntrainer: {grad_clip_norm: .inf}' \
  "config key 'trainer.grad_clip_norm': inf is not a finite number"
config_error $'inherits: inchworm\ntrainer: {weight_decay: .inf}' \
  "config key 'trainer.weight_decay': inf is not a finite number"
config_error $'inherits: inchworm\nseed: 1\nseed: 2' "the key 'seed' is given twice (lines 2 and 3)"
config_error "inherits: inchworm
selfplay: $(python3 -c "print('['*3000 + ']'*3000)")" "nested deeper than 64 levels"
printf 'inherits: b.yaml\n' >"$tmp/a.yaml"
printf 'inherits: a.yaml\n' >"$tmp/b.yaml"
expect_bad_input "$bin" run --config "$tmp/a.yaml" --check
grep -qF "an \`inherits:\` cycle: $tmp/a.yaml -> $tmp/b.yaml -> $tmp/a.yaml" "$tmp/err" ||
  fail "inherits cycle: $(cat "$tmp/err")"

# 4. play: failed saves keep the game; no folder is made for a save.
mkdir "$tmp/folder"
: >"$tmp/afile"
printf '%s\n' d4 "save $tmp/folder" "save $tmp/afile/x.txt" "save $tmp/nonexistent/dir/x.txt" \
  "save $tmp/ok.txt" quit |
  timeout 60 "$bin" play --opponent random --seed 1 >"$tmp/play.out" 2>&1 ||
  fail "play exited $?: $(tail -5 "$tmp/play.out")"
[ "$(grep -c "not saved: " "$tmp/play.out")" = 3 ] || fail "three saves should fail: $(cat "$tmp/play.out")"
grep -q "is a folder; give a file name" "$tmp/play.out" || fail "save to a folder: $(cat "$tmp/play.out")"
grep -q "afile' is not a folder" "$tmp/play.out" || fail "save under a file: $(cat "$tmp/play.out")"
grep -q "save creates no folders" "$tmp/play.out" || fail "save into a missing folder: $(cat "$tmp/play.out")"
[ ! -e "$tmp/nonexistent" ] || fail "save created the folders $tmp/nonexistent"
grep -q "saved 2 moves to " "$tmp/play.out" || fail "the game did not go on after the failed saves"
"$bin" show --record "$tmp/ok.txt" >/dev/null 2>&1 || fail "the save after the failures does not replay"

# 5. Messages: control bytes escaped, a long move cut with its length.
expect_bad_input "$bin" show --moves $'d4\e[2J\e]0;owned\a'
grep -q $'\e' "$tmp/err" && fail "an ESC byte reached the terminal: $(od -c "$tmp/err" | head -3)"
grep -qF '\x1B[2J' "$tmp/err" || fail "control bytes not shown escaped: $(cat "$tmp/err")"
long=$(python3 -c "print('z' * 120000)")
expect_bad_input "$bin" show --moves "$long"
[ "$(wc -c <"$tmp/err")" -lt 1000 ] || fail "a 120 KB move is echoed: $(wc -c <"$tmp/err") bytes of message"
grep -qF "(120000 bytes)" "$tmp/err" || fail "the cut move's length is not stated: $(head -c 300 "$tmp/err")"
printf '\xff\xfe{"id":\n' | "$bin" analyse --player random >"$tmp/answers" 2>/dev/null
python3 -c "import json,sys; json.loads(open(sys.argv[1],'rb').read().decode('utf-8'))" "$tmp/answers" ||
  fail "a non-UTF-8 query's answer is not UTF-8 JSON: $(od -c "$tmp/answers" | head -3)"

# 6. Special files are refused at once as not regular files.
start=$(date +%s)
expect_bad_input timeout 20 "$bin" show --rules /dev/zero
grep -q "is a character device, not a regular file" "$tmp/err" || fail "/dev/zero: $(cat "$tmp/err")"
mkfifo "$tmp/fifo"
expect_bad_input timeout 20 "$bin" show --rules "$tmp/fifo"
grep -q "is a FIFO, not a regular file" "$tmp/err" || fail "FIFO rule file: $(cat "$tmp/err")"
expect_bad_input timeout 20 "$bin" run --config "$tmp/fifo" --check
grep -q "is a FIFO, not a regular file" "$tmp/err" || fail "FIFO config: $(cat "$tmp/err")"
expect_bad_input timeout 20 "$bin" show --record /dev/zero
grep -q "is a character device, not a regular file" "$tmp/err" || fail "/dev/zero record: $(cat "$tmp/err")"
expect_bad_input timeout 20 "$bin" export --format onnx --model /dev/zero --out "$tmp/z/net.onnx"
grep -q "network file '/dev/zero' is a character device" "$tmp/err" || fail "/dev/zero network: $(cat "$tmp/err")"
(($(date +%s) - start < 10)) || fail "refusing special files took $(($(date +%s) - start)) s"

# 7. A random-bytes network is no ZIP archive, not a truncated one.
head -c 5000 /dev/urandom | tr '\120' '\121' >"$tmp/random.pt"  # no 'P': never starts PK
expect_bad_input "$bin" export --format onnx --model "$tmp/random.pt" --out "$tmp/x/net.onnx"
grep -q "not a ZIP archive" "$tmp/err" || fail "random network: $(cat "$tmp/err")"
grep -q "export: export:" "$tmp/err" && fail "doubled prefix: $(cat "$tmp/err")"

# 8. A ladder refused on a full disk leaves no folder behind.
rc=0
INCHZERO_FAULT=fail_write:ladder.json "$bin" ladder --game inchworm --set target_score=2 \
  --games 2 --out "$tmp/ladder" --players random greedy >"$tmp/out" 2>"$tmp/err" || rc=$?
[ "$rc" != 0 ] || fail "the ladder went on after its settings could not be written"
grep -q "ladder.json" "$tmp/err" || fail "the failed write is not named: $(cat "$tmp/err")"
[ ! -e "$tmp/ladder" ] || fail "a refused ladder left $(ls -A "$tmp/ladder")"
echo ok
