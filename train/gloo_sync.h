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

namespace inchzero {

// Join the group (blocks until all `ranks` have joined or `timeout_seconds`
// pass). Throws GameError for a bad rendezvous spec or rank, and
// std::runtime_error naming the rendezvous when the group cannot form.
// A peer that dies later makes sum()/broadcast() throw (the connection
// closes) or time out after `timeout_seconds`. Sets SIGPIPE to ignored for
// the process, so that writing to a dead peer fails rather than kills.
std::unique_ptr<GradientSync> connect_gloo(int rank, int ranks, const std::string& rendezvous,
                                           double timeout_seconds);

}  // namespace inchzero
