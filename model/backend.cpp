// The backend registry: spec string -> backend.
#include "model/backend.h"

#include <functional>
#include <vector>

#include "core/game.h"
#include "model/backend_registry.h"

namespace inchzero {
namespace {

struct BackendKind {
  const char* prefix;  // spec is exactly this, or this followed by ':' and an argument
  bool takes_argument;
  std::function<std::unique_ptr<InferenceBackend>(const std::string& argument, const BackendShape&,
                                                  const std::string& game,
                                                  const InferenceOptions& inference)>
      make;
};

const std::vector<BackendKind>& backend_kinds() {
  static const std::vector<BackendKind> kinds = {
      {"mock", false,
       [](const std::string&, const BackendShape& s, const std::string&, const InferenceOptions&) {
         return make_mock_backend(s);
       }},
      {"uniform", false,
       [](const std::string&, const BackendShape& s, const std::string&, const InferenceOptions&) {
         return make_uniform_backend(s);
       }},
      {"torch", true,
       [](const std::string& path, const BackendShape& s, const std::string& game,
          const InferenceOptions& inference) {
         return make_torch_backend(path, s, game, inference);
       }},
  };
  return kinds;
}

}  // namespace

std::unique_ptr<InferenceBackend> make_backend(const std::string& spec, const BackendShape& shape,
                                               const std::string& game,
                                               const InferenceOptions& inference) {
  if (shape.input_size <= 0 || shape.num_actions <= 0)
    throw GameError("backend '" + spec + "': input size and action count must be positive");
  const auto colon = spec.find(':');
  const std::string name = spec.substr(0, colon);
  const std::string argument = colon == std::string::npos ? "" : spec.substr(colon + 1);
  std::string known;
  for (const auto& kind : backend_kinds()) {
    known +=
        std::string(known.empty() ? "" : ", ") + kind.prefix + (kind.takes_argument ? ":PATH" : "");
    if (name != kind.prefix) continue;
    if (kind.takes_argument && argument.empty())
      throw GameError("backend '" + spec + "' needs an argument: " + kind.prefix + ":PATH");
    if (!kind.takes_argument && colon != std::string::npos)
      throw GameError("backend '" + name + "' takes no argument (got '" + spec + "')");
    return kind.make(argument, shape, game, inference);
  }
  throw GameError("unknown backend '" + spec + "' (known: " + known + ")");
}

}  // namespace inchzero
