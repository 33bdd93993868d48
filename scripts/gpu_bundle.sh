#!/usr/bin/env bash
# Everything a GPU machine without a package registry needs to build
# inchzero, made here (docs/gpu.md):
#   bash scripts/gpu_bundle.sh OUT_DIR
# OUT_DIR/debs/      the .deb files of the Debian libraries the build uses
#                    (apt-get download: the packages and their direct
#                    dependencies, none installed here)
# OUT_DIR/deps/      the same unpacked with dpkg -x (the folder the build's
#                    -DINCHZERO_DEPS_PREFIX names; unpack again there with
#                    OUT_DIR/unpack.sh if the machine has dpkg)
# OUT_DIR/inchzero/  this checkout's committed files (git archive HEAD)
# Copy OUT_DIR to the GPU machine and follow docs/gpu.md.
set -euo pipefail
out=${1:?usage: scripts/gpu_bundle.sh OUT_DIR}
cd "$(dirname "$0")/.."
root=$(pwd)

# The development packages CMakeLists.txt finds (not LibTorch: the GPU
# machine's own CUDA LibTorch replaces Debian's CPU one); ocl-icd-opencl-dev because
# oneDNN's CMake config asks for OpenCL; pkg-config itself (pkgconf, its program
# and library), which that machine may lack (scripts/gpu_check.sh wraps it).
dev=(libyaml-cpp-dev libcli11-dev nlohmann-json3-dev libfmt-dev libzstd-dev zlib1g-dev
  libeigen3-dev libgtest-dev libgmock-dev libonnx-dev libprotobuf-dev libdnnl-dev libgloo-dev
  libcpp-httplib-dev ocl-icd-opencl-dev pkgconf pkgconf-bin libpkgconf3)

mkdir -p "$out/debs" "$out/deps"
out=$(cd "$out" && pwd)
# Each package and the libraries it depends on directly (the shared objects
# the -dev packages point to); virtual and already-listed names skipped, and
# the C and C++ runtimes and their headers (libc6, libc6-dev, libstdc++6, ...):
# the GPU machine has its own, newer ones; glibc 2.36's headers in
# deps/usr/include, which every target's include path names, would be mixed
# with them, and its libc.so.6 on LD_LIBRARY_PATH would not match that
# machine's dynamic loader.
names=()
for p in "${dev[@]}"; do
  names+=("$p")
  while read -r d; do names+=("$d"); done < <(apt-cache depends --no-recommends --no-suggests \
    --no-conflicts --no-breaks --no-replaces --no-enhances "$p" |
    awk '/Depends:/ && $2 !~ /^</ && $2 !~ /^(libc6|libc6-dev|linux-libc-dev|libcrypt-dev|libgcc-s1|libstdc\+\+6)$/ {print $2}')
done
mapfile -t names < <(printf '%s\n' "${names[@]}" | sort -u)
echo "== downloading ${#names[@]} packages into $out/debs"
(cd "$out/debs" && for n in "${names[@]}"; do
  apt-get download "$n" >/dev/null 2>&1 || echo "   (skipped $n: not downloadable)"
done)
echo "== unpacking into $out/deps"
for d in "$out"/debs/*.deb; do dpkg -x "$d" "$out/deps"; done
cat >"$out/unpack.sh" <<'UNPACK'
#!/usr/bin/env bash
# On the GPU machine: unpack the .deb files next to this script into deps/.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$here/deps"
for d in "$here"/debs/*.deb; do dpkg -x "$d" "$here/deps"; done
echo "unpacked into $here/deps"
UNPACK
chmod +x "$out/unpack.sh"
echo "== the project (git archive HEAD) into $out/inchzero"
rm -rf "$out/inchzero" && mkdir -p "$out/inchzero"
git -C "$root" archive HEAD | tar -x -C "$out/inchzero"
du -sh "$out" | awk '{print "== bundle: " $1 " in " $2}'
