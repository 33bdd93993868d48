// Shard files (docs/shard-format.md) as bytes: refused with a GameError or
// read. (The checksums stop most random damage at the frame; fuzz_record
// reaches the record decoder behind them.)
#include "selfplay/shard.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace inchzero;
  try {
    (void)read_shard_bytes(std::string(reinterpret_cast<const char*>(data), size), "fuzz input");
  } catch (const GameError&) {
  }
  return 0;
}
