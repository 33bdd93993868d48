#!/usr/bin/env bash
# Every kind of damaged input (scripts/robustness.py: rule files, run
# configs, positions, moves, shards, networks, solution files, game records, analysis
# queries x truncated, random bytes, empty, wrong game or board, wrong types,
# negative/zero/huge numbers, a folder, a missing file, a full disk) gets a
# clear message and a non-zero exit (the analysis engine: a JSON error, and it
# keeps serving): never a crash, a hang, a silent failure or output left behind.
set -euo pipefail
bin=${1:?usage: robustness.sh path/to/inchzero}
here=$(cd "$(dirname "$0")" && pwd)
command -v python3 >/dev/null || { echo "FAIL: python3 is missing (scripts/setup.sh)" >&2; exit 1; }
python3 "$here/../../scripts/robustness.py" "$bin" --check
