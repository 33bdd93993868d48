#include "selfplay/root_strategy.h"

#include "selfplay/gumbel_root.h"
#include "selfplay/puct_root.h"

namespace inchzero {

std::unique_ptr<RootStrategy> make_root_strategy(const SearchConfig& config) {
  if (config.gumbel) return std::make_unique<GumbelRoot>(config);
  return std::make_unique<PuctRoot>(config);
}

}  // namespace inchzero
