// Corpus statistics (mjk/corpus.hpp): the partial statistics of any split of
// the corpus merge into exactly the figures of one pass, and the figures
// count what the records state.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "mjk/corpus.hpp"
#include "support/shared_logs.hpp"

namespace {

using namespace mjk::records;
namespace fs = std::filesystem;

using mjk::test::corpus_files;

}  // namespace

TEST_CASE("corpus statistics: a split corpus merges into exactly the one-pass figures") {
  const auto files = corpus_files();
  if (files.empty()) {
    MESSAGE("skipped: the game records are not at " MJK_SHARED_DATA_DIR "/logs (set MJK_SHARED_DATA_DIR)");
    return;
  }
  CorpusStats whole = corpus_stats(files);
  // Three interleaved parts, merged in reverse order.
  std::vector<std::vector<std::string>> parts(3);
  for (std::size_t i = 0; i < files.size(); ++i) parts[i % 3].push_back(files[i]);
  CorpusStats merged;
  for (int p = 2; p >= 0; --p) merged.merge(corpus_stats(parts[static_cast<std::size_t>(p)]));
  whole.sort();
  merged.sort();
  CHECK(corpus_json(merged) == corpus_json(whole));
  CHECK(corpus_text(merged) == corpus_text(whole));
  CHECK(merged.turn_shanten == whole.turn_shanten);
  CHECK(merged.win_points == whole.win_points);

  CHECK(whole.files == files.size());
  CHECK(whole.games == files.size());
  CHECK(whole.errors.empty());
  CHECK(whole.tsumo + whole.deal_ins + whole.draws <=
        whole.rounds);                                // one result a round (a record may stop mid-round)
  CHECK(whole.deal_ins + whole.tsumo <= whole.wins);  // a double ron: two wins, one deal-in
  CHECK(whole.reviewed == whole.discards);
  std::uint64_t by_turn = 0;
  for (const auto n : whole.turn_discards) by_turn += n;
  CHECK(by_turn == whole.reviewed);
  CHECK(whole.equal_shanten + whole.shanten_given_up == whole.reviewed);
  CHECK(whole.win_points > static_cast<std::int64_t>(whole.wins) * 1000);  // no win pays less than 1000
}

TEST_CASE("corpus statistics: an unreadable record is an error naming it, and the rest still counts") {
  const fs::path dir = fs::temp_directory_path() / "mjk_test_corpus";
  fs::create_directories(dir);
  const std::string missing = (dir / "missing.mjlog").string();
  CorpusStats s;
  add_record(s, missing);
  CHECK(s.files == 1);
  CHECK(s.games == 0);
  REQUIRE(s.errors.size() == 1);
  CHECK(s.errors[0].find("missing.mjlog") != std::string::npos);
  CHECK(corpus_json(s).find("\"games\": 0") != std::string::npos);
  CHECK(corpus_json(s).find("\"win_rate\": null") != std::string::npos);
}

TEST_CASE("corpus statistics: the JSON object, to the byte") {
  CorpusStats s;
  s.files = 3;
  s.games = 2;
  s.rounds = 9;
  s.seat_rounds = 36;
  s.wins = 7;
  s.tsumo = 3;
  s.deal_ins = 4;
  s.draws = 2;
  s.riichi = 5;
  s.discards = 1000;
  s.win_points = 55000;
  s.reviewed = 990;
  s.turn_discards[0] = 36;
  s.turn_shanten[0] = 100;
  s.turn_discards[19] = 3;
  s.turn_shanten[19] = 1;
  s.equal_shanten = 900;
  s.ukeire_given_up = 1234567;
  s.shanten_given_up = 90;
  s.disagreements.resize(2);
  s.errors = {"a \"quoted\" name", "a\nnewline and \xff"};
  std::string by_turn = "[2.77778";
  for (int t = 1; t < 19; ++t) by_turn += ", null";
  by_turn += ", 0.333333]";
  CHECK(
      corpus_json(s) ==
      "{\"games\": 2, \"rounds\": 9, \"wins\": 7, \"draws\": 2, \"riichi\": 5, \"discards\": 1000, "
      "\"actions\": 0, \"disagreements\": 2, \"errors\": [\"a \\\"quoted\\\" name\", \"a\\u000anewline and \\ufffd\"], "
      "\"files\": 3, \"tsumo\": 3, \"deal_ins\": 4, \"win_rate\": 0.194444, \"deal_in_rate\": 0.111111, "
      "\"riichi_rate\": 0.138889, \"average_win\": 7857.14, \"reviewed\": 990, \"shanten_by_turn\": " +
          by_turn + ", \"ukeire_given_up\": 1371.74, \"shanten_given_up\": 0.0909091}");
  CorpusStats empty;
  CHECK(corpus_json(empty).find("\"errors\": [], \"files\": 0") != std::string::npos);
  CHECK(corpus_json(empty).find("\"average_win\": null, \"reviewed\": 0") != std::string::npos);
}
