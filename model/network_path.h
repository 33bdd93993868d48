// The one way every command turns what a user wrote for a network into a
// file: a network file, a run folder (its newest network) or a zoo entry
// ("zoo:NAME", model/zoo.h). Player specs (net:PATH, zoo:NAME), the
// engines' --model, serve, export, solve and torch:PATH backends all go
// through it, so each accepts every form.
#pragma once

#include <string>

namespace inchzero {

// "zoo:NAME": the entry's network.pt (the entry checked, model/zoo.h);
// a folder: its newest networks/net-NNNNNN.pt (or net-NNNNNN.pt), so that a
// run folder names its latest network; anything else: `path` as given.
// Throws GameError when a folder holds no network or the zoo entry is
// unknown or damaged.
std::string resolve_network_path(const std::string& path);

}  // namespace inchzero
