#!/usr/bin/env bash
# One entry point for a fresh Debian 12 machine (run as root, or with sudo):
#   bash scripts/setup.sh run    install what is missing, build, run the main training job
#   bash scripts/setup.sh test   install what is missing, build, run every test
#   bash scripts/setup.sh build  install what is missing and build only
# Options after the mode, for GPU machines (docs/gpu.md):
#   --torch python|DIR   build against python3's torch (its LibTorch, CUDA
#                        included) or the LibTorch in DIR, not Debian's
#   --deps DIR           the Debian libraries unpacked into DIR with dpkg -x
#                        (scripts/gpu_bundle.sh): nothing is installed, no
#                        package registry is asked
#   bash scripts/setup.sh test --torch python --deps ~/bundle/deps
set -euo pipefail
mode=${1:-build}
shift || true
cd "$(dirname "$0")/.."

torch="" deps=""
while (($#)); do
  case "$1" in
    --torch) torch=${2:?--torch needs python or a LibTorch folder}; shift 2 ;;
    --deps) deps=${2:?--deps needs the folder the .deb files were unpacked into}; shift 2 ;;
    *) break ;;
  esac
done
cmake_options=()
[ -n "$torch" ] && cmake_options+=("-DINCHZERO_TORCH_PREFIX=$torch")
[ -n "$deps" ] && cmake_options+=("-DINCHZERO_DEPS_PREFIX=$(cd "$deps" && pwd)")

install_missing() {

# ocl-icd-opencl-dev: only recommended by libdnnl-dev, but its CMake config
# (find_package(dnnl)) needs OpenCL's headers and library.
packages=(build-essential cmake ccache pkg-config
  libtorch-dev libdnnl-dev ocl-icd-opencl-dev libeigen3-dev libyaml-cpp-dev libgtest-dev
  libopenblas0-pthread libcli11-dev nlohmann-json3-dev libfmt-dev libzstd-dev zlib1g-dev
  gnuplot-nox python3-numpy python3-zstandard
  libonnx-dev libprotobuf-dev python3-onnx python3-torch stockfish tmux
  libcpp-httplib-dev chromium libgloo-dev clang emscripten)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "== installing: ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# External checkers the tests drive (tests/external/package.json): programs no
# one here wrote, installed once from the npm registry, never at test time.
if ! command -v npm >/dev/null 2>&1; then
  echo "== installing: nodejs npm"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends nodejs npm
fi
# node_modules/.inchzero-lock is the lock file it was installed from.
if ! cmp -s tests/external/package-lock.json tests/external/node_modules/.inchzero-lock; then
  echo "== installing the external checkers (npm, tests/external)"
  (cd tests/external && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error &&
    cp package-lock.json node_modules/.inchzero-lock)
fi

}
# With --deps the machine has no package registry: nothing to install.
[ -z "$deps" ] && install_missing

# The BLAS trap: LibTorch links the generic libblas.so.3; make sure OpenBLAS
# (not the ~10x slower reference BLAS) provides it.
blas=$(readlink -f /usr/lib/x86_64-linux-gnu/libblas.so.3 2>/dev/null || true)
case "$blas" in
  *openblas*) ;;
  *) echo "warning: libblas.so.3 -> ${blas:-none}; expected OpenBLAS (update-alternatives --config libblas.so.3-x86_64-linux-gnu)" >&2 ;;
esac

jobs=$(nproc)
echo "== building (build/, $jobs jobs)"
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release "${cmake_options[@]}" >/dev/null
cmake --build build -j"$jobs"
# The rules, encoders and search in WebAssembly, for `export --format web`.
if command -v emcmake >/dev/null 2>&1; then
  echo "== building the WebAssembly build (build-wasm/)"
  bash scripts/build_wasm.sh >/dev/null
else
  echo "== no WebAssembly build: emscripten is not installed (export --format web needs it)"
fi

case "$mode" in
  build) ;;
  test)
    echo "== running every test"
    (cd build && ctest --output-on-failure -j"$jobs" --timeout 1200)
    ;;
  run)
    out=${INCHZERO_RUN:-runs/default}
    echo "== training on the default config into $out (Ctrl-C stops; the same command resumes)"
    exec ./build/inchzero run --config configs/inchworm.yaml --out "$out" "$@"
    ;;
  *)
    echo "usage: scripts/setup.sh run|test|build" >&2
    exit 2
    ;;
esac
