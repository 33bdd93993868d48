// `inchzero perft`: count full moves to a depth (the move generator's check).
#include <iostream>

#include "cli/command.h"
#include "cli/game_selection.h"
#include "core/perft.h"

namespace inchzero::cli {
namespace {

struct PerftArgs {
  GameSelection selection;
  int depth = 1;
  bool divide = false;
};

CommandRunner setup(CLI::App& app) {
  auto args = std::make_shared<PerftArgs>();
  args->selection.add_options(app);
  app.add_option("--depth", args->depth, "plies (full moves) to count")
      ->required()
      ->check(CLI::Range(0, 64));
  app.add_flag("--divide", args->divide, "print the count below each legal move");
  return [args]() {
    auto game = args->selection.load();
    auto state = args->selection.load_state(*game);
    uint64_t total = 0;
    if (args->divide) {
      for (const auto& [move, count] : perft_divide(*state, args->depth)) {
        std::cout << move << ": " << count << "\n";
        total += count;
      }
      std::cout << "\n";
      if (args->depth == 0) total = 1;
    } else {
      total = perft(*state, args->depth);
    }
    std::cout << "Nodes searched: " << total << std::endl;
    return kExitOk;
  };
}

}  // namespace

extern const CommandSpec kPerftCommand{
    "perft", "count full moves to a depth (move generator check)", &setup};

}  // namespace inchzero::cli
