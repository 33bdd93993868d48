// The run and iteration of a network file come from its path; the seed and
// config from the run folder's config.yaml, when there is one.
#include "train/network_provenance.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "core/atomic_file.h"

namespace inchzero {
namespace {

namespace fs = std::filesystem;

TEST(NetworkProvenance, RunIterationSeedAndConfigFromTheRunFolder) {
  const fs::path run =
      fs::temp_directory_path() / ("inchzero_provenance_" + std::to_string(::getpid()));
  fs::remove_all(run);
  write_file_atomically((run / "networks" / "net-000012.pt").string(), "x");
  // A run folder without its config: run and iteration, nothing more.
  NetworkProvenance p = network_provenance((run / "networks" / "net-000012.pt").string());
  EXPECT_EQ(p.run, run.string());
  EXPECT_EQ(p.iteration, 12);
  EXPECT_EQ(p.seed, "");
  EXPECT_EQ(p.run_config, "");
  // With config.yaml: its seed (a 64-bit number, kept as text) and its text.
  const std::string config = "seed: 18446744073709551557\ngame:\n  name: inchworm\n";
  write_file_atomically((run / "config.yaml").string(), config);
  p = network_provenance((run / "networks" / "." / "net-000012.pt").string());
  EXPECT_EQ(p.run, run.string());
  EXPECT_EQ(p.seed, "18446744073709551557");
  EXPECT_EQ(p.run_config, config);
  // Anywhere else: unknown.
  for (const std::string& other :
       {(run / "net-000012.pt").string(), (run / "networks" / "best.pt").string(),
        std::string("net.pt")}) {
    p = network_provenance(other);
    EXPECT_EQ(p.source, other);
    EXPECT_EQ(p.run, "") << other;
    EXPECT_EQ(p.iteration, -1) << other;
  }
  fs::remove_all(run);
}

}  // namespace
}  // namespace inchzero
