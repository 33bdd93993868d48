// A one-line progress display on stderr for long work (matches, self-play,
// training): "label [#####.....] 45/100 45% 3.2/s ETA 0:17 extra".
// On a terminal the line redraws in place at most ~5 times a second; when
// stderr is not a terminal (logs, CI) it prints a plain line at every 10 %
// so that logs stay short.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

namespace inchzero {

class ProgressBar {
 public:
  // `total` units of work (0 = unknown: no bar, no ETA). A disabled bar
  // draws nothing at all (for --quiet).
  ProgressBar(std::string label, int64_t total, bool enabled = true);
  ~ProgressBar();
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;

  // Report `done` units finished, with optional text after the figures.
  // Cheap to call often; not thread-safe (callers serialise).
  void update(int64_t done, const std::string& extra = "");
  // Draw the final state and end the line (also done by the destructor).
  void finish(const std::string& extra = "");
  // The work turned out larger or smaller (e.g. a ladder's pairings that go
  // on to more games): the bar and ETA follow from the next update.
  void set_total(int64_t total) { total_ = total; }

 private:
  void draw(int64_t done, const std::string& extra, bool final_line);

  std::string label_;
  int64_t total_;
  int64_t done_ = 0;
  bool enabled_;
  bool tty_;
  bool finished_ = false;
  int last_decile_ = -1;
  std::chrono::steady_clock::time_point start_, last_draw_;
};

// "1:02:03" or "2:03" for a number of seconds (progress bars: short while
// short).
std::string format_duration(double seconds);
// Always hours, minutes and seconds: "1:02:03", "0:02:03". Why: a report
// that labels its figures h:mm:ss must not print 2:03 for two minutes; the
// lab's cost tables did, and 6:51 minutes read as 6 h 51 min.
std::string format_hours(double seconds);

}  // namespace inchzero
