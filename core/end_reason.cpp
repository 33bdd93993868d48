#include "core/end_reason.h"

#include <ostream>

#include "core/game.h"

namespace inchzero {
namespace {

struct EndReasonName {
  EndReason reason;
  const char* text;
};
constexpr EndReasonName kEndReasons[] = {
    {EndReason::kNone, ""},
    {EndReason::kTarget, "target"},
    {EndReason::kCheckmate, "checkmate"},
    {EndReason::kStalemate, "stalemate"},
    {EndReason::kBearOff, "bear_off"},
    {EndReason::kNoStones, "no_stones"},
    {EndReason::kRepetition, "repetition"},
    {EndReason::kMoveRule, "move_rule"},
    {EndReason::kNoCaptureLimit, "no_capture_limit"},
    {EndReason::kCap, "cap"},
    {EndReason::kResign, "resign"},
    {EndReason::kDecisionLimit, "decision_limit"},
};

const EndReasonName& entry(EndReason reason) {
  for (const EndReasonName& e : kEndReasons)
    if (e.reason == reason) return e;
  return kEndReasons[0];
}

}  // namespace

const char* to_string(EndReason reason) { return entry(reason).text; }

std::ostream& operator<<(std::ostream& out, EndReason reason) {
  return out << (reason == EndReason::kNone ? "(none)" : to_string(reason));
}

EndReason parse_end_reason(const std::string& text) {
  std::string known;
  for (const EndReasonName& e : kEndReasons) {
    if (text == e.text) return e.reason;
    if (*e.text) known += std::string(known.empty() ? "" : ", ") + e.text;
  }
  throw GameError("unknown end reason '" + text + "' (known: " + known + ", or empty)");
}

}  // namespace inchzero
