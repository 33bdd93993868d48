// The PNG learning curve of a run, redrawn after every iteration: the data
// goes to learning_curve.dat, the plot script to learning_curve.gp (both kept,
// so the plot can be re-made or restyled by hand) and gnuplot draws
// learning_curve.png. Every file is replaced atomically.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "core/gnuplot.h"  // find_on_path

namespace inchzero {

// Write the curve of `iterations` (the metrics.jsonl records of the run, one
// per iteration, see docs/running.md) into `folder` and draw it. Returns an
// empty string on success, else why the PNG was not drawn (e.g. gnuplot is
// not installed); the .dat and .gp files are written in every case.
// Throws std::runtime_error only when the folder cannot be written.
std::string write_learning_curve(const std::string& folder,
                                 const std::vector<nlohmann::json>& iterations);

}  // namespace inchzero
