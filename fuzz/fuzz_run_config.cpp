// Run configs (`inchzero run --config`, train/run_config.h): the input is a
// config's YAML text; its lines "#set key=value" (YAML comments) are also
// applied afterwards as command-line overrides are (config_set). A config
// that reads is written back as YAML (to_yaml) that reads to the same
// values, overrides applied or not. Only GameError may refuse an input.
#include <sstream>

#include "fuzz/fuzz_games.h"
#include "train/run_config.h"

namespace {

using namespace inchzero;

// `config`'s own YAML reads back to the same values.
void check_round_trip(const RunConfig& config, const std::string& what) {
  const std::string yaml = config.to_yaml();
  RunConfig again;
  try {
    again = RunConfig::parse_yaml_text(yaml, "the written config");
  } catch (const GameError& e) {
    fuzz::broken(what + ": its YAML does not read back: " + e.what() + "\n" + yaml);
  }
  if (again.to_json() != config.to_json())
    fuzz::broken(what + ": its YAML reads back to other values:\n" + yaml);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  RunConfig config;
  try {
    config = RunConfig::parse_yaml_text(text, "fuzz input");
  } catch (const GameError&) {
    return 0;
  }
  check_round_trip(config, "a config");
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("#set ", 0) != 0) continue;
    try {
      config_set(config, line.substr(5), "");
    } catch (const GameError&) {
      continue;
    }
    // An override sets one key; the checks between keys (and the game's
    // loading) are the config reader's, so the written config may be refused
    // by those: only a config that reads back must read back the same.
    try {
      if (RunConfig::parse_yaml_text(config.to_yaml(), "overridden").to_json() != config.to_json())
        fuzz::broken("an overridden config reads back to other values:\n" + config.to_yaml());
    } catch (const GameError&) {
    }
  }
  return 0;
}
