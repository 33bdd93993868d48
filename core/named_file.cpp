#include "core/named_file.h"

#include <filesystem>

#include "core/game.h"

namespace inchzero {
namespace {

namespace fs = std::filesystem;

bool is_file_here(const fs::path& path) {
  std::error_code ec;
  return fs::is_regular_file(path, ec);
}

bool ends_with(const std::string& text, const std::string& suffix) {
  return text.size() >= suffix.size() &&
         text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace

std::string find_named_file(const std::string& name, const std::string& from,
                            const std::string& suffix, SelfReference self) {
  if (name.empty()) return "";
  std::vector<fs::path> folders;
  if (!from.empty() && fs::path(name).is_relative())
    folders.push_back(fs::path(from).parent_path());
  folders.emplace_back();  // the current folder (an absolute name: itself)
  for (const fs::path& folder : folders) {
    std::vector<fs::path> candidates{folder / name};
    if (!suffix.empty() && !ends_with(name, suffix)) candidates.push_back(folder / (name + suffix));
    for (const fs::path& candidate : candidates) {
      std::error_code ec;
      const bool itself =
          self == SelfReference::kSkip && !from.empty() && fs::equivalent(candidate, from, ec);
      if (is_file_here(candidate) && !itself) return candidate.string();
    }
  }
  return "";
}

std::string source_identity(const std::string& source) {
  if (!is_file_here(source)) return source;
  std::error_code ec;
  const fs::path canonical = fs::weakly_canonical(source, ec);
  return ec ? source : canonical.string();
}

void InheritanceChain::enter(const std::string& source, const std::string& identity) {
  for (const auto& earlier : sources_) {
    if (earlier.second == identity)
      throw GameError(sources_.front().first + ": an `inherits:` cycle: " + text_to(source));
  }
  if (sources_.size() >= kMaxLength) {
    throw GameError(sources_.front().first + ": `inherits:` chains more than " +
                    std::to_string(kMaxLength) + " files: " + text_to(source));
  }
  sources_.emplace_back(source, identity);
}

std::string InheritanceChain::text_to(const std::string& last) const {
  std::string text;
  for (const auto& source : sources_) text += source.first + " -> ";
  return text + last;
}

}  // namespace inchzero
