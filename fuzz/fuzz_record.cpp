// A shard's record payload (after decompression): refused with a GameError or
// decoded. A decoded record encodes and decodes back to itself, and its moves
// replay under its own rules or are refused with a GameError.
#include "core/records/played_game.h"
#include "fuzz/fuzz_games.h"
#include "selfplay/game_record.h"
#include "selfplay/record_export.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace inchzero;
  GameRecord record;
  try {
    record = decode_record(std::string(reinterpret_cast<const char*>(data), size));
  } catch (const GameError&) {
    return 0;
  }
  if (!(decode_record(encode_record(record)) == record))
    inchzero::fuzz::broken("a decoded record does not survive encode + decode");
  try {
    const PlayedGame played = played_game_from_record(record, "fuzz input", 0);
    (void)replay(played);
  } catch (const GameError&) {
  }
  return 0;
}
