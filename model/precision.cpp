#include "model/precision.h"

#include <nlohmann/json.hpp>

#include "core/game.h"
#include "model/cpu_features.h"

namespace inchzero {
namespace {

struct PrecisionName {
  Precision precision;
  const char* name;
};
constexpr PrecisionName kNames[] = {
    {Precision::kFp32, "fp32"}, {Precision::kBf16, "bf16"}, {Precision::kAuto, "auto"}};

}  // namespace

std::string to_string(Precision precision) {
  for (const auto& n : kNames)
    if (n.precision == precision) return n.name;
  return "unknown";
}

Precision parse_precision(const std::string& text) {
  for (const auto& n : kNames)
    if (text == n.name) return n.precision;
  throw GameError("unknown precision '" + text + "' (known: fp32, bf16, auto)");
}

void to_json(nlohmann::json& j, Precision precision) { j = to_string(precision); }

void from_json(const nlohmann::json& j, Precision& precision) {
  precision = parse_precision(j.get<std::string>());
}

Precision resolve_precision(Precision precision) {
  if (precision != Precision::kAuto) return precision;
  const CpuFeatures& cpu = cpu_features();
  return cpu.avx512_bf16 || cpu.amx_bf16 ? Precision::kBf16 : Precision::kFp32;
}

}  // namespace inchzero
