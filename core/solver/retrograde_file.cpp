#include "core/solver/retrograde_file.h"

#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>

#include "core/atomic_file.h"
#include "core/input_file.h"
#include "core/rules_fingerprint.h"
#include "core/zip_check.h"

namespace inchzero::solver {

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
              "retrograde solution files hold little-endian arrays");

// The solve's statistics in the header, each field by its own name (one list
// for writing and reading).
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(RetrogradeStats, positions, terminals, edges, wins, losses,
                                   forced_draws, endless_draws, levels, rounds, seconds,
                                   enumeration_seconds, array_bytes, peak_rss_bytes)

namespace {

const char* const kMagicLine = "inchzero retrograde solution";

// The header lines of `path`, and where the arrays start.
struct HeaderText {
  nlohmann::json json;
  std::streamoff arrays_at = 0;
};

HeaderText read_header_text(std::ifstream& in, const std::string& path) {
  const auto not_ours = [&](const std::string& why) {
    return GameError("retrograde solution file '" + path + "': " + why);
  };
  std::string magic, header;
  if (!std::getline(in, magic) || magic != kMagicLine)
    throw not_ours("not a retrograde solution file (its first line is not '" +
                   std::string(kMagicLine) + "')");
  if (!std::getline(in, header)) throw not_ours("cut short: no header");
  HeaderText out;
  out.json = nlohmann::json::parse(header, nullptr, /*allow_exceptions=*/false);
  if (!out.json.is_object()) throw not_ours("damaged: its header is not a JSON object");
  const int version = out.json.value("version", 0);
  if (version > kRetrogradeFileVersion)
    throw not_ours("format version " + std::to_string(version) + " is newer than this build's " +
                   std::to_string(kRetrogradeFileVersion) + ": use a newer inchzero");
  if (version < 1) throw not_ours("damaged: no format version in its header");
  out.arrays_at = in.tellg();
  return out;
}

// Opens `path` into `in` and reads its header lines: `in` is left at the arrays.
HeaderText open_retrograde_file(std::ifstream& in, const std::string& path) {
  if (const std::string problem = input_file_problem(path); !problem.empty())
    throw GameError("retrograde solution file '" + path + "': it " + problem);
  in.open(path, std::ios::binary);
  return read_header_text(in, path);
}

RetrogradeFileHeader header_of(const HeaderText& text, const std::string& path) {
  try {
    const nlohmann::json& j = text.json;
    RetrogradeFileHeader h;
    h.game = j.at("game");
    h.rules_label = j.at("rules");
    h.fingerprint = j.at("fingerprint");
    h.symmetry = j.at("symmetry");
    h.stats = j.at("stats").get<RetrogradeStats>();
    h.array_bytes = j.at("array_bytes");
    h.positions = h.stats.positions;
    return h;
  } catch (const nlohmann::json::exception& e) {
    throw GameError("retrograde solution file '" + path + "': damaged header: " + e.what());
  }
}

}  // namespace

// The solution's arrays, in the file's order (RetrogradeSolution's
// private members: a friend).
class RetrogradeFile {
  using InchwormGame = inchworm::InchwormGame;

 public:
  template <typename F>
  static void for_each_array(RetrogradeSolution& s, F&& f) {
    f("keys", s.keys_);
    f("child_begin", s.child_begin_);
    f("children", s.children_);
    f("value", s.value_);
    f("distance", s.distance_);
    f("flags", s.flags_);
  }

  static void write(const std::string& path, const RetrogradeSolution& solution) {
    auto& s = const_cast<RetrogradeSolution&>(solution);  // for_each_array only reads here
    const InchwormGame& game = s.codec().game();
    nlohmann::json arrays = nlohmann::json::array();
    int64_t bytes = 0;
    for_each_array(s, [&](const char* name, const auto& array) {
      using T = std::decay_t<decltype(array[0])>;
      uint32_t crc = 0;
      array.for_each_run(
          [&](const T* data, size_t n) { crc = crc32_update(crc, data, n * sizeof(T)); });
      arrays.push_back(
          {{"name", name}, {"count", array.size()}, {"entry_bytes", sizeof(T)}, {"crc32", crc}});
      bytes += static_cast<int64_t>(array.bytes());
    });
    const nlohmann::json header = {
        {"version", kRetrogradeFileVersion},
        {"game", game.name()},
        {"rules", game.options().label()},
        {"fingerprint", fingerprint_hex(behaviour_fingerprint(game))},
        {"symmetry", s.codec().symmetric()},
        {"key_bits", s.codec().bits()},
        {"stats", s.stats()},
        {"array_bytes",
         bytes + static_cast<int64_t>(RetrogradeSolution::index_size(s.keys_.size()) *
                                      sizeof(uint32_t))},
        {"arrays", arrays}};
    AtomicFileWriter file(path);
    const std::string head = std::string(kMagicLine) + "\n" + header.dump() + "\n";
    file.write(head.data(), head.size());
    for_each_array(s, [&](const char*, const auto& array) {
      using T = std::decay_t<decltype(array[0])>;
      array.for_each_run([&](const T* data, size_t n) { file.write(data, n * sizeof(T)); });
    });
    file.commit();
  }

  static RetrogradeSolution read(const std::string& path, const InchwormGame& game,
                                 int64_t memory_limit_bytes) {
    std::ifstream in;
    const HeaderText text = open_retrograde_file(in, path);
    const RetrogradeFileHeader h = header_of(text, path);
    const auto damaged = [&](const std::string& why) {
      return GameError("retrograde solution file '" + path + "': damaged: " + why);
    };
    const std::string fingerprint = fingerprint_hex(behaviour_fingerprint(game));
    if (h.game != game.name() || h.fingerprint != fingerprint)
      throw GameError("retrograde solution file '" + path + "' was solved for " + h.game + " '" +
                      h.rules_label + "' (fingerprint " + h.fingerprint + "), not " + game.name() +
                      " '" + game.options().label() + "' (fingerprint " + fingerprint + ")");
    if (h.array_bytes > memory_limit_bytes)
      throw GameError("retrograde solution file '" + path + "': refused: reading it needs " +
                      gib_text(h.array_bytes) + " of arrays, above the limit of " +
                      gib_text(memory_limit_bytes) + " (--memory)");
    const nlohmann::json& arrays = text.json.at("arrays");
    RetrogradeSolution s;
    s.codec_ = std::make_shared<InchwormKeyCodec>(game, h.symmetry);
    s.stats_ = h.stats;
    size_t k = 0;
    for_each_array(s, [&](const char* name, auto& array) {
      using T = std::decay_t<decltype(array[0])>;
      if (k >= arrays.size() || arrays[k].value("name", "") != name ||
          arrays[k].value("entry_bytes", size_t{0}) != sizeof(T))
        throw damaged(std::string("its header does not list the array '") + name + "' next");
      const size_t count = arrays[k].at("count");
      uint32_t crc = 0;
      array.append_runs(count, [&](T* data, size_t n) {
        if (!in.read(reinterpret_cast<char*>(data), static_cast<std::streamsize>(n * sizeof(T))))
          throw damaged(std::string("cut short in the array '") + name + "'");
        crc = crc32_update(crc, data, n * sizeof(T));
      });
      if (crc != arrays[k].at("crc32").get<uint32_t>())
        throw damaged(std::string("the array '") + name + "' does not match its CRC-32");
      ++k;
    });
    if (in.peek() != std::ifstream::traits_type::eof()) throw damaged("bytes after the arrays");
    check_fit(s, damaged);
    s.index_keys();
    return s;
  }

 private:
  // The arrays fit together: a file whose CRCs match but whose counts or
  // child indices do not (made by hand) is refused, not read past its end.
  template <typename Damaged>
  static void check_fit(const RetrogradeSolution& s, const Damaged& damaged) {
    const size_t n = s.keys_.size();
    if (n == 0) throw damaged("no position");
    if (s.child_begin_.size() != n + 1 || s.value_.size() != n || s.distance_.size() != n ||
        s.flags_.size() != n)
      throw damaged("its arrays are of different lengths");
    if (s.child_begin_[0] != 0 || s.child_begin_[n] != s.children_.size())
      throw damaged("the move offsets do not span the moves");
    for (size_t i = 0; i < n; ++i)
      if (s.child_begin_[i] > s.child_begin_[i + 1]) throw damaged("the move offsets decrease");
    for (size_t i = 0; i < s.children_.size(); ++i)
      if (s.children_[i] >= n) throw damaged("a move leads past the last position");
  }
};

void write_retrograde_file(const std::string& path, const RetrogradeSolution& solution) {
  if (solution.layers() > 0)
    throw GameError(
        "--save: a solve with the no-capture count in counter layers is not "
        "written to a file yet; solve with --counter-in-key to save it");
  RetrogradeFile::write(path, solution);
}

RetrogradeFileHeader read_retrograde_header(const std::string& path) {
  std::ifstream in;
  return header_of(open_retrograde_file(in, path), path);
}

RetrogradeSolution read_retrograde_file(const std::string& path, const inchworm::InchwormGame& game,
                                        int64_t memory_limit_bytes) {
  return RetrogradeFile::read(path, game, memory_limit_bytes);
}

}  // namespace inchzero::solver
