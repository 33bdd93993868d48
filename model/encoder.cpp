// The table of encoders: game name -> factory. Adding a game's encoder is one
// row here.
#include "model/encoder.h"

#include <vector>

#include "model/encoders/chess_encoder.h"
#include "model/encoders/inchworm_encoder.h"
#include "model/encoders/invector_encoder.h"
#include "model/encoders/steere_inchworm_encoder.h"

namespace inchzero {
namespace {

struct EncoderEntry {
  const char* game;
  std::unique_ptr<Encoder> (*make)(const Game& game);
};

const std::vector<EncoderEntry>& encoder_table() {
  static const std::vector<EncoderEntry> table = {
      {"inchworm", &make_inchworm_encoder},
      {"invector", &make_invector_encoder},
      {"steere-inchworm", &make_steere_inchworm_encoder},
      {"inchworm-chess", &make_chess_encoder},
      {"longworm-chess", &make_chess_encoder},
  };
  return table;
}

}  // namespace

std::unique_ptr<Encoder> make_encoder(const Game& game) {
  std::string known;
  for (const EncoderEntry& entry : encoder_table()) {
    if (game.name() == entry.game) return entry.make(game);
    known += (known.empty() ? "" : ", ") + std::string(entry.game);
  }
  throw GameError("no encoder for game '" + game.name() +
                  "' (encoders: " + (known.empty() ? "none yet" : known) + ")");
}

}  // namespace inchzero
