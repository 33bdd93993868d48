#include "core/progress.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>

namespace inchzero {

std::string format_duration(double seconds) {
  if (!(seconds >= 0) || seconds > 1e8) return "?";
  const long s = static_cast<long>(seconds + 0.5);
  if (s >= 3600) return fmt::format("{}:{:02d}:{:02d}", s / 3600, (s / 60) % 60, s % 60);
  return fmt::format("{}:{:02d}", s / 60, s % 60);
}

std::string format_hours(double seconds) {
  if (!(seconds >= 0) || seconds > 1e8) return "?";
  const long s = static_cast<long>(seconds + 0.5);
  return fmt::format("{}:{:02d}:{:02d}", s / 3600, (s / 60) % 60, s % 60);
}

ProgressBar::ProgressBar(std::string label, int64_t total, bool enabled)
    : label_(std::move(label)),
      total_(total),
      enabled_(enabled),
      tty_(isatty(fileno(stderr)) != 0),
      start_(std::chrono::steady_clock::now()),
      last_draw_(start_ - std::chrono::seconds(1)) {}

ProgressBar::~ProgressBar() {
  if (!finished_) finish();
}

void ProgressBar::update(int64_t done, const std::string& extra) {
  done_ = done;
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  if (tty_) {
    if (now - last_draw_ < std::chrono::milliseconds(200)) return;
    last_draw_ = now;
    draw(done, extra, false);
  } else if (total_ > 0) {
    const int decile = static_cast<int>(10 * done / total_);
    if (decile > last_decile_ && decile < 10) {
      last_decile_ = decile;
      draw(done, extra, false);
    }
  }
}

void ProgressBar::finish(const std::string& extra) {
  if (finished_) return;
  finished_ = true;
  if (!enabled_) return;
  draw(done_, extra, true);
}

void ProgressBar::draw(int64_t done, const std::string& extra, bool final_line) {
  const double elapsed =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  const double rate = elapsed > 0 ? done / elapsed : 0;
  std::string line = label_;
  if (total_ > 0) {
    constexpr int kWidth = 24;
    const int filled = static_cast<int>(kWidth * std::min<int64_t>(done, total_) / total_);
    line += " [" + std::string(filled, '#') + std::string(kWidth - filled, '.') + "]";
    line += fmt::format(" {}/{} {:3d}%", done, total_, static_cast<int>(100 * done / total_));
  } else {
    line += fmt::format(" {}", done);
  }
  line += fmt::format(" {:.1f}/s", rate);
  if (final_line) {
    line += " in " + format_duration(elapsed);
  } else if (total_ > 0 && rate > 0) {
    line += " ETA " + format_duration((total_ - done) / rate);
  }
  if (!extra.empty()) line += " " + extra;
  if (tty_) {
    std::fprintf(stderr, "\r\033[K%s%s", line.c_str(), final_line ? "\n" : "");
  } else {
    std::fprintf(stderr, "%s\n", line.c_str());
  }
  std::fflush(stderr);
}

}  // namespace inchzero
