// `inchzero analyse`: the analysis engine — one JSON query per line on
// stdin, one JSON answer per line on stdout (docs/engine-protocol.md).
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/command.h"
#include "cli/engine_choice.h"
#include "engine/analysis_engine.h"

namespace inchzero::cli {
namespace {

struct AnalyseArgs {
  EngineChoice engine;
  AnalysisEngineOptions options;
};

CommandRunner setup(CLI::App& app) {
  auto args = std::make_shared<AnalyseArgs>();
  args->engine.add_options(app);
  app.add_option("--threads", args->options.threads, "queries searched at once")
      ->capture_default_str()
      ->check(CLI::Range(1, 256));
  app.footer(
      "Example:\n"
      "  echo '{\"id\":\"a\",\"moves\":[],\"maxVisits\":200}' | inchzero analyse --model "
      "runs/default\n"
      "Protocol (queries, answers, errors, terminate): docs/engine-protocol.md");
  return [args, &app]() {
    EngineContext context(args->engine.resolve(app));
    std::cerr << "inchzero analyse: ready (" << context.describe().dump()
              << "); one JSON query per line\n";
    serve_analysis(context, std::cin, std::cout, args->options);
    return kExitOk;
  };
}

}  // namespace

extern const CommandSpec kAnalyseCommand{
    "analyse", "analysis engine: JSON queries on stdin, JSON answers on stdout", &setup};

}  // namespace inchzero::cli
