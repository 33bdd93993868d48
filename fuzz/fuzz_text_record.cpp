// Text game records (docs/game-records.md): refused with a GameError or read;
// a record read is written and read back as the same moves.
#include "core/records/played_game.h"
#include "core/records/text_record.h"
#include "fuzz/fuzz_games.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace inchzero;
  std::vector<LoadedRecord> records;
  try {
    records = read_text_records(std::string(reinterpret_cast<const char*>(data), size), "fuzz");
  } catch (const GameError&) {
    return 0;
  }
  for (const LoadedRecord& loaded : records) {
    std::vector<LoadedRecord> again;
    try {
      again = read_text_records(write_text_record(loaded.game), "fuzz rewritten");
    } catch (const GameError& e) {
      inchzero::fuzz::broken(std::string("a record read does not read back once written: ") +
                             e.what());
    }
    if (again.size() != 1 || move_texts(again[0].game) != move_texts(loaded.game))
      inchzero::fuzz::broken("a record read reads back with other moves once written");
  }
  return 0;
}
