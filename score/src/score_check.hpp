// The scorer's checks on its fast path (score.cpp), which validate() also
// uses: one implementation of "nothing wrong here" for both.
#pragma once

#include "mjk/score.hpp"

namespace mjk::scoring {

// True only if validate(request) would find nothing wrong (checked while
// preparing the score, mostly on whole words); false sends the request to
// the checks one by one, which name the first failure.
[[nodiscard]] bool surely_valid(const ScoreRequest& request) noexcept;

}  // namespace mjk::scoring
