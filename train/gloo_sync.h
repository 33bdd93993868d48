// GradientSync over c10d's Gloo process group (Debian's libtorch-dev and
// libgloo-dev): N trainer ranks on one or many hosts, sums by all-reduce,
// rank 0's parameters by broadcast.
//
// Rendezvous: "file:PATH" (a c10d FileStore on a folder every rank sees;
// use a fresh path for each launch: a store file keeps the keys of the
// launch that made it) or "tcp:HOST:PORT" (a c10d TCPStore served by rank 0
// at HOST:PORT). The transport is TCP between the ranks: each rank binds to
// the address of its host name (or INCHZERO_GLOO_HOST, e.g. 127.0.0.1).
#pragma once

#include <memory>
#include <string>

#include "train/gradient_sync.h"
#include "train/rank_options.h"
#include "train/rank_store.h"

namespace inchzero {

// A joined group: its collectives and the store the ranks met at.
struct RankGroup {
  std::unique_ptr<GradientSync> sync;
  std::unique_ptr<RankStore> store;  // the store's operations time out after timeout_seconds
};

// Join the group (blocks until all `ranks` have joined or
// `timeout_seconds` pass). Throws GameError for a bad rendezvous spec or
// rank, and std::runtime_error naming the rendezvous when the group cannot
// form; GameError at once when this rank already joined the group of this
// rendezvous (a rank restarted alone cannot re-join a running group: every
// rank must start again, with a fresh file: rendezvous). A peer that dies
// later makes sum()/broadcast() throw (the connection closes) or time out
// after `timeout_seconds`. Sets SIGPIPE to ignored for the process, so that
// writing to a dead peer fails rather than kills. Rank 0 removes a file:
// rendezvous (forget_rendezvous) when the group cannot form.
RankGroup join_rank_group(const RankOptions& options);

// After a launch failed: remove a file: rendezvous's store file (a store
// file keeps the keys of the launch that made it), so that the same command
// on every rank starts a fresh launch. Nothing for tcp: (rank 0's store
// ends with it). Errors are ignored. Only rank 0 calls it, once its
// followers had their chance to read its end (run_loop.cpp) or on its own
// failure: a follower that removed the file could make a peer still
// polling it re-create it (c10d does) and miss rank 0's end, or remove the
// file of a launch the user has started again meanwhile.
void forget_rendezvous(const RankOptions& options);

}  // namespace inchzero
