// `inchzero uci`: a UCI engine for FIDE chess, Inchworm Chess and Long Worm
// Chess (engine/uci_engine.h), driven by any UCI GUI or client.
#include <iostream>

#include "cli/command.h"
#include "cli/engine_choice.h"
#include "core/registry.h"
#include "engine/uci_engine.h"

namespace inchzero::cli {
namespace {

CommandRunner setup(CLI::App& app) {
  auto engine = std::make_shared<EngineChoice>();
  engine->add_options(app);
  // Without a network the game is FIDE chess unless --game/--rules say otherwise.
  engine->selection.game = "inchworm-chess";
  engine->selection.rules = "fide";
  app.footer(
      "UCI_Variant: chess | inchworm-chess | longworm-chess. Examples:\n"
      "  inchzero uci --player uct:200            (no network needed)\n"
      "  inchzero uci --model runs/chess          (a network trained on a chess game)");
  return [engine, &app]() {
    if (app.count("--game") && !app.count("--rules")) engine->selection.rules.clear();
    EngineOptions options = engine->resolve(app);
    if (options.game && options.game->name().find("chess") == std::string::npos)
      throw GameError("uci speaks chess only; '" + options.game->name() +
                      "' is not a chess game (use `inchzero analyse`)");
    EngineContext context(options);
    if (context.default_game()->name().find("chess") == std::string::npos)
      throw GameError("uci speaks chess only; this network plays '" +
                      context.default_game()->name() + "' (use `inchzero analyse`)");
    return serve_uci(context, std::cin, std::cout);
  };
}

}  // namespace

extern const CommandSpec kUciCommand{
    "uci", "UCI engine for the chess games (FIDE, Inchworm Chess, Long Worm Chess)", &setup};

}  // namespace inchzero::cli
