// `inchzero shards dump|verify`: look into self-play shard files
// (docs/shard-format.md).
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/command.h"
#include "selfplay/shard.h"

namespace inchzero::cli {
namespace {

struct ShardsArgs {
  std::vector<std::string> dump_paths, verify_paths;
};

// One JSON object per game and line; a bad file is reported on stderr and
// the other files are still dumped.
int dump(const std::vector<std::string>& paths) {
  int bad = 0;
  for (const auto& path : list_shards(paths)) {
    try {
      for (const GameRecord& record : read_shard(path))
        std::cout << record.to_json().dump() << "\n";
    } catch (const GameError& e) {
      std::cerr << "inchzero shards dump: " << e.what() << "\n";
      ++bad;
    }
  }
  std::cout.flush();
  return bad ? kExitBadInput : kExitOk;
}

// OK/BAD per file, a summary line, and exit 2 if any file is bad.
int verify(const std::vector<std::string>& paths) {
  const auto files = list_shards(paths);
  int64_t games = 0, bad = 0;
  for (const auto& path : files) {
    const ShardCheck check = verify_shard(path);
    if (check.ok) {
      std::cout << "OK  " << path << " (" << check.games << " games)\n";
      games += check.games;
    } else {
      std::cout << "BAD " << check.error << "\n";
      ++bad;
    }
  }
  std::cout << files.size() - bad << " of " << files.size() << " files OK, " << games
            << " games in the good files\n";
  return bad ? kExitBadInput : kExitOk;
}

CommandRunner setup(CLI::App& app) {
  auto args = std::make_shared<ShardsArgs>();
  app.require_subcommand(1);
  CLI::App* dump_app = app.add_subcommand("dump", "print every game as one JSON object per line");
  dump_app->add_option("paths", args->dump_paths, "shard files or directories of *.shard files")
      ->required();
  CLI::App* verify_app =
      app.add_subcommand("verify", "check every file's checksums and structure (OK/BAD per file)");
  verify_app->add_option("paths", args->verify_paths, "shard files or directories of *.shard files")
      ->required();
  return [args, dump_app]() {
    return dump_app->parsed() ? dump(args->dump_paths) : verify(args->verify_paths);
  };
}

}  // namespace

extern const CommandSpec kShardsCommand{
    "shards", "inspect self-play shard files: dump as JSON Lines, verify checksums", &setup};

}  // namespace inchzero::cli
