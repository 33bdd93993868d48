// `inchzero bench signature`: the behaviour signature (selfplay/signature.h):
// a fixed search on fixed positions of every game, one hash. CI compares it
// with tests/reference/signature.txt (tests/cli/signature.sh).
#include <iostream>

#include "cli/command.h"
#include "selfplay/signature.h"

namespace inchzero::cli {
namespace {

struct SignatureArgs {
  int positions = 8;
  int visits = 64;
};

CommandRunner setup(CLI::App& app) {
  auto args = std::make_shared<SignatureArgs>();
  app.add_option("--positions", args->positions, "positions per game")
      ->capture_default_str()
      ->check(CLI::Range(1, 10000));
  app.add_option("--visits", args->visits, "visits of each search")
      ->capture_default_str()
      ->check(CLI::Range(1, 100000));
  app.footer(
      "The defaults give the signature CI checks (tests/reference/signature.txt). A change that "
      "is meant to alter rules, encoders or search updates that file in the same commit.");
  return [args]() {
    print_signature(compute_signature(args->positions, args->visits), std::cout);
    return kExitOk;
  };
}

}  // namespace

extern const CommandSpec kBenchSignature{
    "signature", "one hash of a fixed search on fixed positions of every game (rules, encoders, "
                 "search)",
    &setup};

}  // namespace inchzero::cli
