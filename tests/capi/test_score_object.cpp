// The "score" object's readable fields after SCORING.md §2's keys, from the
// writers (write_json) and the C ABI (mjk_score_json, mjk_score_readable,
// the label tables).
#include <doctest/doctest.h>

#include <array>
#include <string>

#include "mjk.h"
#include "mjk/report.hpp"
#include "mjk/request.hpp"
#include "mjk/score.hpp"
#include "support/score_requests.hpp"
#include "support/scored.hpp"

using namespace mjk;
using mjk::test::scored;
using mjk::test::win;

TEST_CASE("the score object: SCORING.md §2's keys first and unchanged, the readable fields after") {
  const auto r = win("123678m345p67s55s", "8s").seat(1).tsumo().dora("9p").riichi();
  const Score s = scored(r);
  std::array<char, 4096> buf;
  JsonWriter old_json(buf);
  write_json(s, r.request().rules, old_json);
  const std::string old_shape(buf.data(), old_json.size());
  CHECK(
      old_shape ==
      R"({"yaku":[{"name":"riichi","han":1},{"name":"menzen_tsumo","han":1},{"name":"pinfu","han":1}],"han":3,"fu":20,"yakuman":0,"points":2700,"payments":[-1300,2700,-700,-700]})");
  JsonWriter json(buf);
  write_json(s, r.request(), json);
  const std::string text(buf.data(), json.size());
  CHECK(
      text ==
      R"({"yaku":[{"name":"riichi","han":1,"en":"Riichi","ja":"立直"},{"name":"menzen_tsumo","han":1,"en":"Fully concealed hand","ja":"門前清自摸和"},{"name":"pinfu","han":1,"en":"Pinfu","ja":"平和"}],"han":3,"fu":20,"yakuman":0,"points":2700,"payments":[-1300,2700,-700,-700],"limit":null,"limit_en":null,"limit_ja":null,"payment_text":"700/1300","fu_details":[{"reason":"base","fu":20}]})");
  // A limit, and the fu parts with their tiles and waits.
  const auto mangan = win("111m222p789s33z55z", "5z").seat(1).tsumo();
  JsonWriter m(buf);
  write_json(scored(mangan), mangan.request(), m);
  const std::string mangan_text(buf.data(), m.size());
  CHECK(
      mangan_text.find(
          R"("limit":"mangan","limit_en":"Mangan","limit_ja":"満貫","payment_text":"2000/4000","fu_details":[{"reason":"base","fu":20},{"reason":"closed_triplet","tiles":"111m","fu":8},)") !=
      std::string::npos);
  const auto kanchan = win("123m456p789p13s55s", "2s").seat(1).riichi();
  JsonWriter k(buf);
  write_json(scored(kanchan), kanchan.request(), k);
  CHECK(std::string(buf.data(), k.size()).find(R"({"reason":"wait","wait":"kanchan","fu":2})") != std::string::npos);
  // The C ABI writes the same object.
  mjk_score_request req;
  mjk_request_info info;
  const std::string line = "123678m345p67s55s 8s";
  REQUIRE(mjk_parse_request(line.data(), line.size(), &req, nullptr, &info) == MJK_OK);
  req.seat = 1;
  req.tsumo = 1;
  req.riichi = 1;
  req.dora_count = 1;
  req.dora[0] = 9 + 8;  // 9p
  mjk_score_result result;
  REQUIRE(mjk_score(&req, 1, &result, nullptr) == MJK_OK);
  std::size_t needed = 0;
  CHECK(mjk_score_json(&req, &result, nullptr, 0, &needed) == MJK_ERR_OUTPUT_TOO_SMALL);
  CHECK(needed == text.size() + 1);
  std::string c_text(needed, '\0');
  REQUIRE(mjk_score_json(&req, &result, c_text.data(), c_text.size(), &needed) == MJK_OK);
  CHECK(c_text.c_str() == text);
  CHECK(mjk_score_json(nullptr, &result, c_text.data(), c_text.size(), &needed) == MJK_ERR_INVALID_ARGUMENT);
  mjk_score_result incomplete{};
  REQUIRE(mjk_score_json(&req, &incomplete, c_text.data(), c_text.size(), &needed) == MJK_OK);
  CHECK(std::string(c_text.c_str()) == "null");
  // ... and its pieces, for front ends that build their own objects.
  mjk_readable words;
  REQUIRE(mjk_score_readable(&req, &result, &words) == MJK_OK);
  CHECK(words.limit == 0);
  CHECK(std::string(words.payment_text) == "700/1300");
  REQUIRE(words.fu_count == 1);
  CHECK((words.fu[0].reason == MJK_FU_BASE && words.fu[0].fu == 20 && words.fu[0].tiles == 0));
  CHECK(mjk_score_readable(&req, nullptr, &words) == MJK_ERR_INVALID_ARGUMENT);
  const std::string kanchan_line = "123m456p789p13s55s 2s";
  REQUIRE(mjk_parse_request(kanchan_line.data(), kanchan_line.size(), &req, nullptr, &info) == MJK_OK);
  req.riichi = 1;
  REQUIRE(mjk_score(&req, 1, &result, nullptr) == MJK_OK);
  REQUIRE(mjk_score_readable(&req, &result, &words) == MJK_OK);
  REQUIRE(words.fu_count == 4);
  CHECK((words.fu[2].reason == MJK_FU_WAIT && words.fu[2].wait == MJK_WAIT_KANCHAN && words.fu[2].tile == 18 + 1));
  CHECK(std::string(words.payment_text) == "2000");  // the dealer's 1 han 40 fu ron
  CHECK(std::string(mjk_yaku_label(static_cast<int>(Yaku::menzen_tsumo), MJK_NAME_ID)) == "menzen_tsumo");
  CHECK(std::string(mjk_yaku_label(static_cast<int>(Yaku::menzen_tsumo), MJK_NAME_EN)) == "Fully concealed hand");
  CHECK(std::string(mjk_yaku_label(static_cast<int>(Yaku::menzen_tsumo), MJK_NAME_JA)) == "門前清自摸和");
  CHECK(std::string(mjk_yaku_label(MJK_YAKU_COUNT, MJK_NAME_EN)).empty());
  CHECK(std::string(mjk_yaku_label(0, 3)).empty());
  CHECK(std::string(mjk_limit_label(static_cast<int>(Limit::haneman), MJK_NAME_JA)) == "跳満");
  CHECK(std::string(mjk_limit_label(0, MJK_NAME_ID)).empty());
  CHECK(std::string(mjk_limit_label(MJK_LIMIT_COUNT, MJK_NAME_ID)).empty());
  CHECK(std::string(mjk_fu_reason_name(MJK_FU_ROUNDING)) == "rounding");
  CHECK(std::string(mjk_fu_reason_name(MJK_FU_REASON_COUNT)) == "unknown");
  CHECK(std::string(mjk_wait_name(MJK_WAIT_TANKI)) == "tanki");
  CHECK(std::string(mjk_wait_name(MJK_WAIT_NONE)) == "unknown");
}
