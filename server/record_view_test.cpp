// Records in and out of the page: a game exported as a text record reads
// back into the same moves and result; PGN only for chess; an uploaded
// record naming a rule file is refused before anything is read.
#include "server/record_view.h"

#include <gtest/gtest.h>

#include "core/registry.h"
#include "server/json_body.h"
#include "server/request_error.h"

namespace inchzero {
namespace {

PositionRequest request(const std::string& body) {
  return parse_position_request(JsonBody(body, position_request_keys()));
}

TEST(RecordView, AnExportedGameReadsBack) {
  const auto game = load_game("inchworm-chess", "fide", {"max_plies=40"});
  const auto r = request(R"({"game":"inchworm-chess","rules":"fide","set":["max_plies=40"],)"
                         R"("moves":["f2f3","e7e5","g2g4","d8h4"],"decisions":["from a2"]})");
  const std::string text = export_record(game, r, "text", "you vs random");
  EXPECT_NE(text.find("Network: you vs random"), std::string::npos) << text;
  const auto games = text_records_json(text)["games"];
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0]["game"], "inchworm-chess");
  EXPECT_EQ(games[0]["rules"], "fide");
  EXPECT_EQ(games[0]["set"], std::vector<std::string>{"max_plies=40"});
  EXPECT_EQ(games[0]["moves"], (std::vector<std::string>{"f2f3", "e7e5", "g2g4", "d8h4"}));
  EXPECT_EQ(games[0]["result"], "0-1");
  EXPECT_EQ(games[0]["endReason"], "checkmate");
  const std::string pgn = export_record(game, r, "pgn", "you vs random");
  EXPECT_NE(pgn.find("1. f3 e5 2. g4 Qh4# 0-1"), std::string::npos) << pgn;
}

TEST(RecordView, RefusesWhatItCannotWrite) {
  const auto inchworm = load_game("inchworm", "", {"width=5", "height=5"});
  const auto r = request(R"({"game":"inchworm","set":["width=5","height=5"],"moves":["c3"]})");
  EXPECT_NO_THROW(export_record(inchworm, r, "text", ""));
  EXPECT_THROW(export_record(inchworm, r, "pgn", ""), RequestError);
  EXPECT_THROW(export_record(inchworm, r, "sgf", ""), RequestError);
}

TEST(RecordView, AnUploadedRecordMustNameShippedRules) {
  auto status_of = [](const std::string& text) {
    try {
      text_records_json(text);
      return 200;
    } catch (const RequestError& e) {
      EXPECT_NE(std::string(e.what()), "") << text;
      return e.status;
    }
  };
  EXPECT_EQ(status_of("Game: inchworm\nRules: /etc/passwd\n\n1. d4\n"), 400);
  EXPECT_EQ(status_of("Game: inchworm\nRules: ../secret.yaml\n\n1. d4\n"), 400);
  EXPECT_EQ(status_of("Game: inchworm\nRules: menke\n\n1. d4\n"), 200);
  EXPECT_EQ(status_of("Game: inchworm\n\n1. d4\n2. d9\n"), 400) << "d9 is off the board";
  EXPECT_EQ(status_of("no record here\n"), 400);
}

}  // namespace
}  // namespace inchzero
