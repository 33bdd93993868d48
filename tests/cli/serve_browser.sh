#!/usr/bin/env bash
# The browser UI of `inchzero serve` in a real browser: Debian's chromium,
# headless, driven by npm playwright-core (tests/external/serve_browser.js)
# — games of Inchworm and FIDE chess played by clicks against the random
# player, the heat map and the WDL bar of small trained networks, undo, an
# illegal click, a saved record and a run's game replayed, and the time from
# a click to the engine's reply drawn at 64 visits (printed, not asserted).
# Screenshots go to the temporary folder; with INCHZERO_SCREENSHOTS=DIR they
# are also copied there (docs/images/ holds one for the README).
set -euo pipefail
bin=${1:?usage: serve_browser.sh path/to/inchzero}
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib/common.bash"
source "$here/lib/serve.bash"
external="$here/../external"
command -v node >/dev/null || fail "node is missing (scripts/setup.sh installs nodejs)"
[ -d "$external/node_modules/playwright-core" ] ||
  fail "npm playwright-core is missing: run scripts/setup.sh (npm ci --ignore-scripts in tests/external)"
chromium=${CHROMIUM:-/usr/bin/chromium}
[ -x "$chromium" ] || fail "$chromium is missing: install Debian's chromium (apt-get install chromium; scripts/setup.sh)"

write_tiny_configs
for net in iw5 chess iw8; do train_network "$net"; done

start_server --run "$tmp/iw5" --run "$tmp/chess" --model "$tmp/iw8"
(cd "$external" && CHROMIUM="$chromium" node serve_browser.js "$server_url" "$tmp/shots") ||
  fail "the browser test failed (server log: $(tail -5 "$tmp/serve.err"))"
for shot in inchworm chess play replay; do
  [ -s "$tmp/shots/$shot.png" ] || fail "no screenshot $shot.png"
done
if [ -n "${INCHZERO_SCREENSHOTS:-}" ]; then
  mkdir -p "$INCHZERO_SCREENSHOTS"
  cp "$tmp/shots/"*.png "$INCHZERO_SCREENSHOTS/"
fi

# Ctrl-C (SIGINT) or SIGTERM stops the server cleanly.
kill -INT "$server_pid"
rc=0
wait "$server_pid" || rc=$?
server_pid=""
[ "$rc" = 0 ] || fail "serve exited $rc after SIGINT"
echo ok
