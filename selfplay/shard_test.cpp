// Shard files: round trip, and clear errors for damaged files.
#include "selfplay/shard.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <random>

#include "core/registry.h"
#include "core/rules_fingerprint.h"
#include "tests/learning/tiny_network.h"

namespace inchzero {
namespace {
namespace fs = std::filesystem;

GameRecord random_record(uint64_t seed) {
  std::mt19937_64 rng(seed);
  GameRecord r;
  r.game = "toy";
  r.rules_label = "default+x=" + std::to_string(seed % 7);
  r.rules_yaml = "x: " + std::to_string(seed % 7) + "\ny: flat\n";
  r.network = "net-" + std::to_string(seed);
  r.seed = rng();
  r.game_index = static_cast<int64_t>(seed);
  const int n = 1 + static_cast<int>(rng() % 60);
  for (int i = 0; i < n; ++i) {
    DecisionRecord d;
    d.action = static_cast<Action>(rng() % 300);
    d.player = static_cast<int8_t>(rng() % 2);
    d.flags = static_cast<uint8_t>(rng() % 4);
    d.num_legal = static_cast<uint16_t>(1 + rng() % 200);
    d.root_value = std::uniform_real_distribution<float>(-1, 1)(rng);
    d.root_draw = std::uniform_real_distribution<float>(0, 1)(rng);
    d.root_visits = static_cast<uint32_t>(rng() % 1000);
    for (int k = 0, m = static_cast<int>(rng() % 8); k < m; ++k) {
      d.visits.emplace_back(static_cast<Action>(k * 3), static_cast<uint32_t>(rng() % 500));
    }
    r.decisions.push_back(d);
  }
  r.winner = static_cast<int>(rng() % 3) - 1;
  r.end_reason = r.winner < 0 ? EndReason::kCap : EndReason::kTarget;
  r.plies = n / 2;
  r.final_state = R"({"scores":[3,)" + std::to_string(seed) + "]}";
  if (seed % 3 != 0) r.final_points = {3.0, static_cast<double>(seed) + 0.5};
  r.rules_fingerprint = rng();
  r.resign_enabled = seed % 2;
  if (!r.resign_enabled) r.would_resign_player = 1, r.would_resign_ply = 12;
  return r;
}

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}
void write_file(const fs::path& p, const std::string& bytes) {
  std::ofstream(p, std::ios::binary) << bytes;
}

TEST(GameRecord, BinaryRoundTrip) {
  for (uint64_t seed = 0; seed < 20; ++seed) {
    const GameRecord r = random_record(seed);
    EXPECT_EQ(decode_record(encode_record(r)), r) << seed;
  }
}

TEST(GameRecord, DecodeRejectsTruncatedPayload) {
  const std::string bytes = encode_record(random_record(3));
  EXPECT_THROW(decode_record(bytes.substr(0, bytes.size() - 3)), GameError);
  EXPECT_THROW(decode_record(bytes + "x"), GameError);
}

TEST(GameRecord, DecodeRejectsABadTypedOutcome) {
  GameRecord r = random_record(4);
  const auto with_meta = [&](const std::string& from, const std::string& to) {
    std::string bytes = encode_record(r);
    const size_t at = bytes.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    // The metadata's length prefix stays right when `to` is as long as `from`.
    EXPECT_EQ(from.size(), to.size());
    return bytes.replace(at, from.size(), to);
  };
  r.rules_fingerprint = 0x0123456789abcdefull;
  r.final_points = {1, 2};
  try {
    decode_record(with_meta("0123456789abcdef", "0123456789abcdeg"));
    FAIL() << "a fingerprint that is not hex was read";
  } catch (const GameError& e) {
    EXPECT_NE(std::string(e.what()).find("'rules_fingerprint' is not 16 hex digits"),
              std::string::npos)
        << e.what();
  }
  EXPECT_THROW(decode_record(with_meta("[1.0,2.0]", "[1.0,\"x\"]")), GameError);
  EXPECT_THROW(decode_record(encode_record(r), 3), GameError);
}

// A record's typed outcome: both players' points where the game keeps a
// score (Inchworm's captures), none where it does not (Invector's stones are
// a heuristic), and the fingerprint it is given.
TEST(GameRecord, TypedOutcomeHasPointsOnlyForGamesThatKeepAScore) {
  auto inchworm = load_game("inchworm", "small");
  // The initial 6 x 6 board, the scores 4 and 2 (position notation: ranks,
  // side, stocks, prisoners, scores, ply, plies since a capture, passes).
  auto state = inchworm->state_from_position("6/6/6/6/6/6 r 12,12 0,0 4,2 0 0 0");
  GameRecord r;
  set_typed_outcome(r, *state, 7);
  EXPECT_EQ(r.final_points, (std::vector<double>{4, 2}));
  EXPECT_EQ(r.rules_fingerprint, 7u);
  auto invector = load_game("invector");
  set_typed_outcome(r, *invector->initial_state(), 9);
  EXPECT_TRUE(r.final_points.empty());
  EXPECT_EQ(r.rules_fingerprint, 9u);
}

// Shards of the previous format (version 1, written by inchzero before the
// typed outcome; tests/data/shards-v1/README.md says how) still load: the
// fingerprint comes from the rules text, the final points from the final
// position's "scores", and only where the game keeps a score.
TEST(Shard, Version1ShardsLoadWithADerivedTypedOutcome) {
  const std::string data = std::string(INCHZERO_SOURCE_DIR) + "/tests/data/shards-v1/";
  const std::vector<GameRecord> inchworm = read_shard(data + "inchworm-4x4.shard");
  ASSERT_EQ(inchworm.size(), 2u);
  const uint64_t small_4x4 = behaviour_fingerprint(*load_game(
      "inchworm", "small", {"width=4", "height=4", "stock=6", "target_score=3", "max_plies=80"}));
  std::map<std::string, std::vector<double>> points_by_end;
  for (const GameRecord& r : inchworm) {
    EXPECT_EQ(r.rules_fingerprint, small_4x4);
    points_by_end[to_string(r.end_reason)] = r.final_points;
  }
  EXPECT_EQ(points_by_end["target"], (std::vector<double>{4, 2}));
  EXPECT_EQ(points_by_end["cap"], (std::vector<double>{0, 0}));

  const std::vector<GameRecord> invector = read_shard(data + "invector-4x3.shard");
  ASSERT_EQ(invector.size(), 4u);
  const uint64_t invector_4x3 =
      behaviour_fingerprint(*load_game("invector", "", {"width=4", "height=3", "max_plies=30"}));
  for (const GameRecord& r : invector) {
    EXPECT_EQ(r.rules_fingerprint, invector_4x3);
    EXPECT_TRUE(r.final_points.empty());  // Invector keeps no score
  }
  // Written again, they are version 2 records with the same typed outcome.
  for (const GameRecord& r : invector) EXPECT_EQ(decode_record(encode_record(r)), r);
}

TEST(Shard, WriterRoundTripsRecordsAcrossShards) {
  testing::TempFolder dir("shard_test");
  std::vector<GameRecord> written;
  {
    ShardWriter writer(dir.path().string(), "games", 4);
    for (uint64_t i = 0; i < 10; ++i) {
      written.push_back(random_record(100 + i));
      writer.add(written.back());
    }
    EXPECT_EQ(writer.finished_files().size(), 2u);  // the third, partial shard is still open
  }                                                 // the destructor finishes it
  const auto files = list_shards({dir.path().string()});
  ASSERT_EQ(files.size(), 3u);
  for (const auto& f : files) EXPECT_FALSE(fs::exists(f + ".tmp"));
  const LoadedShards loaded = load_shards({dir.path().string()});
  EXPECT_TRUE(loaded.bad.empty());
  EXPECT_EQ(loaded.games, written);
}

TEST(Shard, NewWriterDoesNotOverwriteExistingShards) {
  testing::TempFolder dir("shard_test");
  { ShardWriter(dir.path().string(), "g", 2).add(random_record(1)); }
  { ShardWriter(dir.path().string(), "g", 2).add(random_record(2)); }
  EXPECT_EQ(load_shards({dir.path().string()}).games.size(), 2u);
}

// Another process publishes the name a writer meant to use while it was
// writing: the writer takes the next number, and the other file is intact.
TEST(Shard, NameTakenWhileWritingGoesToTheNextNumber) {
  testing::TempFolder dir("shard_test");
  ShardWriter writer(dir.path().string(), "ext-w", 2);
  writer.add(random_record(8));  // opens ext-w-000000.shard.tmp
  // Another process publishes ext-w-000000.shard meanwhile.
  const fs::path taken = dir.path() / "ext-w-000000.shard";
  {
    ShardFileWriter other((dir.path() / "elsewhere").string());
    other.add(random_record(7));
    other.finish();
    fs::rename(dir.path() / "elsewhere", taken);
  }
  writer.add(random_record(9));  // the second game finishes the shard
  ASSERT_EQ(writer.finished_files().size(), 1u);
  EXPECT_EQ(writer.finished_files()[0], (dir.path() / "ext-w-000001.shard").string());
  EXPECT_EQ(read_shard(taken.string()), std::vector<GameRecord>{random_record(7)});
  EXPECT_EQ(load_shards({dir.path().string()}).games.size(), 3u);
}

// A shard never replaces a file of its name: without another name to take,
// finish() throws, the existing file is untouched and no temporary is left.
TEST(Shard, FinishNeverReplacesAFile) {
  testing::TempFolder dir("shard_test");
  const std::string path = (dir.path() / "s.shard").string();
  {
    ShardFileWriter w(path);
    w.add(random_record(1));
    w.finish();
  }
  const auto before = read_shard(path);
  ShardFileWriter w(path);
  w.add(random_record(2));
  w.add(random_record(3));
  try {
    w.finish();
    FAIL() << "an existing shard was replaced";
  } catch (const GameError& e) {
    EXPECT_NE(std::string(e.what()).find("already exists"), std::string::npos) << e.what();
  }
  EXPECT_EQ(read_shard(path), before);
  EXPECT_FALSE(fs::exists(path + ".tmp"));
}

// Three shards in one directory; damage one, and the others still load.
class DamagedShard : public ::testing::Test {
 protected:
  testing::TempFolder dir{"shard_test"};
  std::vector<std::string> files;
  void SetUp() override {
    for (int s = 0; s < 3; ++s) {
      const std::string path = (dir.path() / ("s" + std::to_string(s) + ".shard")).string();
      ShardFileWriter w(path);
      for (int i = 0; i < 5; ++i) w.add(random_record(s * 10 + i));
      w.finish();
      files.push_back(path);
    }
  }
  void expect_only_middle_bad(const std::string& expected_words) {
    try {
      read_shard(files[1]);
      FAIL() << "damaged shard was accepted";
    } catch (const GameError& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find(files[1]), std::string::npos) << what;
      EXPECT_NE(what.find(expected_words), std::string::npos) << what;
    }
    const LoadedShards loaded = load_shards({dir.path().string()});
    ASSERT_EQ(loaded.bad.size(), 1u);
    EXPECT_EQ(loaded.bad[0].path, files[1]);
    EXPECT_EQ(loaded.games.size(), 10u);
    EXPECT_TRUE(verify_shard(files[0]).ok);
    EXPECT_FALSE(verify_shard(files[1]).ok);
  }
};

TEST_F(DamagedShard, TruncatedFileIsRejected) {
  const std::string bytes = read_file(files[1]);
  write_file(files[1], bytes.substr(0, bytes.size() * 2 / 3));
  expect_only_middle_bad("truncated");
}

TEST_F(DamagedShard, TruncatedFooterIsRejected) {
  const std::string bytes = read_file(files[1]);
  write_file(files[1], bytes.substr(0, bytes.size() - 5));
  expect_only_middle_bad("truncated");
}

TEST_F(DamagedShard, BitFlipInARecordIsRejected) {
  std::string bytes = read_file(files[1]);
  bytes[bytes.size() / 2] ^= 0x10;
  write_file(files[1], bytes);
  expect_only_middle_bad("corrupted");
}

TEST_F(DamagedShard, EveryBitFlipIsCaught) {
  const std::string good = read_file(files[1]);
  std::mt19937 rng(4);
  for (int trial = 0; trial < 200; ++trial) {
    std::string bytes = good;
    bytes[rng() % bytes.size()] ^= static_cast<char>(1 << (rng() % 8));
    write_file(files[1], bytes);
    EXPECT_FALSE(verify_shard(files[1]).ok) << "trial " << trial;
  }
}

TEST_F(DamagedShard, NotAShardAtAll) {
  write_file(files[1], "hello, I am a text file and not a shard of games\n");
  expect_only_middle_bad("bad magic");
}

}  // namespace
}  // namespace inchzero
