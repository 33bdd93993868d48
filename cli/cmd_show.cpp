// `inchzero show`: print a position as text or JSON — a position given by
// --position/--moves, or the end of a game record (--record,
// docs/game-records.md).
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/command.h"
#include "cli/game_selection.h"
#include "core/atomic_file.h"
#include "core/move_sample.h"
#include "core/records/text_record.h"

namespace inchzero::cli {
namespace {

struct ShowArgs {
  GameSelection selection;
  std::string format = "text";
  bool legal = false;
  std::string record;
  int record_game = 1;
};

// The position at the end of game `number` of the record file `path`.
// --game, when given, must name the record's game.
std::unique_ptr<State> record_state(const ShowArgs& args, bool game_given) {
  std::string text;
  try {
    text = read_file(args.record);
  } catch (const std::runtime_error& e) {
    throw GameError(e.what());
  }
  LoadedRecord loaded = read_text_record(text, args.record, args.record_game);
  const std::string& name = loaded.game.game->name();
  if (game_given && name != args.selection.game)
    throw GameError(args.record + ": game " + std::to_string(args.record_game) + " is " + name +
                    ", not " + args.selection.game + " (--game)");
  return std::move(loaded.final_state);
}

CommandRunner setup(CLI::App& app) {
  auto args = std::make_shared<ShowArgs>();
  args->selection.add_options(app);
  app.add_option("--format", args->format, "text or json")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  app.add_flag("--legal", args->legal, "also list the legal moves");
  CLI::Option* record =
      app.add_option("--record", args->record,
                     "replay a plain-text game record (docs/game-records.md; `inchzero shards "
                     "dump --format text` writes them) and show where it ends; its headers give "
                     "the game and rules")
          ->check(CLI::ExistingFile);
  app.add_option("--record-game", args->record_game,
                 "which game of a --record file holding several (1 = the first)")
      ->capture_default_str()
      ->check(CLI::Range(1, 1 << 30))
      ->needs(record);
  for (const char* name : {"--rules", "--set", "--position", "--moves"})
    record->excludes(app.get_option(name));
  CLI::Option* game_option = app.get_option("--game");
  return [args, game_option]() {
    std::unique_ptr<State> state;
    if (args->record.empty()) {
      auto game = args->selection.load();
      state = args->selection.load_state(*game);
    } else {
      state = record_state(*args, game_option->count() > 0);
    }
    std::vector<std::string> legal;
    if (args->legal && !state->in_compound_move()) {
      // A tall Inchworm stack has more distribution paths than memory holds.
      constexpr size_t kMaxListed = 1000000;
      std::vector<Move> moves;
      if (!list_legal_moves(*state, kMaxListed, &moves)) {
        throw GameError("more than " + std::to_string(kMaxListed) +
                        " legal moves in this position (a tall stack's distribution paths); "
                        "not listed");
      }
      for (const Move& m : moves) legal.push_back(state->move_to_string(m));
    }
    if (args->format == "json") {
      nlohmann::json j = state->to_json();
      if (args->legal) j["legal_moves"] = legal;
      std::cout << j.dump() << std::endl;
    } else {
      std::cout << state->to_text();
      if (!state->in_compound_move()) std::cout << "position: " << state->to_position() << "\n";
      if (args->legal) {
        std::cout << "legal moves (" << legal.size() << "):";
        for (const auto& m : legal) std::cout << " " << m;
        std::cout << "\n";
      }
    }
    return kExitOk;
  };
}

}  // namespace

extern const CommandSpec kShowCommand{
    "show", "print a position as text or JSON (or where a game record ends: --record)", &setup};

}  // namespace inchzero::cli
