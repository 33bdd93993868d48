#include "selfplay/signature.h"

#include <cstring>
#include <iomanip>
#include <random>
#include <sstream>

#include "core/fnv.h"
#include "core/registry.h"
#include "model/backend.h"
#include "model/encoder.h"
#include "selfplay/searcher.h"

namespace inchzero {
namespace {

std::string hex(uint64_t v) {
  std::ostringstream out;
  out << std::hex << std::setw(16) << std::setfill('0') << v;
  return out.str();
}

GameSignature sign_game(const std::string& name, int positions, int visits) {
  GameSignature sig;
  sig.game = name;
  const auto game = load_game(name);
  std::shared_ptr<const Encoder> encoder = make_encoder(*game);
  const BackendShape shape{encoder->shape().size(), game->num_actions()};
  std::shared_ptr<InferenceBackend> backend = make_backend("mock", shape);
  std::mt19937_64 rng(20261124);
  Fnv fnv;
  std::vector<float> planes(encoder->shape().size());
  // 1. Positions: every 13th ply of seeded random playouts, until enough
  //    (spread over whole games, not only their openings).
  while (sig.positions < positions) {
    auto state = game->initial_state();
    for (int ply = 0; !state->is_terminal() && sig.positions < positions; ++ply) {
      const std::vector<Action> legal = state->legal_actions();
      if (ply % 13 == 4) {
        // 2. What the rules and the encoder say of the position.
        fnv.value(state->hash());
        fnv.value(state->current_player());
        fnv.value(legal.size());
        fnv.bytes(legal.data(), legal.size() * sizeof(Action));
        sig.legal_actions += static_cast<int64_t>(legal.size());
        encoder->encode(*state, 0, planes.data());
        fnv.bytes(planes.data(), planes.size() * sizeof(float));
        // 3. A fixed search: PUCT and Gumbel in turn, the same seed each time.
        SearchConfig config;
        config.gumbel = sig.positions % 2 == 1;
        Searcher searcher(game, encoder, backend, config, 7);
        searcher.set_position(*state);
        const RootSummary root = searcher.search(visits, /*add_noise=*/false);
        fnv.value(root.visits);
        fnv.value(root.value);
        fnv.value(root.draw);
        for (const RootChild& child : root.children) {
          fnv.value(child.action);
          fnv.value(child.visits);
          fnv.value(child.value);
        }
        for (float p : root.policy_target) fnv.value(p);
        fnv.value(searcher.choose_action(0.0f));
        sig.simulations += searcher.tree().counters().simulations;
        ++sig.positions;
      }
      state->apply_action(legal[rng() % legal.size()]);
    }
    fnv.text(state->is_terminal() ? to_string(state->end_reason()) : "cut");
  }
  fnv.value(sig.simulations);
  sig.hash = fnv.get();
  return sig;
}

}  // namespace

Signature compute_signature(int positions_per_game, int visits) {
  Signature signature;
  Fnv fnv;
  for (const GameEntry& entry : game_table()) {
    signature.games.push_back(sign_game(entry.name, positions_per_game, visits));
    fnv.text(entry.name);
    fnv.value(signature.games.back().hash);
  }
  signature.hash = fnv.get();
  return signature;
}

void print_signature(const Signature& signature, std::ostream& out) {
  for (const GameSignature& g : signature.games)
    out << std::left << std::setw(16) << g.game << " " << g.positions << " positions, "
        << g.legal_actions << " legal actions, " << g.simulations << " simulations, hash "
        << hex(g.hash) << "\n";
  out << "signature " << hex(signature.hash) << "\n";
}

}  // namespace inchzero
