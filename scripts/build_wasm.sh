#!/usr/bin/env bash
# The WebAssembly build (wasm/CMakeLists.txt) into build-wasm/: the rules
# core, encoders, search and analysis answer for `inchzero export --format
# web` (docs/export.md). Needs Debian's emscripten (scripts/setup.sh installs it).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v emcmake >/dev/null 2>&1; then
  echo "build_wasm.sh: emscripten is not installed (apt-get install emscripten)" >&2
  exit 2
fi
# Debian's emscripten runs its JavaScript tools with node and finds acorn in
# /usr/share/nodejs, where Debian's node looks but another node may not.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
emcmake cmake -S wasm -B build-wasm -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build-wasm -j"$(nproc)"
