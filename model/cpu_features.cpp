#include "model/cpu_features.h"

#include <cpuid.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <cstring>

namespace inchzero {
namespace {

struct Regs {
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
};

Regs cpuid(unsigned leaf, unsigned subleaf = 0) {
  Regs r;
  __cpuid_count(leaf, subleaf, r.eax, r.ebx, r.ecx, r.edx);
  return r;
}

bool bit(unsigned value, int n) { return (value >> n) & 1u; }

// XCR0: which register states the OS saves on context switches. A feature is
// usable only when the OS manages its registers.
uint64_t xcr0() {
  uint32_t lo = 0, hi = 0;
  __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
  return (uint64_t{hi} << 32) | lo;
}

// Linux (5.16+) hands out the 8 KB AMX tile state only on request; without it
// the first tile instruction kills the process with SIGILL.
bool request_amx_permission() {
#ifdef __linux__
  constexpr long kArchReqXcompPerm = 0x1023;
  constexpr long kXfeatureXtiledata = 18;
  return syscall(SYS_arch_prctl, kArchReqXcompPerm, kXfeatureXtiledata) == 0;
#else
  return false;
#endif
}

// oneDNN's own switch, ONEDNN_MAX_CPU_ISA (or DNNL_MAX_CPU_ISA), caps the
// instructions oneDNN (ours and LibTorch's) may use; the features reported
// follow it, so that choices made from them (bf16 or not) match what oneDNN
// will run, and an AVX2-only machine (AMD Zen 3) can be tried on any CPU:
// ONEDNN_MAX_CPU_ISA=AVX2. Unknown values, "ALL" and "DEFAULT" cap nothing.
void apply_isa_cap(CpuFeatures& f) {
  const char* env = std::getenv("ONEDNN_MAX_CPU_ISA");
  if (env == nullptr || *env == '\0') env = std::getenv("DNNL_MAX_CPU_ISA");
  if (env == nullptr || *env == '\0') return;
  std::string cap(env);
  std::transform(cap.begin(), cap.end(), cap.begin(),
                 [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  const bool avx512 = cap.rfind("AVX512", 0) == 0 || cap.rfind("AVX10", 0) == 0;
  const bool below_avx512 = cap == "SSE41" || cap == "AVX" || cap.rfind("AVX2", 0) == 0;
  if (!avx512 && !below_avx512) return;
  f.isa_cap = cap;
  const bool amx = avx512 && cap.find("AMX") != std::string::npos;
  const bool bf16 =
      amx || (avx512 && (cap.find("BF16") != std::string::npos ||
                         cap.find("FP16") != std::string::npos || cap.rfind("AVX10", 0) == 0));
  f.avx512f = f.avx512f && avx512;
  f.avx512_bf16 = f.avx512_bf16 && bf16;
  f.amx_bf16 = f.amx_bf16 && amx;
}

CpuFeatures detect() {
  CpuFeatures f;
  const Regs leaf0 = cpuid(0);
  char vendor[13] = {};
  std::memcpy(vendor, &leaf0.ebx, 4);
  std::memcpy(vendor + 4, &leaf0.edx, 4);
  std::memcpy(vendor + 8, &leaf0.ecx, 4);
  f.vendor = vendor;

  const Regs leaf1 = cpuid(1);
  const unsigned base_family = (leaf1.eax >> 8) & 0xf, base_model = (leaf1.eax >> 4) & 0xf;
  f.family =
      static_cast<int>(base_family == 0xf ? base_family + ((leaf1.eax >> 20) & 0xff) : base_family);
  f.model = static_cast<int>(base_family >= 6 ? base_model | (((leaf1.eax >> 16) & 0xf) << 4)
                                              : base_model);

  if (cpuid(0x80000000).eax >= 0x80000004) {
    char brand[49] = {};
    for (unsigned i = 0; i < 3; ++i) {
      const Regs r = cpuid(0x80000002 + i);
      std::memcpy(brand + 16 * i, &r, 16);
    }
    f.brand = brand;
    while (!f.brand.empty() && f.brand.front() == ' ') f.brand.erase(f.brand.begin());
  }

  const bool osxsave = bit(leaf1.ecx, 27);
  if (leaf0.eax < 7 || !osxsave) return f;
  const uint64_t xcr = xcr0();
  const bool zmm_state = (xcr & 0xe6) == 0xe6;  // SSE, AVX, opmask, ZMM hi256, hi16 ZMM
  const bool tile_state = (xcr & 0x60000) == 0x60000;
  const Regs leaf7 = cpuid(7, 0), leaf7_1 = cpuid(7, 1);
  const bool ymm_state = (xcr & 0x6) == 0x6;  // SSE, AVX
  f.avx2_fma = ymm_state && bit(leaf7.ebx, 5) && bit(leaf1.ecx, 12);
  f.avx512f = zmm_state && bit(leaf7.ebx, 16);
  f.avx512_bf16 = f.avx512f && bit(leaf7_1.eax, 5);
  const bool amx_tile = bit(leaf7.edx, 24), amx_bf16 = bit(leaf7.edx, 22);
  f.amx_bf16 = amx_tile && amx_bf16 && tile_state && request_amx_permission();
  apply_isa_cap(f);
  return f;
}

}  // namespace

std::string CpuFeatures::describe() const {
  std::string features;
  if (avx512f) features += " avx512f";
  if (avx512_bf16) features += " avx512_bf16";
  if (amx_bf16) features += " amx_bf16";
  if (features.empty()) features = " no AVX-512";
  if (!isa_cap.empty()) features += ", capped by ONEDNN_MAX_CPU_ISA=" + isa_cap;
  return (brand.empty() ? vendor : brand) + " (family " + std::to_string(family) + " model " +
         std::to_string(model) + ";" + features + ")";
}

const CpuFeatures& cpu_features() {
  static const CpuFeatures features = detect();
  return features;
}

}  // namespace inchzero
