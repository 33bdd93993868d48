// `inchzero shards dump|verify`: look into self-play shard files
// (docs/shard-format.md); dump writes them as JSON Lines, plain-text game
// records or PGN (docs/game-records.md).
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/command.h"
#include "core/atomic_file.h"
#include "core/records/pgn.h"
#include "core/records/text_record.h"
#include "selfplay/record_export.h"
#include "selfplay/shard.h"

namespace inchzero::cli {
namespace {

struct ShardsArgs {
  std::vector<std::string> dump_paths, verify_paths;
  std::string format = "json";
  std::string out;
};

// One game in the chosen format: a JSON line, a text record or PGN.
std::string format_game(const GameRecord& record, const std::string& format,
                        const std::string& path, int64_t number) {
  if (format == "json") return record.to_json().dump() + "\n";
  const PlayedGame game = played_game_from_record(record, path, number);
  return format == "pgn" ? write_pgn(game) : write_text_record(game);
}

// Every game of every file; a bad file is reported on stderr and the other
// files are still dumped. A game that cannot be written (PGN of a game that
// is not chess, a record that does not replay) stops the dump, naming it.
int dump(const ShardsArgs& args) {
  std::ostringstream buffer;
  std::ostream& out = args.out.empty() ? std::cout : buffer;
  int bad = 0;
  for (const auto& path : list_shards(args.dump_paths)) {
    std::vector<GameRecord> records;
    try {
      records = read_shard(path);
    } catch (const GameError& e) {
      std::cerr << "inchzero shards dump: " << e.what() << "\n";
      ++bad;
      continue;
    }
    for (size_t i = 0; i < records.size(); ++i) {
      const int64_t number = static_cast<int64_t>(i) + 1;
      try {
        out << format_game(records[i], args.format, path, number);
      } catch (const GameError& e) {
        throw GameError(path + " game " + std::to_string(number) + ": " + e.what());
      }
    }
  }
  if (args.out.empty())
    std::cout.flush();
  else
    write_file_atomically(args.out, buffer.str());
  return bad ? kExitBadInput : kExitOk;
}

// OK/BAD per file, a summary line, and exit 2 if any file is bad.
int verify(const std::vector<std::string>& paths) {
  const auto files = list_shards(paths);
  if (files.empty()) {
    std::cerr << "inchzero shards verify: no shard files (*.shard) in";
    for (const auto& p : paths) std::cerr << " '" << p << "'";
    std::cerr << "\n";
    return kExitBadInput;
  }
  int64_t games = 0, bad = 0;
  std::string first_error;
  for (const auto& path : files) {
    const ShardCheck check = verify_shard(path);
    if (check.ok) {
      std::cout << "OK  " << path << " (" << check.games << " games)\n";
      games += check.games;
    } else {
      std::cout << "BAD " << check.error << "\n";
      if (bad++ == 0) first_error = check.error;
    }
  }
  std::cout << files.size() - bad << " of " << files.size() << " files OK, " << games
            << " games in the good files\n";
  if (bad)
    std::cerr << "inchzero shards verify: " << bad << " of " << files.size()
              << " files damaged; the first: " << first_error << "\n";
  return bad ? kExitBadInput : kExitOk;
}

CommandRunner setup(CLI::App& app) {
  auto args = std::make_shared<ShardsArgs>();
  app.require_subcommand(1);
  CLI::App* dump_app = app.add_subcommand(
      "dump", "print every game: JSON Lines, plain-text game records or PGN (chess)");
  dump_app->add_option("paths", args->dump_paths, "shard files or directories of *.shard files")
      ->required();
  dump_app
      ->add_option("--format", args->format,
                   "json: one object per game and line (every decision and its search); "
                   "text: the plain-text game record of any game, which `inchzero show "
                   "--record` replays; pgn: PGN of the chess games (SAN for FIDE chess, "
                   "a Variant tag and inchzero's notation for Inchworm / Long Worm Chess). "
                   "See docs/game-records.md")
      ->check(CLI::IsMember({"json", "text", "pgn"}))
      ->capture_default_str();
  dump_app->add_option("--out", args->out,
                       "write to this file (complete or not at all) instead of stdout");
  CLI::App* verify_app =
      app.add_subcommand("verify", "check every file's checksums and structure (OK/BAD per file)");
  verify_app->add_option("paths", args->verify_paths, "shard files or directories of *.shard files")
      ->required();
  return
      [args, dump_app]() { return dump_app->parsed() ? dump(*args) : verify(args->verify_paths); };
}

}  // namespace

extern const CommandSpec kShardsCommand{
    "shards", "inspect self-play shard files: dump as JSON Lines, game records or PGN; verify",
    &setup};

}  // namespace inchzero::cli
