// Differential fuzzer for scoring: the kernel's scorer (single and batch)
// against the reference scorer (scalar_ref). Bytes become either a request
// built field by field from them (the usual case: mostly valid, often
// contradictory), or, raw, the bytes of the C ABI's request struct, to check
// that garbage gets an error and never a crash. Each request's waiting hand
// (its winning tile taken out) also goes through score_each_win, and its
// hand through score_won_on_each, every tile against score(). A mismatch
// prints the request and aborts.
//
// Built with -fsanitize=fuzzer (MJK_FUZZ=ON, clang) this is a libFuzzer
// target; otherwise replay_main.cpp replays the corpus in every test build.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "fuzz_bytes.hpp"
#include "mjk.h"
#include "mjk/ref.hpp"
#include "mjk/score.hpp"

namespace {

using namespace mjk;

using fuzz::Bytes;

std::string text(const ScoreRequest& r) {
  std::string s = to_mpsz(r.hand) + " win " + tile_name(r.win) + (r.tsumo ? " tsumo" : " ron");
  for (std::size_t i = 0; i < r.meld_count; ++i)
    s += " meld(" + std::to_string(static_cast<int>(r.melds[i].type)) + "," + tile_name(r.melds[i].tile) + ",red " +
         std::to_string(r.melds[i].red) + ",from " + std::to_string(static_cast<int>(r.melds[i].from)) + ")";
  s += " players " + std::to_string(static_cast<int>(r.players)) + " seat " + std::to_string(r.seat) + " round " +
       std::to_string(r.round) + " riichi " + std::to_string(r.riichi) + " nuki " + std::to_string(r.nuki);
  return s;
}

std::string text(const Score& s) {
  std::string t = "complete " + std::to_string(s.complete) + " yaku " + std::to_string(s.yaku) + " han " +
                  std::to_string(s.han) + " fu " + std::to_string(s.fu) + " yakuman " + std::to_string(s.yakuman) +
                  " dora " + std::to_string(s.dora) + " aka " + std::to_string(s.aka) + " ura " +
                  std::to_string(s.ura) + " points " + std::to_string(s.points) + " payments";
  for (const auto p : s.payments) t += " " + std::to_string(p);
  return t;
}

[[noreturn]] void mismatch(const char* what, const ScoreRequest& r, const Score* got = nullptr,
                           const Score* want = nullptr) {
  std::fprintf(stderr, "MISMATCH %s: %s\n", what, text(r).c_str());
  if (got && want) std::fprintf(stderr, "  kernel:    %s\n  reference: %s\n", text(*got).c_str(), text(*want).c_str());
  std::abort();
}

// A request whose shape is mostly legal: melds first, then the concealed
// tiles the melds leave (at most four of a kind in all), the winning tile
// among them, and the context from the remaining bytes.
ScoreRequest request_from(Bytes& b) {
  ScoreRequest r;
  r.players = b.below(4) == 0 ? Players::three : Players::four;
  std::array<int, kind_count> used{};
  const auto kind = [&](bool three) {
    int k = b.below(kind_count);
    if (three && k >= 1 && k <= 7) k = b.bit() ? 0 : 8;  // mostly tiles that exist with three players
    return k;
  };
  const bool three = r.players == Players::three;
  r.meld_count = static_cast<std::uint8_t>(b.below(5));
  for (std::size_t i = 0; i < r.meld_count; ++i) {
    Meld& m = r.melds[i];
    m.type = static_cast<MeldType>(b.below(5));
    int k = kind(three);
    if (m.type == MeldType::chi && (k >= 27 || k % 9 > 6)) k = (k % 3) * 9 + b.below(7);  // mostly a real run
    m.tile = Tile(k);
    m.from = m.type == MeldType::ankan ? Relative::self
             : m.type == MeldType::chi ? Relative::kamicha
                                       : static_cast<Relative>(1 + b.below(3));
    if (b.below(16) == 0) m.from = static_cast<Relative>(b.below(4));  // now and then from anywhere
    m.red = b.below(4) == 0;
    for (int t = 0; t < m.size(); ++t) ++used[static_cast<std::size_t>(k + (m.type == MeldType::chi ? t : 0))];
  }
  const int concealed = 14 - 3 * r.meld_count;
  for (int guard = 0; r.hand.tiles < concealed && guard < 200; ++guard) {
    const int k = kind(three);
    if (used[static_cast<std::size_t>(k)] < 4) {
      r.hand.add(Tile(k));
      ++used[static_cast<std::size_t>(k)];
    }
  }
  for (int s = 0; s < 3; ++s)
    if (r.hand.slots[static_cast<std::size_t>(s * 12 + 4)] && b.below(3) == 0)
      r.hand.red_fives[static_cast<std::size_t>(s)] = 1;
  for (int guard = 0; guard < 64; ++guard) {
    r.win = Tile(b.below(kind_count));
    if (r.hand.count(r.win)) break;
  }
  r.win_red = r.win.number() == 5 && !r.win.is_honour() &&
              r.hand.red_fives[static_cast<std::size_t>(r.win.kind() / 9)] && b.bit();
  r.tsumo = b.bit();
  r.from = static_cast<Relative>(1 + b.below(3));
  r.seat = static_cast<std::uint8_t>(b.below(static_cast<int>(r.players)));
  r.round = static_cast<std::uint8_t>(b.below(4));
  const std::uint8_t flags = b.next();
  r.riichi = static_cast<std::uint8_t>(flags % 3);
  r.ippatsu = flags & 8, r.rinshan = flags & 16, r.chankan = flags & 32, r.haitei = flags & 64, r.tenhou = flags & 128;
  r.dora_count = static_cast<std::uint8_t>(b.below(6));
  for (std::size_t i = 0; i < r.dora_count; ++i) r.dora[i] = Tile(kind(three));
  r.ura_count = static_cast<std::uint8_t>(b.below(6));
  for (std::size_t i = 0; i < r.ura_count; ++i) r.ura[i] = Tile(kind(three));
  r.nuki = three ? static_cast<std::uint8_t>(b.below(5)) : 0;
  r.honba = static_cast<std::uint16_t>(b.below(8));
  r.sticks = static_cast<std::uint16_t>(b.below(8));
  const std::uint8_t rules = b.next();
  r.rules.open_tanyao = rules & 1, r.rules.kiriage = rules & 2, r.rules.kazoe_yakuman = rules & 4;
  r.rules.double_yakuman = rules & 8, r.rules.yakuman_stacking = rules & 16, r.rules.pao = rules & 32;
  r.rules.sanma_tsumo_loss = rules & 64;
  r.rules.double_wind_pair_fu = rules & 128 ? 2 : 4;
  r.rules.renhou = static_cast<RenhouRule>(b.below(3));
  return r;
}

void check(const ScoreRequest& r) {
  const Error want = validate(r).code;
  const Result<Score> single = score(r);
  Result<Score> batch;
  if (score(std::span<const ScoreRequest>(&r, 1), std::span<Result<Score>>(&batch, 1)) != Error::none)
    mismatch("batch call refused one request", r);
  if (single.error != want || batch.error != want) mismatch("error differs from validate()", r);
  if (want != Error::none) return;
  const Score expected = ref::score(r);
  if (!(single.value == expected)) mismatch("single score differs from the reference", r, &single.value, &expected);
  if (!(batch.value == expected)) mismatch("batch score differs from the reference", r, &batch.value, &expected);
  // The readable side: the fu parts sum to the fu; the JSON object is written whole.
  const FuBreakdown fu = fu_breakdown(r, expected);
  if (fu.total() != (expected.yakuman ? 0 : expected.fu))
    mismatch("fu parts do not sum to the fu", r, &expected, &expected);
  std::array<char, max_payment_text> pay;
  if (payment_text(r, expected, pay) > pay.size()) mismatch("payment text longer than max_payment_text", r);
}

// Every winning tile of the request's waiting hand (the winning tile taken
// out) at once: score_each_win must answer each tile as score() of the
// waiting hand with that tile added and won (the same Score, or the same
// error); validate_waiting's error must be one every tile shares (but for a
// red five not held, which the five itself makes valid), and no error must
// leave some tile valid.
void check_each_win(const ScoreRequest& r) {
  ScoreRequest w = r;
  if (w.hand.count(w.win) > 0) {
    const auto g = static_cast<std::size_t>(w.win.kind() / 9);
    if (w.win_red && g < 3 && w.hand.red_fives[g] > 0) --w.hand.red_fives[g];
    w.hand.remove(w.win);
  }
  w.win_red = false;
  std::array<Result<Score>, kind_count> each;
  if (score_each_win(w, each) != Error::none) mismatch("score_each_win refused 34 outputs", w);
  int valid = 0;
  for (int k = 0; k < kind_count; ++k) {
    const ScoreRequest one = won_on(w, Tile(k));
    const Result<Score> alone = score(one);
    const Result<Score>& got = each[static_cast<std::size_t>(k)];
    if (got.error != alone.error) mismatch("score_each_win's error differs from score()'s", one);
    if (!(got.value == alone.value)) mismatch("score_each_win differs from score()", one, &got.value, &alone.value);
    valid += alone.ok();
  }
  // With tiles seen elsewhere (a few copies of the kinds near the hand's):
  // each tile as above, unless validate() of its request with them refuses it.
  std::array<std::uint8_t, kind_count> visible{};
  for (int k = 0; k < kind_count; ++k)
    visible[static_cast<std::size_t>(k)] = static_cast<std::uint8_t>((w.hand.count(Tile(k)) + k + w.hand.tiles) % 3);
  std::array<Result<Score>, kind_count> seen;
  if (score_each_win(w, visible, seen) != Error::none) mismatch("score_each_win with visible refused 34 outputs", w);
  for (int k = 0; k < kind_count; ++k) {
    const ScoreRequest one = won_on(w, Tile(k));
    const HandError refused = each[static_cast<std::size_t>(k)].ok() ? validate(one, visible) : HandError{};
    const Result<Score> want = refused ? Result<Score>{Score{}, refused.code} : each[static_cast<std::size_t>(k)];
    const Result<Score>& got = seen[static_cast<std::size_t>(k)];
    if (got.error != want.error || !(got.value == want.value))
      mismatch("score_each_win with visible differs from validate() and score()", one);
  }
  const HandError e = validate_waiting(w);
  if (!e && valid == 0) mismatch("validate_waiting accepts a request no tile makes valid", w);
  if (e && e.code != Error::too_many_red_fives && valid > 0)
    mismatch("validate_waiting refuses a request some tile makes valid", w);
}

// The request's hand won on every tile at once: score_won_on_each must
// answer each as score() of the request with that tile its winning one.
void check_won_on_each(const ScoreRequest& r) {
  std::array<Result<Score>, kind_count> each;
  if (score_won_on_each(r, (std::uint64_t{1} << kind_count) - 1, each) != Error::none)
    mismatch("score_won_on_each refused 34 outputs", r);
  for (int k = 0; k < kind_count; ++k) {
    ScoreRequest one = r;
    one.win = Tile(k);
    one.win_red = false;
    const Result<Score> alone = score(one);
    const Result<Score>& got = each[static_cast<std::size_t>(k)];
    if (got.error != alone.error) mismatch("score_won_on_each's error differs from score()'s", one);
    if (!(got.value == alone.value)) mismatch("score_won_on_each differs from score()", one, &got.value, &alone.value);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  if (data[0] == 0xff && size > sizeof(mjk_score_request)) {
    // Raw: any bytes as the C struct; an error or a score, never a crash.
    mjk_score_request raw;
    std::memcpy(&raw, data + 1, sizeof raw);
    mjk_score_result out;
    std::uint8_t error = 0;
    if (mjk_score(&raw, 1, &out, &error) != MJK_OK) std::abort();
    if (error != MJK_OK && out.complete) std::abort();  // a rejected request's answer is zero
    // The score object of the struct's request, with its answer and with a
    // made-up answer from the bytes that follow: written, never a crash.
    mjk_score_result made_up{};
    std::memcpy(&made_up, data + 1 + sizeof raw, std::min(sizeof made_up, size - 1 - sizeof raw));
    std::array<char, 4096> json;
    std::size_t needed = 0;
    for (const mjk_score_result* answer : {&out, &made_up}) {
      const int e = mjk_score_json(&raw, answer, json.data(), json.size(), &needed);
      if (e != MJK_OK && e != MJK_ERR_OUTPUT_TOO_SMALL) std::abort();
    }
    // Every winning tile of the struct's request: a row's error zeroes its
    // answer; the request's own error writes nothing.
    std::array<mjk_score_result, MJK_KINDS> each;
    std::array<std::uint8_t, MJK_KINDS> errors;
    errors.fill(0xee);
    const int e = mjk_score_each_win(&raw, each.data(), errors.data());
    if (e == MJK_ERR_INVALID_ARGUMENT) std::abort();
    for (std::size_t k = 0; k < MJK_KINDS; ++k) {
      if (e != MJK_OK && errors[k] != 0xee) std::abort();
      if (e == MJK_OK && errors[k] != MJK_OK && each[k].complete) std::abort();
    }
    return 0;
  }
  Bytes b(data, size);
  const ScoreRequest r = request_from(b);
  check(r);
  check_each_win(r);
  check_won_on_each(r);
  return 0;
}
