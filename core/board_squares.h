// Board squares as people read them: the squares a move's notation names, and
// a `State::to_text` board with chosen squares marked. Both work from text
// alone, so the browser page (server/decision_list.h) and the terminal game
// (engine/terminal_game.h) highlight moves without knowing any game's rules.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/game.h"

namespace inchzero {

// The squares of a width x height board that `text` names, in order: a
// lower-case file letter followed by a rank number ("e2e4" → e2, e4;
// "distribute from d4" → d4; "R3", "off", "promote q" → none). Repeats are
// kept ("a4=b4=b4").
std::vector<std::string> squares_named(const std::string& text, int width, int height);

// The board's width and height as State::to_json gives them.
std::pair<int, int> board_size(const State& state);

// `board_text` (a State::to_text) with `marker` written just after the cell
// of each square in `squares`. The cells are found through the text's own
// labels: the line of file letters ("a b c …", which must stand under the
// cells) and the rank number that starts each board line. A cell written in
// brackets ("(N)") gets the marker after its bracket. A square the text has
// no cell for, or with no space after it (a bracketed cell with another
// right beside it), is left unmarked: callers name the squares in words too.
std::string mark_squares(const std::string& board_text, const std::vector<std::string>& squares,
                         char marker = '*');

}  // namespace inchzero
