#include "cli/rank_options.h"

namespace inchzero::cli {

void add_rank_options(CLI::App& app, RankOptions& o) {
  app.add_option("--ranks", o.ranks, "trainer processes in all (default 1)")
      ->check(CLI::Range(1, 4096));
  app.add_option("--rank", o.rank, "this process's rank, 0 .. ranks-1 (default 0)")
      ->check(CLI::Range(0, 4095));
  app.add_option("--rendezvous", o.rendezvous,
                 "where the ranks meet: file:PATH (a fresh file on a shared folder) or "
                 "tcp:HOST:PORT (served by rank 0)");
  app.add_option("--timeout", o.timeout_seconds,
                 "seconds to wait for the other ranks (forming the group, each step)")
      ->check(CLI::Range(1.0, 86400.0));
}

}  // namespace inchzero::cli
