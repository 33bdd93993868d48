// How a config field type that reads as one of a few words (a precision
// "bf16", a device "cuda:0") tells the config reader (core/config_fields.h)
// about itself without the reader knowing the type: beside the type, in its
// namespace (found by argument-dependent lookup), its header defines
//     SettingWords setting_words(const T*);                  // for messages and docs
//     T parse_setting(const std::string& text, const T&);    // throws GameError naming text
// and nlohmann's to_json / from_json for JSON. So the reader sits in core/
// while the types stay in the layer that uses them (model/).
#pragma once

namespace inchzero {

struct SettingWords {
  const char* type_name;  // "a precision": in "cannot read ... as a precision"
  const char* accepted;   // "fp32, bf16, auto": the documentation table's column
};

}  // namespace inchzero
