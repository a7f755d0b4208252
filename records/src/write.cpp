// Writers (mjai, tenhou.net/6): not written yet.
#include "common.hpp"

namespace mjk::records {

std::string write_mjai(const Game&) { return {}; }
std::string write_tenhou6(const Game&) { return {}; }

}  // namespace mjk::records
