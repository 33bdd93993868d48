// Which training run and iteration a network file came from: a run keeps
// its networks as RUN/networks/net-NNNNNN.pt (train/run_folder.h), so the
// path names both, and the run's config.yaml records its seed and config.
#pragma once

#include <string>

#include "model/export_metadata.h"

namespace inchzero {

// The provenance of the network file `path`: run folder and iteration when
// the path has the run layout, the seed and config when that folder holds
// the run's config.yaml; the rest stays unknown (see NetworkProvenance).
NetworkProvenance network_provenance(const std::string& path);

}  // namespace inchzero
