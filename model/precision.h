// The number format a network computes inference in. No LibTorch here.
//
// bf16 halves the bytes moved and runs on the CPU's bf16 units (AVX-512
// vdpbf16ps, or AMX tiles where present, through oneDNN); sums stay fp32 and
// the outputs come back as fp32. Training keeps fp32 master weights: an
// inference copy is converted once when it is made, never per call.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <string>

#include "core/setting_words.h"

namespace inchzero {

enum class Precision {
  kFp32,
  kBf16,
  kAuto,  // bf16 where the CPU has avx512_bf16 or AMX, fp32 elsewhere
};

// "fp32", "bf16", "auto".
std::string to_string(Precision precision);
// Parses "fp32" | "bf16" | "auto"; throws GameError naming the text and the
// accepted values otherwise.
Precision parse_precision(const std::string& text);
// Precision settings read and write as their names in JSON (configs, records).
void to_json(nlohmann::json& j, Precision precision);
void from_json(const nlohmann::json& j, Precision& precision);
// A config field (core/config_fields.h) reads and writes a precision as its name.
inline SettingWords setting_words(const Precision*) { return {"a precision", "fp32, bf16, auto"}; }
inline Precision parse_setting(const std::string& text, const Precision&) {
  return parse_precision(text);
}
// kFp32 or kBf16: `auto` decided for this CPU (cpu_features()); the others
// unchanged. Asking for bf16 on a CPU without bf16 support is allowed (it is
// emulated, slowly) so that results can be compared anywhere.
Precision resolve_precision(Precision precision);
// The help text every --precision option and config key shows.
constexpr const char* kPrecisionHelp =
    "inference number format: fp32 | bf16 | auto (bf16 where the CPU has avx512_bf16 or AMX)";

}  // namespace inchzero
