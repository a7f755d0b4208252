#include "mjk/decomposition_types.hpp"

#include "mjk/hand.hpp"

namespace mjk {

std::string block_name(Block b) {
  const std::string first = tile_name(b.first);
  std::string digits;
  for (int i = 0; i < b.size(); ++i) digits += static_cast<char>(first[0] + (b.kind == BlockKind::sequence ? i : 0));
  return digits + first[1];
}

std::string_view form_name(Form f) noexcept {
  switch (f) {
    case Form::standard: return "standard";
    case Form::chiitoi: return "chiitoi";
    case Form::kokushi: return "kokushi";
  }
  return "?";
}

std::string_view wait_name(WaitKind w) noexcept {
  switch (w) {
    case WaitKind::ryanmen: return "ryanmen";
    case WaitKind::kanchan: return "kanchan";
    case WaitKind::penchan: return "penchan";
    case WaitKind::tanki: return "tanki";
    case WaitKind::shanpon: return "shanpon";
    case WaitKind::kokushi: return "kokushi";
    case WaitKind::kokushi13: return "kokushi13";
  }
  return "?";
}

}  // namespace mjk
