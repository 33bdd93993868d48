// Drawing a plot with gnuplot, the one way every report does it (the
// learning curve, the lab report, the ladder): the script and its data are
// files in `folder` (so a user can redraw or edit the plot), gnuplot runs in
// that folder without a shell, its messages go to a log file there, and the
// PNG appears whole (the script draws to OUTPUT.tmp, renamed on success).
#pragma once

#include <string>

namespace inchzero {

// The full path of `program` on $PATH, or "" when it is not there.
std::string find_on_path(const std::string& program);

// Run `script` (a file name in `folder`) with gnuplot inside `folder`,
// gnuplot's output going to `log` in `folder`. With a `png` name, the
// script must draw `png` + ".tmp", which is renamed to `png` on success.
// Returns "" on success, else why there is no plot (gnuplot missing, its
// exit status).
std::string run_gnuplot(const std::string& folder, const std::string& script,
                        const std::string& log, const std::string& png = "");

}  // namespace inchzero
