// Network files (docs/robustness.md, "Fuzzing"): what inchzero reads of one
// before LibTorch does. LibTorch's own archive reader (model/network.h,
// Network::load) is not fuzzed here: the fuzz build has no LibTorch. An even
// first byte: the rest is a file for the ZIP check every load runs first
// (core/zip_check.h), which returns "" or a one-line problem, the same both
// times. An odd one: the rest is the network config a file embeds (JSON,
// model/network_config.h), which is refused with a GameError or read back
// unchanged from its own JSON.
#include <nlohmann/json.hpp>

#include "core/json_input.h"
#include "core/zip_check.h"
#include "fuzz/fuzz_games.h"
#include "model/network_config.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace inchzero;
  if (size < 1) return 0;
  const std::string bytes = fuzz::text_after_first(data, size);
  if (data[0] % 2 == 0) {
    const std::string problem = check_zip_crcs(bytes);
    if (problem.find('\n') != std::string::npos) fuzz::broken("a problem of two lines: " + problem);
    if (check_zip_crcs(bytes) != problem) fuzz::broken("two checks of one file disagree");
    return 0;
  }
  // As Network::load reads it (core/json_input.h), on a small stack
  // (fuzz_games.h says why).
  fuzz::run_on_small_stack([&] {
    const JsonInput json = parse_json_input(bytes);
    if (!json.ok()) return;
    NetworkConfig config;
    try {
      config = network_config_from_json(json.value);
    } catch (const GameError&) {
      return;
    }
    const nlohmann::json written = to_json(config);
    if (to_json(network_config_from_json(written)) != written)
      fuzz::broken("a network config does not read back from its JSON: " + written.dump());
    (void)config.flops_per_position();
  });
  return 0;
}
