// The scalar reference of the expected-value search: EV.md's model by its
// definition, written plainly (a recursion with a std::map memo, the
// reference's own shanten and scorer, ura-dora by enumerating every set of
// indicators). It shares nothing with ev/ but the answer's types.
#pragma once

#include "mjk/ev_types.hpp"
#include "mjk/score_types.hpp"

namespace mjk::ref {

// The answer mjk::expected_value gives (its `stats` aside: only vertices
// and the discards). Precondition: mjk::expected_value accepts the request
// (this checks nothing). Slow: for small hands (0-2 shanten, few options).
[[nodiscard]] EvAnswer expected_value(const ScoreRequest& request, const EvOptions& options = {},
                                      const EvVisible& visible = {});

}  // namespace mjk::ref
