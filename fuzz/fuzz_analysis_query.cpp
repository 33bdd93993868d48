// One line of the analysis engine's JSON protocol (docs/engine-protocol.md):
// parsed or refused with a QueryError, never another exception; on a small
// stack (fuzz_games.h says why).
#include "engine/analysis_query.h"
#include "fuzz/fuzz_games.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace inchzero;
  fuzz::run_on_small_stack([&] {
    try {
      (void)parse_analysis_query(std::string(reinterpret_cast<const char*>(data), size));
    } catch (const QueryError&) {
    }
  });
  return 0;
}
