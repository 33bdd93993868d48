#!/usr/bin/env bash
# `inchzero serve`'s HTTP API from a client that is not ours
# (tests/external/serve_api_client.py, Python's standard library only):
# malformed, unknown-key and oversized requests get 4xx JSON errors naming
# the problem, no path reads outside the served files, the limits on visits,
# time and body size hold, sixteen sessions at once get what one gets, a
# burst of 100 connections while the server is paused is queued, not reset,
# records and a run's games round-trip; and the command's own refusals.
set -euo pipefail
bin=${1:?usage: serve_api.sh path/to/inchzero}
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib/common.bash"
source "$here/lib/serve.bash"
command -v python3 >/dev/null || fail "python3 is missing (scripts/setup.sh installs it)"

"$bin" serve --help | grep -q -- "--max-visits" || fail "serve --help"
# Refused up front (exit 2, a message naming the problem).
expect_bad_input "$bin" serve --port 0 --run "$tmp/nothing"
grep -q "nothing" "$tmp/err" || fail "the error does not name the folder: $(cat "$tmp/err")"
expect_bad_input "$bin" serve --port 0 --model "$tmp/missing.pt"
grep -q "missing.pt" "$tmp/err" || fail "the error does not name the file: $(cat "$tmp/err")"
expect_bad_input "$bin" serve --port 70000

write_tiny_configs
train_network iw5
start_server --run "$tmp/iw5" --max-body 65536 --max-visits 100000 --max-time-ms 300
python3 "$here/../external/serve_api_client.py" "$server_url" "$server_pid"

# A port in use is refused, naming it.
port=$(echo "$server_url" | sed 's|.*:\([0-9]*\)/$|\1|')
expect_bad_input timeout 20 "$bin" serve --port "$port"
grep -q "cannot listen on 127.0.0.1:$port" "$tmp/err" || fail "port in use: $(cat "$tmp/err")"
stop_server

# Anything but the loopback address is served with a warning.
start_server --host 0.0.0.0
grep -q "warning: listening on 0.0.0.0" "$tmp/serve.err" || fail "no warning for --host 0.0.0.0"
stop_server
echo ok
