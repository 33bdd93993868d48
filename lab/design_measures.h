// Measures of one game from the game-design literature (issue 18, part 6):
// Browne's LeadChange, Decisiveness and Drama (C. Browne, "Automatic
// Generation and Evaluation of Recombination Games", PhD thesis, QUT 2008;
// as implemented in Ludii's Evaluation/src/metrics), read from Inchworm's
// scores: the "lead" after a ply is Red's score minus Blue's. Definitions
// in docs/lab/README.md, "Design measures".
#pragma once

#include <vector>

#include "core/game.h"

namespace inchzero::lab {

struct DesignMeasures {
  // Times the strict leader switched from one player to the other (a level
  // score keeps the last leader: 0-0, Red leads, level, Blue leads is 1).
  int lead_changes = 0;
  // Decided games only (-1 otherwise): the first position index (0 = the
  // start, i = after ply i) at which the winner's lead exceeded the largest
  // lead its opponent ever had in the game; the final position when it
  // never did (Ludii's DecisivenessMoves with the score lead as evaluation).
  int decisive_ply = -1;
  // Decided games only: positions at which the eventual winner trailed, and
  // the sum of its deficits there in points.
  int trailing_positions = 0;
  long trailing_deficit = 0;
};

// The measures of a game whose lead (Red's score minus Blue's) at the start
// and after every ply is `leads` (non-empty) and which ended with `winner`
// (0, 1 or kNoPlayer).
DesignMeasures measure_design(const std::vector<int>& leads, int winner);

}  // namespace inchzero::lab
