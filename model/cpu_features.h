// What the CPU we run on can do, detected at run time (the machines this
// project runs on change CPU model between sessions: AMD Zen 5 or Intel Xeon,
// some with AMX). No LibTorch here.
#pragma once

#include <string>

namespace inchzero {

struct CpuFeatures {
  std::string vendor;  // "GenuineIntel", "AuthenticAMD", …
  std::string brand;   // the CPUID brand string, e.g. "AMD EPYC 9R45 96-Core Processor"
  int family = 0, model = 0;
  bool avx2_fma = false;  // AVX2 and FMA3, usable (CPU and OS state): the fp32 peak without AVX-512
  bool avx512f = false;   // AVX-512 foundation, usable (CPU and OS state)
  bool avx512_bf16 = false;  // vdpbf16ps: bf16 dot products into fp32
  bool amx_bf16 = false;     // AMX tiles with bf16 dot products, OS permission granted
  // The cap ONEDNN_MAX_CPU_ISA (or DNNL_MAX_CPU_ISA) set, e.g. "AVX2"; the
  // features above are what is left under it. Empty: none.
  std::string isa_cap;
  // One line for logs and bench headers: brand, family/model and the
  // features above, e.g. "Intel(R) Xeon(R) Processor (family 6 model 143;
  // avx512f avx512_bf16 amx_bf16)".
  std::string describe() const;
};

// Detected once (CPUID, XGETBV and, for AMX, the Linux permission request
// arch_prctl(ARCH_REQ_XCOMP_PERM), which every thread of the process then
// inherits). Thread-safe.
const CpuFeatures& cpu_features();

}  // namespace inchzero
