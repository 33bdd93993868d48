#include "model/checked_archive.h"

#include <filesystem>
#include <sstream>

#include "core/game.h"
#include "core/input_file.h"
#include "core/zip_check.h"

namespace inchzero {

void read_checked_archive(const std::string& path, const std::string& what,
                          const std::string& unreadable_detail,
                          torch::serialize::InputArchive& archive) {
  const std::string named = what + " '" + path + "'";
  if (!std::filesystem::exists(path)) throw GameError(named + " does not exist");
  std::string bytes = read_input_file(path, what);
  if (const std::string problem = check_zip_crcs(bytes); !problem.empty())
    throw GameError(named + " is damaged: " + problem);
  try {
    std::istringstream in(std::move(bytes));
    archive.load_from(in, torch::Device(torch::kCPU));
  } catch (const c10::Error&) {
    throw GameError(named + " is not readable" + unreadable_detail);
  }
}

}  // namespace inchzero
