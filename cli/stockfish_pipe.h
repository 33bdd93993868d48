// A Stockfish process driven over pipes (UCI), used by `inchzero bench rules`
// to time `go perft N` on the same positions as our move generator. Nothing
// is installed or downloaded: if the binary is missing, the comparison is
// skipped.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <string>

namespace inchzero::cli {

// Where Debian's `stockfish` package installs the engine.
inline const char* const kDebianStockfish = "/usr/games/stockfish";

class StockfishPipe {
 public:
  StockfishPipe() = default;
  StockfishPipe(const StockfishPipe&) = delete;
  StockfishPipe& operator=(const StockfishPipe&) = delete;
  // Sends "quit" and waits for the process.
  ~StockfishPipe();

  // Start the engine at `path` and complete the UCI handshake. Returns false
  // (with `why` set) if it is not executable or does not answer.
  bool start(const std::string& path, std::string& why);
  // The engine's "id name" line, after start().
  const std::string& name() const { return name_; }

  struct PerftRun {
    uint64_t nodes = 0;
    double seconds = 0;  // wall time from "go perft" to "Nodes searched"
  };
  // `position fen <fen>` then `go perft <depth>`; throws std::runtime_error
  // if the engine dies or answers something unexpected.
  PerftRun perft(const std::string& fen, int depth);

 private:
  void send(const std::string& line);
  // The next line from the engine ("" and false at end of stream).
  bool read_line(std::string& line);

  pid_t pid_ = -1;
  int to_engine_ = -1, from_engine_ = -1;
  std::string buffer_, name_;
};

}  // namespace inchzero::cli
