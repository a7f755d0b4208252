// mjk log --stats --plot: the corpus statistics as an SVG document.
#pragma once

#include <string>

#include "mjk/corpus.hpp"

namespace mjk::cli {

// The average shanten by turn as a line, and the win, deal-in, riichi and
// worse-shanten rates as bars.
std::string corpus_svg(const records::CorpusStats& stats);

}  // namespace mjk::cli
