// Constructors of the built-in backends, used by make_backend (model/backend.cpp).
#pragma once

#include <memory>

#include "model/backend.h"

namespace inchzero {

std::unique_ptr<InferenceBackend> make_mock_backend(const BackendShape& shape);
std::unique_ptr<InferenceBackend> make_uniform_backend(const BackendShape& shape);
// Loads the network at `path`; throws GameError if unreadable or it does not
// fit `shape` (or `game`, when not empty).
std::unique_ptr<InferenceBackend> make_torch_backend(const std::string& path,
                                                     const BackendShape& shape,
                                                     const std::string& game,
                                                     const InferenceOptions& inference);

}  // namespace inchzero
