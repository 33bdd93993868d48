// The arguments of the UCI commands that carry any (`position`, `go`,
// `setoption`), parsed apart from the engine that acts on them: no LibTorch
// here, so the parsing has its own unit tests and fuzz target
// (fuzz/fuzz_uci.cpp), and the engine (engine/uci_engine.h) only acts.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"

namespace inchzero {

// The UCI variants (the UCI_Variant option, as Fairy-Stockfish names them):
// name, game, rule set.
struct UciVariant {
  const char* name;
  const char* game;
  const char* rules;
};
const std::vector<UciVariant>& uci_variants();

// The whitespace-separated words of a command line (what `>>` reads).
std::vector<std::string> uci_words(const std::string& line);

// `position startpos|fen FEN... [moves MOVE...]`.
struct UciPosition {
  bool startpos = true;            // false: from `fen`
  std::string fen;                 // the words after `fen` up to `moves`, one space apart
  std::vector<std::string> moves;  // the words after `moves`
  bool operator==(const UciPosition& o) const {
    return startpos == o.startpos && fen == o.fen && moves == o.moves;
  }
};

// Parse the words of a `position` line (words[0] == "position"). After
// `startpos`, words other than `moves ...` are ignored, as UCI engines do.
// Throws GameError "expected 'startpos' or 'fen'" otherwise.
UciPosition parse_uci_position(const std::vector<std::string>& words);

// The line parse_uci_position reads back as `position`.
std::string to_string(const UciPosition& position);

// The position `position` describes in `game`: its start or FEN, then its
// moves in turn. A start that does not parse gives nullptr after
// report("info string error: position: ..."); a move that does not parse or
// is illegal is reported ("info string error: move 'x': ...") and ends the
// moves, the position reached so far being returned.
std::unique_ptr<State> uci_position_state(const Game& game, const UciPosition& position,
                                          const std::function<void(const std::string&)>& report);

// `go [nodes N] [movetime MS] [wtime MS] [btime MS] [winc MS] [binc MS]
// [movestogo N] [infinite] [depth N] [mate N]`; 0 means "not given".
struct UciGo {
  int nodes = 0;
  double movetime = 0;
  double time_left[2] = {0, 0}, increment[2] = {0, 0};  // white (0), black (1), in ms
  int moves_to_go = 0;
  bool infinite = false;
  bool operator==(const UciGo& o) const {
    return nodes == o.nodes && movetime == o.movetime && time_left[0] == o.time_left[0] &&
           time_left[1] == o.time_left[1] && increment[0] == o.increment[0] &&
           increment[1] == o.increment[1] && moves_to_go == o.moves_to_go && infinite == o.infinite;
  }
};

// Parse the words of a `go` line (words[0] == "go"); a later limit of the
// same name replaces an earlier one. `depth` and `mate` (not limits of this
// search) and unknown words are passed to report() as "info string ..." lines,
// in order, and skipped. Throws GameError naming the limit whose number is
// missing, not a finite number, or (nodes, movestogo) outside the int range.
UciGo parse_uci_go(const std::vector<std::string>& words,
                   const std::function<void(const std::string&)>& report);

// The line parse_uci_go reads back as `go` (limits left at 0 are omitted).
std::string to_string(const UciGo& go);

// `setoption name NAME [value VALUE]`: NAME and VALUE may hold spaces.
struct UciSetOption {
  std::string name;   // leading spaces and trailing spaces / CRs trimmed
  std::string value;  // likewise; empty when there is no `value`
  bool operator==(const UciSetOption& o) const { return name == o.name && value == o.value; }
};

// Parse a whole `setoption` line: the name runs from " name " to the first
// " value " after it (or the end). Throws GameError "no name" when the line
// has no " name ".
UciSetOption parse_uci_setoption(const std::string& line);

// The line parse_uci_setoption reads back as `setoption`.
std::string to_string(const UciSetOption& option);

}  // namespace inchzero
