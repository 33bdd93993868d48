// `inchzero play`: play a game in the terminal against a network or any
// player (engine/terminal_game.h). Moves and commands come on standard
// input, so a game can also be scripted.
#include <filesystem>
#include <iostream>

#include "cli/command.h"
#include "cli/engine_choice.h"
#include "core/atomic_file.h"
#include "core/quoted_text.h"
#include "core/records/pgn.h"
#include "core/records/text_record.h"
#include "engine/terminal_game.h"
#include "selfplay/players/player_spec.h"

namespace inchzero::cli {
namespace {

// `save FILE` writes a file in a folder that exists: a typo in a folder name
// must not create folders the user did not ask for, and a folder is not a
// file name. Throws GameError saying which.
void check_save_path(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path target(path);
  if (fs::is_directory(target, ec))
    throw GameError("'" + quoted_excerpt(path) + "' is a folder; give a file name in it");
  const fs::path folder = target.parent_path();
  if (folder.empty() || fs::is_directory(folder, ec)) return;
  throw GameError(fs::exists(folder, ec)
                      ? "'" + quoted_excerpt(folder.string()) + "' is not a folder"
                      : "no folder '" + quoted_excerpt(folder.string()) +
                            "' (save creates no folders: make it first)");
}

struct PlayArgs {
  EngineChoice engine;
  std::string side = "first";
  int hint_visits = 0;
};

CommandRunner setup(CLI::App& app) {
  auto args = std::make_shared<PlayArgs>();
  app.add_option("--opponent", args->engine.player,
                 "who you play: " + player_spec_grammar() +
                     " (net PATH: a network file or a run folder, its newest network)")
      ->required();
  app.add_option("--as", args->side, "your side")
      ->check(CLI::IsMember({"first", "second"}))
      ->capture_default_str();
  app.add_option("--hint-visits", args->hint_visits, "visits of a hint (default: the opponent's)")
      ->check(CLI::Range(1, 1000000));
  args->engine.add_play_options(app);
  app.footer("Commands at the prompt: moves, undo, hint, resign, save FILE, help, quit.");
  return [args, &app]() {
    EngineOptions options = args->engine.resolve(app);
    EngineContext context(options);
    const auto game = context.default_game();
    TerminalGameOptions play;
    play.human = args->side == "first" ? 0 : 1;
    play.seed = args->engine.seed;
    play.opponent = args->engine.player;
    play.hint_visits = args->hint_visits;
    const auto start = args->engine.selection.load_state(*game);
    // `save FILE`: the plain-text record (docs/game-records.md), or PGN for a
    // chess game saved as *.pgn.
    play.save = [game, args, human = play.human](const std::string& path, const State& from,
                                                 const std::vector<Move>& moves, int winner,
                                                 EndReason end_reason) {
      PlayedGame record;
      record.game = game;
      record.rules_label = game->options().label();
      if (from.to_position() != game->initial_state()->to_position())
        record.start_position = from.to_position();
      record.moves = moves;
      record.winner = winner;
      record.end_reason = end_reason;
      record.origin.event = "inchzero play";
      record.origin.network =
          human == 0 ? "you vs " + args->engine.player : args->engine.player + " vs you";
      check_save_path(path);
      const bool pgn = path.size() > 4 && path.substr(path.size() - 4) == ".pgn";
      if (pgn && !pgn_supports(*game))
        throw GameError("PGN holds the chess games only; save to a .txt file");
      write_file_atomically(path, pgn ? write_pgn(record) : write_text_record(record));
    };
    return play_in_terminal(context, game, *start, play, std::cin, std::cout);
  };
}

}  // namespace

extern const CommandSpec kPlayCommand{
    "play", "play a game in the terminal against a network or any player", &setup};

}  // namespace inchzero::cli
