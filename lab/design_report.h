// The report's design-measure and rule-firing parts (issue 18, part 6): a
// section of report.md and extra report.csv columns, per (rule set, budget)
// cell, from lab/design_summary.h. Kept apart from lab/lab_report.cpp, which
// calls them.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "lab/lab_config.h"
#include "lab/lab_runner.h"

namespace inchzero::lab {

// Appends the "Design measures" and "Rule firing" sections of report.md:
// agent-vs-agent natural draws, timeouts, Decisiveness, LeadChange, Drama,
// and per fix on in a rule set how often it fired in the agent games and in
// the builder games. Cells made before the measures were kept say so.
void design_sections(std::ostream& out, const LabConfig& config,
                     const std::vector<CellResult>& cells);

// The CSV header columns of design_csv_row, each preceded by a comma.
std::string design_csv_header();
// The cell's design columns, each preceded by a comma: rates with their
// Wilson intervals, the means, and the firing as one quoted field
// "fix=plies_per_game/games_fired/games;…" for agent and builder games.
std::string design_csv_row(const CellResult& cell);

}  // namespace inchzero::lab
