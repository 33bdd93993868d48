# Shared by the export checks (sourced): the fixture folder from $1, and
# the external tools they drive, each missing one a failure saying what to
# install — never a skip.
set -euo pipefail
fixture=${1:?usage: $0 FIXTURE_DIR (made by tests/export/make_fixture.sh)}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
external="$root/tests/external"
fail() { echo "FAIL: $*" >&2; exit 1; }
[ -d "$fixture/chess" ] && [ -d "$fixture/inchworm" ] || fail "no fixture in $fixture (tests/export/make_fixture.sh)"
need_node() {
  command -v node >/dev/null || fail "node is missing: apt-get install nodejs npm (scripts/setup.sh)"
  for m in onnxruntime-node chess.js; do
    [ -d "$external/node_modules/$m" ] ||
      fail "npm package $m is missing: cd tests/external && npm ci --ignore-scripts (scripts/setup.sh)"
  done
}
# Debian's python3-torch and python3-onnx load only in the system python.
python=/usr/bin/python3
need_python_module() {
  [ -x "$python" ] || fail "$python is missing: apt-get install python3 (scripts/setup.sh)"
  "$python" -c "import $1" 2>/dev/null ||
    fail "$python cannot import $1: apt-get install $2 (scripts/setup.sh)"
}
# Run a check, printing its report and how long it took.
timed() {
  local start=$SECONDS
  "$@"
  echo "  ($((SECONDS - start)) s)"
}
