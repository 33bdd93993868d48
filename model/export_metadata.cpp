#include "model/export_metadata.h"

#include <nlohmann/json.hpp>

#include "core/registry.h"
#include "model/encoder.h"
#include "model/export_interface.h"

namespace inchzero {
namespace {

// Where each game's decision actions and encoder planes are documented.
struct GameDocs {
  const char* game;
  const char* action_section;  // heading in docs/action-space.md
  const char* encoder_header;
};
constexpr GameDocs kGameDocs[] = {
    {"inchworm", "Inchworm", "model/encoders/inchworm_encoder.h"},
    {"invector", "Invector", "model/encoders/invector_encoder.h"},
    {"steere-inchworm", "Steere's Inchworm", "model/encoders/steere_inchworm_encoder.h"},
    {"inchworm-chess", "Inchworm Chess and Long Worm Chess", "model/encoders/chess_encoder.h"},
    {"longworm-chess", "Inchworm Chess and Long Worm Chess", "model/encoders/chess_encoder.h"},
};

const GameDocs* docs_of(const std::string& game) {
  for (const GameDocs& d : kGameDocs)
    if (game == d.game) return &d;
  return nullptr;
}

// Every option of the game's schema with its resolved value: integers as
// numbers, booleans as booleans, choices as their names.
nlohmann::json rule_options(const Game& game) {
  nlohmann::json out = nlohmann::json::object();
  const RuleOptions& options = game.options();
  for (const OptionSpec& spec : find_game(game.name()).schema().specs()) {
    switch (spec.kind) {
      case OptionSpec::Kind::Int:
        out[spec.name] = options.get_int(spec.name);
        break;
      case OptionSpec::Kind::Bool:
        out[spec.name] = options.get_bool(spec.name);
        break;
      case OptionSpec::Kind::Choice:
        out[spec.name] = options.get_choice(spec.name);
        break;
    }
  }
  return out;
}

nlohmann::json tensors(const std::vector<ExportTensor>& list) {
  nlohmann::json out = nlohmann::json::array();
  for (const ExportTensor& t : list) {
    nlohmann::json shape = nlohmann::json::array();
    for (int64_t d : t.shape)
      shape.push_back(d < 0 ? nlohmann::json(kBatchDimension) : nlohmann::json(d));
    out.push_back({{"name", t.name}, {"shape", shape}});
  }
  return out;
}

nlohmann::json known_or_unknown(const std::string& value) {
  return value.empty() ? "unknown" : value;
}

}  // namespace

nlohmann::json export_metadata(const NetworkConfig& config, const NetworkProvenance& provenance,
                               const std::string& model_format) {
  const std::shared_ptr<const Game> game = load_game_from_label(config.game, config.rules);
  const std::unique_ptr<Encoder> encoder = make_encoder(*game);
  check_network_fits(config, provenance.source.empty() ? "(network)" : provenance.source,
                     game->name(), encoder->shape().size(), game->num_actions());
  const GameDocs* docs = docs_of(game->name());
  const std::string action_doc =
      docs ? std::string("docs/action-space.md, section \"") + docs->action_section + "\""
           : std::string("docs/action-space.md");
  const std::string encoder_doc =
      docs ? std::string(docs->encoder_header) + "; " + action_doc : action_doc;
  const int aux = config.arch.aux_outputs;
  nlohmann::json m = {
      {"format", "inchzero-export"},
      {"format_version", kExportMetadataVersion},
      {"model_format", model_format},
      {"game", game->name()},
      {"rules", config.rules.empty() ? "default" : config.rules},
      {"rule_options", rule_options(*game)},
      {"board", {{"height", config.input.height}, {"width", config.input.width}}},
      {"inputs", tensors(export_inputs(config))},
      {"outputs", tensors(export_outputs(config))},
      {"input_layout",
       "float32 NCHW, row-major: planes[b][c][rank][file], cell = rank * width + file"},
      {"plane_names", encoder->plane_names()},
      {"encoder_version", encoder->version()},
      {"encoder_documentation", encoder_doc},
      {"point_of_view",
       "the player to move (State::current_player(): the player making the next decision, "
       "also inside a compound move); every game's planes are written for that player"},
      {"num_actions", config.num_actions},
      {"action_space", action_doc},
      {"policy",
       "policy_logits: one unnormalised logit per decision action; mask the illegal actions, "
       "then softmax over the legal ones"},
      {"value",
       "wdl: probabilities (softmax in the graph) that the player to move wins, draws, loses "
       "— wdl[0] win, wdl[1] draw, wdl[2] loss, from the point of view of the player to move"},
      {"aux_outputs", aux},
      {"aux", aux > 0 ? "aux[0]: the expected final points margin of the player to move, "
                        "(ours - theirs) / (ours + theirs) of the points at the game's end: its "
                        "score, or for a game without one its heuristic points (chess material, "
                        "Invector's stones, checkers borne off); 0 when both are 0; further aux "
                        "outputs are untrained"
                      : "none"},
      {"network", to_json(config)},
      {"source", known_or_unknown(provenance.source)},
      {"run", known_or_unknown(provenance.run)},
      {"iteration", provenance.iteration >= 0 ? nlohmann::json(provenance.iteration) : "unknown"},
      {"seed", known_or_unknown(provenance.seed)},
      {"run_config", known_or_unknown(provenance.run_config)},
  };
  return m;
}

std::vector<std::pair<std::string, std::string>> metadata_strings(const nlohmann::json& metadata) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& [key, value] : metadata.items())
    out.emplace_back(key, value.is_string() ? value.get<std::string>() : value.dump());
  return out;
}

}  // namespace inchzero
