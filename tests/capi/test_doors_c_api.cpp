// What the C ABI gives the doors so that no binding works it out itself:
// a line's own error from mjk_analyse_json_info (no reading of the answer,
// no second analysis), review rows as columns (mjk_review_columns_write),
// and corpus statistics with their exact merge and the walk to the records
// (mjk_corpus_*).
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <unistd.h>

#include "mjk.h"
#include "mjk/corpus.hpp"
#include "support/shared_logs.hpp"

namespace {

namespace fs = std::filesystem;

struct Analysed {
  int status;
  std::string line;
  mjk_request_info info;
};

Analysed analysed(const std::string& text, int players = 4, const std::uint8_t* visible = nullptr) {
  Analysed a{};
  std::vector<char> buf(1 << 15);
  std::size_t needed = 0;
  a.status = mjk_analyse_json_info(text.data(), text.size(), players, visible, nullptr, buf.data(), buf.size(), &needed,
                                   &a.info);
  if (a.status == MJK_OK) a.line.assign(buf.data(), needed - 1);
  return a;
}

std::string text_of(const std::vector<char>& buf, std::size_t needed) { return {buf.data(), needed ? needed - 1 : 0}; }

using mjk::test::corpus_files;

int corpus(const std::vector<std::string>& files, int flags, std::string& out) {
  std::vector<const char*> paths;
  for (const auto& f : files) paths.push_back(f.c_str());
  std::size_t needed = 0;
  int e = mjk_corpus_json(paths.data(), paths.size(), 0, flags, nullptr, 0, &needed);
  if (e != MJK_ERR_OUTPUT_TOO_SMALL) return e;
  std::vector<char> buf(needed);
  e = mjk_corpus_json(paths.data(), paths.size(), 0, flags, buf.data(), buf.size(), &needed);
  out = text_of(buf, needed);
  return e;
}

int merged(const std::vector<std::string>& parts, int flags, std::string& out) {
  std::vector<const char*> texts;
  std::vector<std::size_t> lengths;
  for (const auto& p : parts) texts.push_back(p.data()), lengths.push_back(p.size());
  std::vector<char> buf(1 << 16);
  std::size_t needed = 0;
  int e = mjk_corpus_merge_json(texts.data(), lengths.data(), parts.size(), flags, buf.data(), buf.size(), &needed);
  if (e == MJK_ERR_OUTPUT_TOO_SMALL) {
    buf.resize(needed);
    e = mjk_corpus_merge_json(texts.data(), lengths.data(), parts.size(), flags, buf.data(), buf.size(), &needed);
  }
  out = text_of(buf, needed);
  return e;
}

}  // namespace

TEST_CASE("C ABI doors: mjk_analyse_json_info: the line's own error, its code, position and sentence") {
  const Analysed good = analysed("123m456p789s11z23s 1s");
  CHECK(good.status == MJK_OK);
  CHECK(good.info.error == MJK_OK);
  CHECK(good.info.error_position == UINT32_MAX);
  CHECK(good.info.message[0] == '\0');
  // The same line mjk_analyse_json_n writes.
  char buf[8192];
  std::size_t needed = 0;
  const std::string text = "123m456p789s11z23s 1s";
  REQUIRE(mjk_analyse_json_n(text.data(), text.size(), 4, nullptr, buf, sizeof buf, &needed) == MJK_OK);
  CHECK(good.line == std::string(buf, needed - 1));

  const Analysed bad = analysed("123m45x");
  CHECK(bad.status == MJK_OK);
  CHECK(bad.info.error == MJK_ERR_UNKNOWN_CHARACTER);
  CHECK(bad.info.error_position == 6);
  CHECK(bad.line.find(std::string("\"error\":\"") + bad.info.message + "\"") != std::string::npos);

  // Errors the parse alone does not see: the tile count, a fifth copy with
  // the visible tiles, three-player rules.
  CHECK(analysed("123m456p").info.error == MJK_ERR_WRONG_TILE_COUNT);
  CHECK(analysed("2m3m4m456p789s11z22z", 3).info.error != MJK_OK);
  std::uint8_t visible[MJK_KINDS] = {};
  visible[0] = 4;
  CHECK(analysed("123m456p789s11z23s", 4, visible).info.error != MJK_OK);
  // A request object's error, with its place in the line.
  const Analysed request = analysed(R"({"hand": "123m456p789s11z23s1s", "win": "1s", "honba": -1})");
  CHECK(request.info.error == MJK_ERR_BAD_REQUEST);
  CHECK(request.info.error_position != UINT32_MAX);
  // NULL info: the line alone; a call error is info's code too.
  CHECK(mjk_analyse_json_info(text.data(), text.size(), 4, nullptr, nullptr, buf, sizeof buf, &needed, nullptr) ==
        MJK_OK);
  mjk_request_info info;
  CHECK(mjk_analyse_json_info(text.data(), text.size(), 5, nullptr, nullptr, buf, sizeof buf, &needed, &info) ==
        MJK_ERR_INVALID_ARGUMENT);
  CHECK(info.error == MJK_ERR_INVALID_ARGUMENT);
  CHECK(mjk_analyse_json_info(text.data(), text.size(), 4, nullptr, nullptr, buf, 4, &needed, &info) ==
        MJK_ERR_OUTPUT_TOO_SMALL);
  CHECK(info.error == MJK_ERR_OUTPUT_TOO_SMALL);
}

TEST_CASE("C ABI doors: mjk_review_columns_write: every field a column, the unreviewed rows' figures zero") {
  mjk_review_row rows[2] = {};
  rows[0].hand[3] = 2, rows[0].visible[33] = 1, rows[0].melds[5] = 3, rows[0].dora[0] = 1, rows[0].best[7] = 1;
  rows[0].hand_red[2] = 1, rows[0].visible_red[0] = 1;
  rows[0].event = 70000, rows[0].round = 3, rows[0].turn = 12, rows[0].seat = 2, rows[0].seat_wind = 1;
  rows[0].discard = 30, rows[0].discard_red = 1, rows[0].riichi = 1, rows[0].reviewed = 1;
  rows[0].shanten = 1, rows[0].shanten_after = 2, rows[0].best_shanten = 1, rows[0].ukeire = 20;
  rows[0].best_ukeire = 24;
  rows[1] = rows[0];
  rows[1].reviewed = 0;  // a discard after riichi: its figures say nothing
  std::uint8_t hand[68], visible[68], melds[68], dora[68], best[68], hand_red[6], visible_red[6];
  std::uint8_t seat[2], seat_wind[2], discard[2], discard_red[2], riichi[2], reviewed[2], ukeire[2], best_ukeire[2];
  std::int8_t shanten[2], shanten_after[2], best_shanten[2];
  std::uint16_t round[2], turn[2];
  std::uint32_t event[2];
  const mjk_review_columns c{hand,        visible,   melds,         dora,         best,   hand_red, visible_red,
                             seat,        seat_wind, discard,       discard_red,  riichi, reviewed, ukeire,
                             best_ukeire, shanten,   shanten_after, best_shanten, round,  turn,     event};
  REQUIRE(mjk_review_columns_write(rows, 2, &c) == MJK_OK);
  CHECK(hand[3] == 2);
  CHECK(hand[34 + 3] == 2);
  CHECK(visible[33] == 1);
  CHECK(melds[5] == 3);
  CHECK(dora[0] == 1);
  CHECK(best[7] == 1);
  CHECK(best[34 + 7] == 0);
  CHECK(hand_red[2] == 1);
  CHECK(visible_red[3] == 1);
  CHECK(event[1] == 70000);
  CHECK(round[0] == 3);
  CHECK(turn[0] == 12);
  CHECK(seat[0] == 2);
  CHECK(seat_wind[0] == 1);
  CHECK(discard[1] == 30);
  CHECK(discard_red[0] == 1);
  CHECK(riichi[1] == 1);
  CHECK(reviewed[0] == 1);
  CHECK(reviewed[1] == 0);
  CHECK(shanten[0] == 1);
  CHECK(shanten_after[0] == 2);
  CHECK(best_shanten[0] == 1);
  CHECK(ukeire[0] == 20);
  CHECK(best_ukeire[0] == 24);
  CHECK((shanten[1] | shanten_after[1] | best_shanten[1] | ukeire[1] | best_ukeire[1]) == 0);
  // Columns left NULL are left out.
  mjk_review_columns some{};
  some.turn = turn;
  turn[0] = 0;
  CHECK(mjk_review_columns_write(rows, 1, &some) == MJK_OK);
  CHECK(turn[0] == 12);
  CHECK(mjk_review_columns_write(nullptr, 1, &some) == MJK_ERR_INVALID_ARGUMENT);
  CHECK(mjk_review_columns_write(rows, 1, nullptr) == MJK_ERR_INVALID_ARGUMENT);
  CHECK(mjk_review_columns_write(nullptr, 0, &some) == MJK_OK);
}

TEST_CASE("C ABI doors: mjk_corpus_json and mjk_corpus_merge_json: partial statistics merge exactly") {
  const auto files = corpus_files();
  if (files.empty()) {
    MESSAGE("skipped: the game records are not at " MJK_SHARED_DATA_DIR "/logs (set MJK_SHARED_DATA_DIR)");
    return;
  }
  // The library's own figures, as `mjk log --stats --json` prints them.
  mjk::records::CorpusStats whole = mjk::records::corpus_stats(files);
  whole.sort();
  std::string json, text;
  REQUIRE(corpus(files, 0, json) == MJK_OK);
  CHECK(json == mjk::records::corpus_json(whole));
  REQUIRE(corpus(files, MJK_CORPUS_TEXT, text) == MJK_OK);
  CHECK(text == mjk::records::corpus_text(whole));
  // Three interleaved parts, merged in reverse order; and a merge of merges.
  std::vector<std::vector<std::string>> parts(3);
  for (std::size_t i = 0; i < files.size(); ++i) parts[i % 3].push_back(files[i]);
  std::vector<std::string> partials(3);
  for (std::size_t p = 0; p < 3; ++p) REQUIRE(corpus(parts[2 - p], MJK_CORPUS_PARTIAL, partials[p]) == MJK_OK);
  std::string merged_json, merged_text, twice;
  REQUIRE(merged(partials, 0, merged_json) == MJK_OK);
  CHECK(merged_json == json);
  REQUIRE(merged(partials, MJK_CORPUS_TEXT, merged_text) == MJK_OK);
  CHECK(merged_text == text);
  std::string first_two;
  REQUIRE(merged({partials[0], partials[1]}, MJK_CORPUS_PARTIAL, first_two) == MJK_OK);
  REQUIRE(merged({first_two, partials[2]}, 0, twice) == MJK_OK);
  CHECK(twice == json);
}

TEST_CASE("C ABI doors: mjk_corpus_files: the records mjk_corpus_json's walk reads, each name ending in a NUL") {
  const fs::path dir = fs::temp_directory_path() / "mjk_doors_corpus_files";
  fs::remove_all(dir);
  fs::create_directories(dir / "a" / "b");
  for (const char* f : {"a/b/y", "a/x", "a/README.md", "README.md", "c"}) std::ofstream(dir / f) << "";
  const std::vector<std::string> named = {(dir / "c").string(), dir.string(), (dir / "missing").string()};
  std::vector<const char*> paths;
  for (const auto& p : named) paths.push_back(p.c_str());
  std::size_t needed = 0;
  REQUIRE(mjk_corpus_files(paths.data(), paths.size(), nullptr, 0, &needed) == MJK_ERR_OUTPUT_TOO_SMALL);
  std::vector<char> buf(needed);
  REQUIRE(mjk_corpus_files(paths.data(), paths.size(), buf.data(), buf.size(), &needed) == MJK_OK);
  REQUIRE(needed == buf.size());
  // The walk `mjk log` and mjk_corpus_json make: README.md left out, each directory sorted, the rest as named.
  std::vector<std::string> walked;
  std::string error;
  REQUIRE(mjk::records::record_files(named, walked, error));
  std::string expected;
  for (const auto& f : walked) (expected += f) += '\0';
  CHECK(std::string(buf.data(), buf.size() - 1) == expected);
  CHECK(walked == std::vector<std::string>{named[0], (dir / "a/b/y").string(), (dir / "a/x").string(),
                                           (dir / "c").string(), named[2]});
  CHECK(buf.back() == '\0');
  // No paths: the empty list, one NUL.
  char one = 'x';
  CHECK(mjk_corpus_files(nullptr, 0, &one, 1, &needed) == MJK_OK);
  CHECK((needed == 1 && one == '\0'));
  const char* none = nullptr;
  CHECK(mjk_corpus_files(&none, 1, nullptr, 0, &needed) == MJK_ERR_INVALID_ARGUMENT);
  CHECK(mjk_corpus_files(paths.data(), 1, nullptr, 4, &needed) == MJK_ERR_INVALID_ARGUMENT);
  // A directory that cannot be listed fails the call with the sentence (root lists every directory).
  fs::permissions(dir / "a" / "b", fs::perms::none);
  std::vector<char> err(256);
  const int e = mjk_corpus_files(paths.data(), paths.size(), err.data(), err.size(), &needed);
  fs::permissions(dir / "a" / "b", fs::perms::owner_all);
  if (geteuid() != 0) {
    CHECK(e == MJK_ERR_BAD_REQUEST);
    CHECK(std::string(err.data()).rfind("cannot list " + dir.string() + ": ", 0) == 0);
  } else {
    MESSAGE("running as root: an unreadable directory is listed all the same, its refusal not checked");
  }
  fs::remove_all(dir);
}

TEST_CASE("C ABI doors: mjk_corpus_* count a record that cannot be read among the errors and name a bad partial") {
  const std::string missing = (fs::temp_directory_path() / "mjk_doors_missing.mjlog").string();
  std::string partial;
  REQUIRE(corpus({missing}, MJK_CORPUS_PARTIAL, partial) == MJK_OK);
  CHECK(partial.find("\"files\": 1") != std::string::npos);
  CHECK(partial.find("\"error_list\": [\"" + missing) != std::string::npos);
  std::string out;
  CHECK(merged({partial, "{\"files\": 1}"}, 0, out) == MJK_ERR_BAD_REQUEST);
  CHECK(out == "parts[1]: partial statistics without a valid games");
  CHECK(merged({"[1, 2"}, 0, out) == MJK_ERR_BAD_REQUEST);
  CHECK(out.rfind("parts[0]: partial statistics: ", 0) == 0);
  std::string bad_list = partial;
  bad_list.replace(bad_list.find("\"error_list\": ["), 15, "\"error_list\": [3, ");
  CHECK(merged({bad_list}, 0, out) == MJK_ERR_BAD_REQUEST);
  CHECK(out == "parts[0]: partial statistics without a valid error_list[0] (a string)");
  // Empty input: no records at all.
  CHECK(merged({}, 0, out) == MJK_OK);
  CHECK(out.find("\"games\": 0") != std::string::npos);
  const char* none = nullptr;
  std::size_t needed = 0;
  CHECK(mjk_corpus_json(&none, 1, 0, 0, nullptr, 0, &needed) == MJK_ERR_INVALID_ARGUMENT);
  CHECK(mjk_corpus_json(nullptr, 0, 0, 7, nullptr, 0, &needed) == MJK_ERR_INVALID_ARGUMENT);
}

TEST_CASE("C ABI doors: mjk_request_error_in_field: the error's character in the field the caller wrote") {
  mjk_score_request request;
  mjk_request_info info;
  const auto placed = [&](const std::string& line) {
    mjk_parse_request(line.data(), line.size(), &request, nullptr, &info);
    return mjk_request_error_in_field(line.data(), line.size(), &info);
  };
  CHECK(placed(R"({"hand":"123m45x","win":"1m"})") == 1);
  CHECK(info.error == MJK_ERR_UNKNOWN_CHARACTER);
  CHECK(info.error_position == 6);
  CHECK(std::string(info.message) == "unknown character at position 6: in the field hand");
  CHECK(placed(R"({"hand": "123m456p789s11z2s", "win": "2s", "dora": "9x"})") == 1);
  CHECK(info.error_position == 1);
  CHECK(std::string(info.message) == "unknown character at position 1: in the field dora");
  // After a nested array; a value with a character that is not mpsz, which
  // the reader places at the value's start.
  CHECK(placed("{\"seat\":\"2z\",\"melds\":[{\"type\":\"pon\",\"tiles\":\"555z\"}],\"hand\":\"1m\xc3\xa9\\u00e9\"}") ==
        1);
  CHECK(info.error_position == 0);
  // Left as they are: an error in a value that is not a string, in a nested
  // object, of the whole request, or in a line that is not a JSON object.
  CHECK(placed(R"({"hand":"123m456p789s11z2s","win":"2s","honba":-1})") == 0);
  CHECK(placed(R"({"hand":"123m456p789s11z2s","win":"2s","melds":[{"type":"pon","tiles":"12m"}]})") == 0);
  CHECK(placed(R"({"hand":"123m456p789s11z2s"})") == 0);
  CHECK(placed("123m45x 1m") == 0);
  CHECK(info.error_position == 6);
  CHECK(mjk_request_error_in_field(nullptr, 0, nullptr) == 0);
}
