// `inchzero show`: print a position as text or JSON.
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/command.h"
#include "cli/game_selection.h"
#include "core/move_sample.h"

namespace inchzero::cli {
namespace {

struct ShowArgs {
  GameSelection selection;
  std::string format = "text";
  bool legal = false;
};

CommandRunner setup(CLI::App& app) {
  auto args = std::make_shared<ShowArgs>();
  args->selection.add_options(app);
  app.add_option("--format", args->format, "text or json")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  app.add_flag("--legal", args->legal, "also list the legal moves");
  return [args]() {
    auto game = args->selection.load();
    auto state = args->selection.load_state(*game);
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

extern const CommandSpec kShowCommand{"show", "print a position as text or JSON", &setup};

}  // namespace inchzero::cli
