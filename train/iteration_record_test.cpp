#include "train/iteration_record.h"

#include <gtest/gtest.h>

#include "core/game.h"

namespace inchzero {
namespace {

// A line as the run loop writes it: the typed keys and the phases' reports
// beside the evaluation's keys, all at the top level.
const char* const kLine = R"({
  "iteration": 3, "time": "2026-12-02T01:00:00Z", "elapsed_minutes": 4.5,
  "iteration_seconds": 61.25, "network": "networks/it3.pt",
  "selfplay": {"games": 40, "games_per_s": 1.5}, "train": {"steps": 10, "policy_loss": 2.1},
  "replay": {"total_games": 120}, "eval": {"previous": {"score": 0.6}},
  "elo": {"vs_previous": 70.4, "cumulative": 210.0}
})";

TEST(IterationRecord, ALineReadsIntoItsFieldsAndWritesBackUnchanged) {
  const nlohmann::json line = nlohmann::json::parse(kLine);
  const IterationRecord r = IterationRecord::from_json(line, "metrics.jsonl:4");
  EXPECT_EQ(r.iteration, 3);
  EXPECT_EQ(r.time, "2026-12-02T01:00:00Z");
  EXPECT_DOUBLE_EQ(r.elapsed_minutes, 4.5);
  EXPECT_DOUBLE_EQ(r.iteration_seconds, 61.25);
  EXPECT_EQ(r.network, "networks/it3.pt");
  EXPECT_EQ(r.selfplay["games"], 40);
  EXPECT_EQ(r.train["steps"], 10);
  EXPECT_EQ(r.replay["total_games"], 120);
  // Only the evaluation's keys are the evaluation.
  EXPECT_EQ(r.evaluation.size(), 2u);
  ASSERT_TRUE(r.cumulative_elo().has_value());
  EXPECT_DOUBLE_EQ(*r.cumulative_elo(), 210.0);
  EXPECT_EQ(r.to_json(), line);
}

// A checkpoint's pending record (before the evaluation) and iteration 0
// (no self-play, no training) leave out what they do not have.
TEST(IterationRecord, WhatARecordDoesNotHaveIsLeftOut) {
  IterationRecord pending;
  pending.selfplay = {{"games", 2}};
  pending.iteration_seconds = 3;
  EXPECT_EQ(pending.to_json(), nlohmann::json::parse(R"({"selfplay": {"games": 2},
                                                         "iteration_seconds": 3.0})"));
  const IterationRecord back = IterationRecord::from_json(pending.to_json(), "checkpoint");
  EXPECT_EQ(back.iteration, -1);
  EXPECT_TRUE(back.train.is_null());
  EXPECT_TRUE(back.evaluation.empty());
  EXPECT_FALSE(back.cumulative_elo().has_value());
}

TEST(IterationRecord, AKeyOfTheWrongTypeIsNamed) {
  auto error_of = [](const char* text) {
    try {
      IterationRecord::from_json(nlohmann::json::parse(text), "m.jsonl:7");
    } catch (const GameError& e) {
      return std::string(e.what());
    }
    return std::string("(read)");
  };
  EXPECT_EQ(error_of(R"({"iteration_seconds": "slow"})"),
            "m.jsonl:7: 'iteration_seconds' is string, not a number");
  EXPECT_EQ(error_of(R"({"network": 5})"), "m.jsonl:7: 'network' is number, not a string");
  EXPECT_EQ(error_of(R"({"train": [1]})"), "m.jsonl:7: 'train' is array, not an object");
  EXPECT_EQ(error_of("[1, 2]"), "m.jsonl:7: not a JSON object");
  EXPECT_EQ(error_of(R"({"iteration": true})"), "m.jsonl:7: 'iteration' is boolean, not a number");
}

}  // namespace
}  // namespace inchzero
