// The C ABI's game records (capi/src/review.cpp) beyond the C consumer's
// checks (tests/capi/c_consumer): a record that cannot be read, as
// mjk_review_record_rows writes it, to the byte. Not in the WebAssembly
// tests: there is no records' review there (no zlib).
#include <doctest/doctest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <string>

#include "mjk.h"

namespace mjk::test {

TEST_CASE("C ABI: a record that cannot be read, as mjk_review_record_rows gives it: the place in parts") {
  const std::string dir = "/tmp/mjk_test_capi_rows_" + std::to_string(::getpid());
  REQUIRE(::mkdir(dir.c_str(), 0700) == 0);
  const std::string path = dir + "/bad\"name.json";
  std::FILE* f = std::fopen(path.c_str(), "wb");
  REQUIRE(f != nullptr);
  const char record[] = "{\"log\":\n [x]}";
  REQUIRE(std::fwrite(record, 1, sizeof record - 1, f) == sizeof record - 1);
  REQUIRE(std::fclose(f) == 0);
  char json[512];
  mjk_review_row rows[1];
  std::size_t rows_needed = 9, json_needed = 0;
  CHECK(mjk_review_record_rows(path.c_str(), 0, rows, 1, &rows_needed, json, sizeof json, &json_needed) ==
        MJK_ERR_RECORD_UNREADABLE);
  const std::string file = dir + "/bad\\\"name.json";
  const std::string expected = "{\"file\":\"" + file + "\",\"error\":\"" + file +
                               ":2:3 (byte 10): malformed JSON: unexpected character 'x'\","
                               "\"offset\":10,\"line\":2,\"column\":3,"
                               "\"what\":\"malformed JSON: unexpected character 'x'\"}";
  CHECK(std::string(json) == expected);
  CHECK(json_needed == expected.size() + 1);
  CHECK(rows_needed == 0);
  std::remove(path.c_str());
  ::rmdir(dir.c_str());
}

}  // namespace mjk::test
