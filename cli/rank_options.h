// The data-parallel rank options (--ranks, --rank, --rendezvous, --timeout)
// of `inchzero train` and `inchzero run`, declared once.
#pragma once

#include <CLI/CLI.hpp>

#include "train/rank_options.h"

namespace inchzero::cli {

// Declare the rank options on `app`, writing into `options` (which must
// outlive the parse). Their combination is checked by check_rank_options.
void add_rank_options(CLI::App& app, RankOptions& options);

}  // namespace inchzero::cli
