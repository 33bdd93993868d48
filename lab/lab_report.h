// The lab's report: report.md (one row per rule set and a verdict derived
// from the numbers), verdict.md (each fix's status, lab/verdict_file.h),
// report.csv (one row per rule set and budget, one column per metric) and
// PNG plots drawn by gnuplot (draw rate with intervals per rule set, draw
// rate against the search budget, game-length distributions).
#pragma once

#include <string>
#include <vector>

#include "lab/lab_config.h"
#include "lab/lab_results.h"
#include "lab/lab_runner.h"
#include "lab/strength_gate.h"

namespace inchzero::lab {

// The verdict of one rule set from the wall-builder's games against the agent.
enum class WallVerdict { kHolds, kWinsInstead, kSometimesLoses, kLoses };

// kLoses when the builder lost at least half its games, kSometimesLoses when
// it lost some; when it lost none, kHolds if at least half were draws (the
// drawing strategy survives), else kWinsInstead (the wall no longer holds a
// draw, but the agent does not beat it either).
WallVerdict wall_verdict(int wins, int draws, int losses);

// The CSV text (header + one row per cell); builder draws are classified
// with `fortress_plies` (LabConfig::fortress_plies). When `config` trains
// several agents per rule set (training.agents > 1), two columns are
// appended: agent_index (1-based) and agent_seed (lab_agent_seed); a
// one-agent lab's file has the columns of before.
std::string report_csv(const std::vector<CellResult>& cells,
                       int fortress_plies = LabConfig().fortress_plies,
                       const LabConfig* config = nullptr);

// The Markdown report of `results` (lab_results.h): the header, the main
// table, then one section each (the builder's draws, the draw-seekers, the
// controls, the strength gate, the design measures, the cost) and the
// verdict (rule sets whose agent the gate does not admit get none).
std::string report_markdown(const LabResults& results);

// The gnuplot script of the three plots for `num_rule_sets` rule sets named
// by the space-separated `names`. It refers to its data files and PNGs by
// bare file names: it is run from the plots folder, so a committed report
// stays portable.
std::string plot_script(const std::string& names, int num_rule_sets);

// Write report.md, verdict.md (lab/verdict_file.h), report.csv, seekers.csv
// (when the config has draw-seekers) and the plots (plots/*.png) into `out_dir`,
// with the strength gate's matches found there (load_gate_matches).
// Returns false, after a warning on stderr, if gnuplot failed (the text
// reports are written anyway).
bool write_report(const LabConfig& config, const std::vector<CellResult>& cells,
                  const std::string& out_dir, const std::string& command);

}  // namespace inchzero::lab
