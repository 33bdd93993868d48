#include "core/solver/solution_file.h"

#include <zlib.h>

#include <nlohmann/json.hpp>
#include <stdexcept>

#include "core/atomic_file.h"
#include "core/json_input.h"
#include "core/rules_fingerprint.h"

namespace inchzero::solver {
namespace {

using nlohmann::json;

constexpr const char* kFormatName = "inchzero-solution";

// Streams text through deflate with a gzip wrapper into `out`.
class GzipWriter {
 public:
  GzipWriter() {
    // windowBits 15 + 16: a gzip header and CRC-32 trailer, so that zcat
    // reads the file and damage is detected on reading.
    if (deflateInit2(&zs_, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
      throw std::runtime_error("solution file: deflateInit2 failed");
  }
  ~GzipWriter() { deflateEnd(&zs_); }
  GzipWriter(const GzipWriter&) = delete;
  GzipWriter& operator=(const GzipWriter&) = delete;

  void line(const std::string& text) {
    buffer_ += text;
    buffer_ += '\n';
    if (buffer_.size() >= (1u << 20)) pump(Z_NO_FLUSH);
  }
  std::string finish() {
    pump(Z_FINISH);
    return std::move(out_);
  }

 private:
  void pump(int flush) {
    zs_.next_in = reinterpret_cast<Bytef*>(buffer_.data());
    zs_.avail_in = static_cast<uInt>(buffer_.size());
    char chunk[1 << 16];
    int rc;
    do {
      zs_.next_out = reinterpret_cast<Bytef*>(chunk);
      zs_.avail_out = sizeof chunk;
      rc = deflate(&zs_, flush);
      if (rc == Z_STREAM_ERROR) throw std::runtime_error("solution file: deflate failed");
      out_.append(chunk, sizeof chunk - zs_.avail_out);
    } while (zs_.avail_out == 0 || (flush == Z_FINISH && rc != Z_STREAM_END));
    buffer_.clear();
  }
  z_stream zs_{};
  std::string buffer_, out_;
};

std::string inflate_gzip(const std::string& data, const std::string& path) {
  z_stream zs{};
  if (inflateInit2(&zs, 15 + 16) != Z_OK)
    throw std::runtime_error("solution file: inflateInit2 failed");
  zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  zs.avail_in = static_cast<uInt>(data.size());
  std::string out;
  char chunk[1 << 16];
  int rc;
  do {
    zs.next_out = reinterpret_cast<Bytef*>(chunk);
    zs.avail_out = sizeof chunk;
    rc = inflate(&zs, Z_NO_FLUSH);
    if (rc != Z_OK && rc != Z_STREAM_END) {
      const std::string why = zs.msg ? zs.msg : (rc == Z_BUF_ERROR ? "cut short" : "bad data");
      inflateEnd(&zs);
      throw GameError("solution file " + path + " is damaged (gzip: " + why + ")");
    }
    out.append(chunk, sizeof chunk - zs.avail_out);
  } while (rc != Z_STREAM_END);
  const bool trailing = zs.avail_in != 0;
  inflateEnd(&zs);
  if (trailing) throw GameError("solution file " + path + " is damaged (data after the end)");
  return out;
}

}  // namespace

void write_solution(const std::string& path, const Solution& s) {
  GzipWriter gz;
  gz.line(json{{"format", kFormatName},
               {"version", kSolutionFormatVersion},
               {"game", s.game},
               {"rules", s.rules_label},
               {"options", s.options_yaml},
               {"fingerprint", s.fingerprint},
               {"start", s.start_key},
               {"positions", s.positions.size()},
               {"terminal_positions", s.terminal_positions},
               {"solve_seconds", s.solve_seconds}}
              .dump());
  for (const SolvedPosition& p : s.positions)
    gz.line(json{{"k", p.key}, {"p", p.player}, {"v", p.value}, {"b", p.best}, {"n", p.num_legal}}
                .dump());
  gz.line(json{{"end", s.positions.size()}}.dump());
  write_file_atomically(path, gz.finish());
}

Solution read_solution(const std::string& path) {
  std::string data;
  try {
    data = read_file(path);
  } catch (const std::exception& e) {
    throw GameError(std::string("cannot read solution file: ") + e.what());
  }
  if (data.size() < 2 || static_cast<unsigned char>(data[0]) != 0x1f ||
      static_cast<unsigned char>(data[1]) != 0x8b)
    throw GameError("solution file " + path +
                    " is not a gzip file (not written by inchzero solve)");
  const std::string text = inflate_gzip(data, path);

  Solution s;
  size_t at = 0, line_no = 0;
  bool ended = false;
  int64_t declared = -1;
  auto bad = [&](const std::string& why) {
    return GameError("solution file " + path + " is damaged (line " + std::to_string(line_no) +
                     ": " + why + ")");
  };
  while (at < text.size()) {
    const size_t nl = text.find('\n', at);
    if (nl == std::string::npos) {
      ++line_no;
      throw bad("no newline at the end");
    }
    const std::string_view line(text.data() + at, nl - at);
    at = nl + 1;
    ++line_no;
    if (ended) throw bad("lines after the closing line");
    JsonInput read = parse_json_input(line);
    if (!read.ok()) throw bad(read.problem);
    json j = std::move(read.value);
    try {
      if (line_no == 1) {
        if (!j.is_object() || j.value("format", "") != kFormatName)
          throw GameError("solution file " + path + " is not an inchzero solution file");
        const int version = j.at("version").get<int>();
        if (version > kSolutionFormatVersion)
          throw GameError("solution file " + path + " has format version " +
                          std::to_string(version) + "; this build reads up to " +
                          std::to_string(kSolutionFormatVersion));
        s.game = j.at("game").get<std::string>();
        s.rules_label = j.at("rules").get<std::string>();
        s.options_yaml = j.at("options").get<std::string>();
        // Version 1 hashed the rules' text: their behaviour fingerprint is
        // rebuilt from the options it recorded (empty when this build
        // cannot: the match then fails by name).
        if (version >= 2) {
          s.fingerprint = j.at("fingerprint").get<std::string>();
        } else {
          const uint64_t fp = fingerprint_of_recorded_rules(s.game, s.options_yaml);
          s.fingerprint = fp ? fingerprint_hex(fp) : "";
        }
        s.start_key = j.at("start").get<std::string>();
        declared = j.at("positions").get<int64_t>();
        s.terminal_positions = j.at("terminal_positions").get<int64_t>();
        s.solve_seconds = j.at("solve_seconds").get<double>();
        if (declared < 0) throw bad("negative position count");
        s.positions.reserve(static_cast<size_t>(declared));
      } else if (j.contains("end")) {
        if (j.at("end").get<int64_t>() != declared ||
            static_cast<int64_t>(s.positions.size()) != declared)
          throw bad("the file holds " + std::to_string(s.positions.size()) +
                    " positions, the header says " + std::to_string(declared));
        ended = true;
      } else {
        SolvedPosition p;
        p.key = j.at("k").get<std::string>();
        p.player = j.at("p").get<int8_t>();
        p.value = j.at("v").get<int8_t>();
        p.best = j.at("b").get<std::vector<Action>>();
        p.num_legal = j.at("n").get<int32_t>();
        if (p.player < 0 || p.player > 1) throw bad("player must be 0 or 1");
        if (p.value < kLoss || p.value > kWin) throw bad("value must be -1, 0 or 1");
        if (p.best.empty() || static_cast<int32_t>(p.best.size()) > p.num_legal)
          throw bad("optimal decisions must be 1 to n of the n legal ones");
        s.positions.push_back(std::move(p));
      }
    } catch (const json::exception& e) {
      throw bad(std::string("missing or malformed field: ") + e.what());
    }
  }
  if (line_no == 0) throw GameError("solution file " + path + " is empty");
  if (!ended) throw bad("no closing line (the file was cut short)");
  if (!s.find(s.start_key)) throw bad("the start position is missing");
  return s;
}

void check_solution_matches(const Solution& s, const Game& game, const std::string& path) {
  if (s.game != game.name())
    throw GameError("solution file " + path + " is for game " + s.game + ", not " + game.name());
  const std::string fp = fingerprint_hex(behaviour_fingerprint(game));
  if (s.fingerprint != fp)
    throw GameError("solution file " + path + " was solved under rules '" + s.rules_label +
                    "' (fingerprint " + s.fingerprint + "), not '" + game.options().label() +
                    "' (fingerprint " + fp + ")");
}

}  // namespace inchzero::solver
