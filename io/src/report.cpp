// analyse() and the answer's JSON (written by JsonWriter, json.cpp): the one
// shape every front end prints.
#include "mjk/report.hpp"

#include <new>

#include "mjk/ev.hpp"

namespace mjk {
namespace {

constexpr char suit_letter[] = "mpsz";

// An "ev" line's search reuses its thread's workspace (a file of ev lines, a
// server's stream of them), trimmed past ev_kept_workspace_bytes.
EvResult search_in_thread_workspace(const ParsedRequest& request, const EvVisible& seen,
                                    const std::atomic<bool>* cancel) noexcept {
  thread_local EvWorkspace workspace;
  EvResult e;
  EvOptions options = request.ev;
  options.cancel = cancel;
  try {
    e = expected_value(request.request, options, seen, &workspace);
  } catch (const std::bad_alloc&) {  // analyse() throws nothing: the search's memory is an error like another
    e = {};
    e.error = {Error::out_of_memory, HandError::nowhere, std::nullopt, 0};
    e.error.detail = "a lower max_vertices stops the search before memory runs out";
  }
  workspace.trim();
  return e;
}

// Appends the mpsz text of a hand (red fives as 0), like to_mpsz but with no
// allocation: `put` takes one character at a time.
template <class Put>
void put_mpsz(const Hand& hand, Put put) {
  for (int suit = 0; suit < 4; ++suit) {
    const int kinds = suit == 3 ? 7 : 9;
    bool any = false;
    for (int n = 1; n <= kinds; ++n) {
      int count = hand.count(Tile(suit * 9 + n - 1));
      if (n == 5 && suit < 3) {
        const int red = std::min<int>(hand.red_fives[static_cast<std::size_t>(suit)], count);
        for (int i = 0; i < red; ++i) put('0');
        count -= red;
        any = any || red > 0;
      }
      for (int i = 0; i < count; ++i) put(static_cast<char>('0' + n));
      any = any || count > 0;
    }
    if (any) put(suit_letter[suit]);
  }
}

// The echoed hand: the tiles before the winning tile, then the winning tile.
template <class Put>
void put_hand(const ParsedHand& input, Put put) {
  if (!input.winning) return put_mpsz(input.hand, put);
  Hand before = input.hand;
  const Tile win = *input.winning;
  before.remove(win);
  if (input.winning_red) --before.red_fives[static_cast<std::size_t>(win.kind() / 9)];
  put_mpsz(before, put);
  put(' ');
  put(input.winning_red ? '0' : static_cast<char>('0' + win.number()));
  put(suit_letter[win.kind() / 9]);
}

std::array<char, 2> name_of(Tile t) noexcept {
  return {static_cast<char>('0' + t.number()), suit_letter[t.kind() / 9]};
}

}  // namespace

TenpaiDiscards tenpai_discards_of(const Advice& advice) noexcept {
  TenpaiDiscards out;
  for (int i = 0; i < advice.count; ++i) {
    const DiscardOption& o = advice.options[static_cast<std::size_t>(i)];
    if (o.shanten != 0) continue;
    out.discards.insert(o.discard);
    out.waits[static_cast<std::size_t>(o.discard.kind())] = o.necessary;
  }
  return out;
}

std::size_t write_hand(const ParsedHand& input, std::span<char> out) noexcept {
  std::size_t n = 0;
  put_hand(input, [&](char c) {
    if (n < out.size()) out[n] = c;
    ++n;
  });
  return n;
}

Parsed<Report> analyse(std::string_view line, const Options& options, const ScoreRequest& context) noexcept {
  return analyse(line, options, context, nullptr);
}

Parsed<Report> analyse(std::string_view line, const Options& options, const ScoreRequest& context,
                       const std::atomic<bool>* cancel) noexcept {
  ScoreRequest defaults = context;
  defaults.players = options.players;
  auto parsed = parse_request(line, defaults);
  if (!parsed.ok()) {
    Parsed<Report> out;
    out.error = parsed.error;
    return out;
  }
  return analyse_request(parsed.value, options, cancel);
}

Parsed<Report> analyse_request(ParsedRequest request, const Options& options,
                               const std::atomic<bool>* cancel) noexcept {
  Parsed<Report> out;
  if (!request.any_visible && !options.visible.empty()) {  // the caller's visible tiles are the default
    for (std::size_t k = 0; k < kind_count; ++k) request.visible[k] = options.visible[k % options.visible.size()];
    request.any_visible = true;
  }
  const Hand& hand = request.request.hand;
  const Players players = request.request.players;
  if (const auto e = validate(hand, Question::shanten, players)) {
    out.error = e;
    return out;
  }
  if (const auto e = check_request(request)) {
    out.error = e;
    return out;
  }
  // Tiles out of the wall besides the hand: visible, melds, indicators.
  const std::array<std::uint8_t, kind_count> seen = seen_elsewhere(request);
  for (int k = 0; k < kind_count; ++k)
    if (hand.count(Tile(k)) + seen[static_cast<std::size_t>(k)] > 4) {
      out.error = {Error::visible_over_four, 0, Tile(k), hand.tiles};
      return out;
    }
  const Options with_seen{players, seen};
  Report& r = out.value;
  r.input.hand = hand;
  if (request.has_win) r.input.winning = request.request.win;
  r.input.winning_red = request.request.win_red;
  r.players = players;
  r.complete = hand.tiles % 3 == 2;
  Error error = Error::none;
  const auto take = [&](const auto& result, auto& into) {
    if (!result.ok() && error == Error::none) error = result.error;
    into = result.value;
  };
  take(shanten(hand, with_seen), r.shanten);
  if (r.complete) {
    take(is_agari(hand, with_seen), r.agari);
    take(advice(hand, with_seen), r.advice);
    r.discards = tenpai_discards_of(r.advice);
    if (r.agari) {
      const auto d = decompositions(hand, r.input.winning, r.decompositions, with_seen);
      if (!d.ok() && error == Error::none) error = d.error;
      r.decomposition_count = static_cast<std::uint8_t>(d.value);
    }
  } else {
    take(waits(hand, with_seen), r.waits);
    take(necessary_tiles(hand, with_seen), r.necessary);
  }
  if (request.scored() && error == Error::none) take(score(request.request), r.score);
  if (error != Error::none) out.error = {error, HandError::nowhere, std::nullopt, hand.tiles};
  // check_request() has run validate_waiting(): only a tile's own error is left.
  // A tile whose every copy is visible is not won, as the line with that "win" is rejected.
  if (request.each_win && error == Error::none)
    (void)score_each_win(request.request, request.visible_tiles(), r.each_win);
  if (request.has_ev && error == Error::none) {
    // The search's wall leaves out what the request shows (melds and dora
    // are its own fields); a red five written 0 in visible or dora too.
    EvVisible seen_by_search;
    seen_by_search.counts = request.visible;
    seen_by_search.red = request.red_seen;
    const EvResult e = search_in_thread_workspace(request, seen_by_search, cancel);
    if (!e.ok()) out.error = e.error;
    r.ev = e.value;
  }
  r.request = request;
  return out;
}

Parsed<Report> analyse(std::string_view line, const Options& options) noexcept {
  return analyse(line, options, ScoreRequest{});
}

namespace {

// SCORING.md §2's fields of a score, the object left open; `names`: each
// yaku with its display names too.
void write_score_fields(const Score& score, const ScoreRules& rules, bool names, JsonWriter& json) noexcept {
  std::array<YakuValue, yaku_count> yaku;
  const std::size_t n = list_yaku(score, rules, yaku);
  json.begin_object();
  json.key("yaku").begin_array();
  for (std::size_t i = 0; i < n; ++i) {
    json.begin_object();
    json.key("name").string(yaku_name(yaku[i].yaku));
    if (yaku[i].yakuman) json.key("yakuman").number(yaku[i].yakuman);
    else json.key("han").number(yaku[i].han);
    if (names) {
      const DisplayName d = display_name(yaku[i].yaku);
      json.key("en").string(d.en);
      json.key("ja").string(d.ja);
    }
    json.end_object();
  }
  json.end_array();
  const bool yakuman_hand = score.yakuman > 0;
  json.key("han");
  if (yakuman_hand) json.null();
  else json.number(score.han);
  json.key("fu");
  if (yakuman_hand || score.fu == 0) json.null();  // a yakuman hand, or no yaku
  else json.number(score.fu);
  json.key("yakuman").number(score.yakuman);
  json.key("points").number(score.points);
  json.key("payments").begin_array();
  for (const std::int32_t p : score.payments) json.number(p);
  json.end_array();
}

// A pair, triplet or kan of one kind as mpsz ("55z", "5555p").
std::string_view block_text(Tile tile, int size, std::array<char, 6>& buf) noexcept {
  const auto name = name_of(tile);
  int n = 0;
  for (; n < size && n < 4; ++n) buf[static_cast<std::size_t>(n)] = name[0];
  buf[static_cast<std::size_t>(n)] = name[1];
  return {buf.data(), static_cast<std::size_t>(n + 1)};
}

}  // namespace

void write_json(const Score& score, const ScoreRules& rules, JsonWriter& json) noexcept {
  if (!score.complete) {
    json.null();
    return;
  }
  write_score_fields(score, rules, false, json);
  json.end_object();
}

void write_json(const Score& score, const ScoreRequest& request, JsonWriter& json) noexcept {
  if (!score.complete) {
    json.null();
    return;
  }
  write_score_fields(score, request.rules, true, json);
  // The readable fields, after SCORING.md §2's (older readers see the same keys first).
  const Limit limit = limit_of(score, request.rules);
  const DisplayName limit_names = display_name(limit);
  const auto string_or_null = [&json](std::string_view s) {
    if (s.empty()) json.null();
    else json.string(s);
  };
  json.key("limit");
  string_or_null(limit_names.id);
  json.key("limit_en");
  string_or_null(limit_names.en);
  json.key("limit_ja");
  string_or_null(limit_names.ja);
  char pay[max_payment_text];
  json.key("payment_text");
  string_or_null(std::string_view(pay, std::min(payment_text(request, score, pay), sizeof pay)));
  const FuBreakdown fu = fu_breakdown(request, score);
  json.key("fu_details").begin_array();
  for (int i = 0; i < fu.count; ++i) {
    const FuPart& part = fu.parts[static_cast<std::size_t>(i)];
    json.begin_object();
    json.key("reason").string(fu_reason_name(part.reason));
    std::array<char, 6> tiles;
    if (part.tiles) json.key("tiles").string(block_text(part.tile, part.tiles, tiles));
    if (part.reason == FuReason::wait) json.key("wait").string(wait_name(part.wait));
    json.key("fu").number(part.fu);
    json.end_object();
  }
  json.end_array();
  json.end_object();
}

namespace {

// EV.md's "ev" answer: values as the shortest text that reads back the same double.
// "each_win": {tile: score object} for the tiles that complete the waiting
// hand, in tile order; a tile that cannot be added (a fifth copy, every
// copy seen, 2m-8m with three players) cannot be won and is left out like
// the others.
void write_each_win(const Report& r, JsonWriter& json) noexcept {
  json.key("each_win").begin_object();
  for (int k = 0; k < kind_count; ++k) {
    const Result<Score>& s = r.each_win[static_cast<std::size_t>(k)];
    if (!s.ok() || !s.value.complete) continue;
    const auto name = name_of(Tile(k));
    json.key(std::string_view(name.data(), 2));
    write_json(s.value, won_on(r.request.request, Tile(k)), json);  // fu_details read the won hand
  }
  json.end_object();
}

void write_ev(const EvAnswer& a, JsonWriter& json) noexcept {
  json.key("ev").begin_object();
  json.key("shanten").number(a.shanten);
  json.key("vertices").number(static_cast<long long>(a.vertices));
  json.key("wall").number(a.wall);
  json.key("discards").begin_array();
  for (int i = 0; i < a.count; ++i) {
    const EvDiscard& d = a.discards[static_cast<std::size_t>(i)];
    json.begin_object();
    json.key("discard");
    if (d.has_discard) {
      auto name = name_of(d.discard);
      if (d.discard_red) name[0] = '0';
      json.string(std::string_view(name.data(), 2));
    } else {
      json.null();
    }
    json.key("shanten").number(d.shanten);
    json.key("necessary").begin_array();
    for (const Tile k : d.necessary) {
      const auto name = name_of(k);
      json.begin_array()
          .string(std::string_view(name.data(), 2))
          .number(a.wall_counts[static_cast<std::size_t>(k.kind())])
          .end_array();
    }
    json.end_array();
    for (const auto& [key, values] : {std::pair{"tenpai", &d.tenpai}, {"win", &d.win}, {"score", &d.score}}) {
      json.key(key).begin_array();
      for (const double x : *values) json.shortest(x);
      json.end_array();
    }
    json.end_object();
  }
  json.end_array();
  json.end_object();
}

}  // namespace

void write_json(const Report& r, JsonWriter& json) noexcept {
  const auto shanten_or_null = [&](std::int8_t v) -> JsonWriter& {
    return v == ShantenForms::not_applicable ? json.null() : json.number(v);
  };
  const auto tile = [&](Tile t) -> JsonWriter& {
    const auto name = name_of(t);
    return json.string(std::string_view(name.data(), 2));
  };
  char hand[max_request_text];
  const std::size_t hand_size = write_request_text(r.request, hand);
  json.begin_object();
  json.key("hand").string(std::string_view(hand, std::min(hand_size, sizeof hand)));
  json.key("tiles").number(r.input.hand.tiles);
  json.key("shanten").number(r.shanten.best);
  json.key("shanten_standard").number(r.shanten.standard);
  json.key("shanten_chiitoi");
  shanten_or_null(r.shanten.chiitoi);
  json.key("shanten_kokushi");
  shanten_or_null(r.shanten.kokushi);
  if (!r.complete) {
    json.key("waits").tiles(r.waits);
    json.key("necessary").tiles(r.necessary.tiles);
    json.key("ukeire").number(r.necessary.ukeire);
    if (r.request.each_win) write_each_win(r, json);
    if (r.request.has_ev) write_ev(r.ev, json);
    json.end_object();
    return;
  }
  json.key("agari").boolean(r.agari);
  json.key("discards").begin_object();
  for (const Tile d : r.discards.discards) {
    const auto name = name_of(d);
    json.key(std::string_view(name.data(), 2)).tiles(r.discards.waits[static_cast<std::size_t>(d.kind())]);
  }
  json.end_object();
  json.key("advice").begin_array();
  for (int i = 0; i < r.advice.count; ++i) {
    const DiscardOption& d = r.advice.options[static_cast<std::size_t>(i)];
    json.begin_object();
    json.key("discard");
    tile(d.discard);
    json.key("shanten").number(d.shanten);
    json.key("necessary").tiles(d.necessary);
    json.key("ukeire").number(d.ukeire);
    json.end_object();
  }
  json.end_array();
  if (r.agari) {
    json.key("decompositions").begin_array();
    for (int i = 0; i < r.decomposition_count; ++i) {
      const Decomposition& d = r.decompositions[static_cast<std::size_t>(i)];
      json.begin_object();
      json.key("form").string(form_name(d.form));
      json.key("blocks").begin_array();
      for (int b = 0; b < d.block_count; ++b) {
        const Block block = d.blocks[static_cast<std::size_t>(b)];
        char name[4];
        const auto first = name_of(block.first);
        const int n = block.size();
        for (int k = 0; k < n; ++k) name[k] = static_cast<char>(first[0] + (block.kind == BlockKind::sequence ? k : 0));
        name[n] = first[1];
        json.string(std::string_view(name, static_cast<std::size_t>(n + 1)));
      }
      json.end_array();
      json.key("win");
      if (d.win < 0) json.null();
      else json.number(d.win);
      json.key("wait");
      if (d.wait) json.string(wait_name(*d.wait));
      else json.null();
      json.end_object();
    }
    json.end_array();
  }
  if (r.request.scored()) {
    json.key("score");
    write_json(r.score, r.request.request, json);
  }
  if (r.request.has_ev) write_ev(r.ev, json);
  json.end_object();
}

void write_json_error(std::string_view line, std::string_view message, JsonWriter& json) noexcept {
  json.begin_object();
  json.key("hand").string(line);
  json.key("error").string(message);
  json.end_object();
}

}  // namespace mjk
