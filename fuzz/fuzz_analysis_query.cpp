// One line of the analysis engine's JSON protocol (docs/engine-protocol.md):
// parsed or refused with a QueryError, never another exception.
#include "engine/analysis_query.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace inchzero;
  try {
    (void)parse_analysis_query(std::string(reinterpret_cast<const char*>(data), size));
  } catch (const QueryError&) {
  }
  return 0;
}
