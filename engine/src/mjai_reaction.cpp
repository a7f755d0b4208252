// An mjai reaction line read as the table's action. The line is one JSON
// object (read by io's one JSON reader); the fields a reaction needs are
// strings, integers, booleans and arrays of strings, and anything else
// (Mortal's "meta") is skipped.
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "mjk/json.hpp"
#include "mjk/mjai.hpp"

namespace mjk {
namespace {

struct Field {
  std::string key;
  enum Kind : std::uint8_t { string, number, boolean, null, strings, other } kind = other;
  std::string text;
  long long number_value = 0;
  bool flag = false;
  std::vector<std::string> list;
};

// The reaction's fields from io's JSON reader (mjk/json.hpp), flattened to
// what a reaction reads; anything else (Mortal's "meta") is kept as `other`.
std::optional<std::vector<Field>> fields_of(std::string_view line, std::string& why) {
  json::Value root;
  json::ParseError error;
  if (!json::parse(line, root, error)) {
    why = "not JSON: " + error.what + " at byte " + std::to_string(error.offset);
    return std::nullopt;
  }
  if (root.type != json::Type::object) {
    why = "not JSON: not a JSON object";
    return std::nullopt;
  }
  std::vector<Field> fields;
  for (json::Member& m : root.members) {
    Field f;
    f.key = std::move(m.key);
    const json::Value& v = m.value;
    switch (v.type) {
      case json::Type::string: f.kind = Field::string, f.text = v.string; break;
      case json::Type::boolean: f.kind = Field::boolean, f.flag = v.boolean; break;
      case json::Type::null: f.kind = Field::null; break;
      case json::Type::number:
        if (v.is_int()) f.kind = Field::number, f.number_value = v.as_int();
        break;
      case json::Type::array:
        f.kind = Field::strings;
        for (const json::Value& item : v.items) {
          if (item.type != json::Type::string) {
            f.kind = Field::other;
            f.list.clear();
            break;
          }
          f.list.push_back(item.string);
        }
        break;
      case json::Type::object: break;
    }
    fields.push_back(std::move(f));
  }
  return fields;
}

const Field* find(const std::vector<Field>& fields, std::string_view key) {
  for (const Field& f : fields)
    if (f.key == key) return &f;
  return nullptr;
}

std::optional<Pai> pai_of(std::string_view name) {
  for (Pai p = 0; p < pai_count; ++p)
    if (pai_name(p) == name) return p;
  return std::nullopt;
}

std::string quoted(std::string_view s) {
  std::string out = "'";
  out.append(s.substr(0, 40));
  if (s.size() > 40) out += "...";
  return out + "'";
}

constexpr std::array<std::string_view, 3> chi_place = {"low", "middle", "high"};

}  // namespace

std::string mjai_legal_names(const Table& table, int seat) {
  const ActionSet& legal = table.legal(seat);
  std::string out;
  auto add = [&](std::string_view s) {
    if (!out.empty()) out += ", ";
    out += s;
  };
  bool reach = false;
  for (int i = 0; i < legal.size(); ++i) {
    const Action a = legal.nth(i);
    if (a < act::tsumogiri) add("dahai " + std::string(pai_name(a)));
    else if (a == act::tsumogiri) add("dahai " + std::string(pai_name(table.drawn())) + " tsumogiri");
    else if (a <= act::riichi_tsumogiri) reach = true;
    else if (a < act::pon) {
      // The run's two tiles from the hand, named by kind (a red five where chi_red says so).
      const int k = pai_kind(table.claim()), place = (a - act::chi) % 3;
      const int first = k - place + (place == 0 ? 1 : 0);
      std::array<int, 2> kinds{first, first + 1};
      if (place == 1) kinds = {k - 1, k + 1};
      std::string s = "chi";
      bool red = a >= act::chi_red;
      for (int kind : kinds) {
        const bool five = kind % 9 == 4 && kind < 27;
        s += ' ';
        s += pai_name(red && five ? red_pai_of(kind) : static_cast<Pai>(kind));
        if (red && five) red = false;
      }
      add(s);
    } else if (a == act::pon || a == act::pon_red) {
      const int k = pai_kind(table.claim());
      const std::string plain(pai_name(static_cast<Pai>(k)));
      add("pon " + (a == act::pon_red ? std::string(pai_name(red_pai_of(k))) : plain) + " " + plain);
    } else if (a == act::daiminkan) add("daiminkan");
    else if (a < act::tsumo) {
      const int k = a - act::kan;
      add(std::string(((table.seat(seat).pons >> k) & 1) != 0 ? "kakan " : "ankan ") +
          std::string(pai_name(static_cast<Pai>(k))));
    } else if (a == act::tsumo || a == act::ron) add("hora");
    else if (a == act::nine_terminals) add("ryukyoku");
    else if (a == act::north) add("nukidora");
    else if (a == act::pass) add("none");
  }
  if (reach) add("reach");
  return out;
}

MjaiReaction read_mjai_reaction(const Table& table, int seat, std::string_view line, bool after_reach) {
  MjaiReaction r;
  const auto fields = fields_of(line, r.error);
  if (!fields) return r;
  const Field* type = find(*fields, "type");
  if (!type || type->kind != Field::string) {
    r.error = "not an mjai action: no \"type\" string";
    return r;
  }
  const std::string& t = type->text;
  if (const Field* actor = find(*fields, "actor");
      actor && (actor->kind != Field::number || actor->number_value != seat)) {
    r.error = t + " of actor " + (actor->kind == Field::number ? std::to_string(actor->number_value) : "?") +
              ", not this seat (" + std::to_string(seat) + ")";
    return r;
  }
  auto tile = [&](std::string_view key, Pai& out) -> bool {
    const Field* f = find(*fields, key);
    if (!f || f->kind != Field::string) {
      r.error = t + " without a \"" + std::string(key) + "\" tile";
      return false;
    }
    const auto p = pai_of(f->text);
    if (!p) {
      r.error = t + " of " + quoted(f->text) + ", not a tile";
      return false;
    }
    out = *p;
    return true;
  };
  auto consumed = [&](std::size_t count, std::array<Pai, 4>& out) -> bool {
    const Field* f = find(*fields, "consumed");
    if (!f || f->kind != Field::strings || f->list.size() != count) {
      r.error = t + " without \"consumed\": " + std::to_string(count) + " tiles";
      return false;
    }
    for (std::size_t i = 0; i < count; ++i) {
      const auto p = pai_of(f->list[i]);
      if (!p) {
        r.error = t + " consuming " + quoted(f->list[i]) + ", not a tile";
        return false;
      }
      out[i] = *p;
    }
    return true;
  };
  const ActionSet& legal = table.legal(seat);
  std::string said = t;  // what the seat answered, for the refusal
  int action = -1;
  if (after_reach && t != "dahai") {
    r.error = "answered the reach with " + t + ", not a dahai";
    return r;
  }
  if (t == "none") action = act::pass;
  else if (t == "dahai") {
    Pai p = no_pai;
    if (!tile("pai", p)) return r;
    const Field* tg = find(*fields, "tsumogiri");
    const bool tsumogiri = tg && tg->kind == Field::boolean && tg->flag;
    said = (after_reach ? "reach, then dahai " : "dahai ") + std::string(pai_name(p)) + (tsumogiri ? " tsumogiri" : "");
    const int from_hand = (after_reach ? act::riichi : act::discard) + p;
    const int drawn = after_reach ? act::riichi_tsumogiri : act::tsumogiri;
    if (tsumogiri) action = p == table.drawn() ? drawn : -2;
    // The drawn tile named without the flag: the only copy the hand holds is the drawn one.
    else action = !legal.contains(from_hand) && p == table.drawn() && legal.contains(drawn) ? drawn : from_hand;
    if (action == -2) {
      r.error = said + ", but the tile drawn is " +
                (table.drawn() == no_pai ? std::string("none") : std::string(pai_name(table.drawn())));
      return r;
    }
  } else if (t == "reach") {
    for (int a = act::riichi; a <= act::riichi_tsumogiri; ++a)
      if (legal.contains(a)) {
        r.reach = true;
        return r;
      }
  } else if (t == "chi" || t == "pon" || t == "daiminkan") {
    Pai p = no_pai;
    std::array<Pai, 4> c{no_pai, no_pai, no_pai, no_pai};
    if (!tile("pai", p) || !consumed(t == "daiminkan" ? 3 : 2, c)) return r;
    said += " " + std::string(pai_name(c[0])) + " " + std::string(pai_name(c[1]));
    if (p != table.claim() || (table.phase() != Phase::reaction)) {
      r.error = t + " of " + std::string(pai_name(p)) + ", but no such discard is to be answered";
      return r;
    }
    const bool red = pai_red(c[0]) || pai_red(c[1]);
    if (t == "pon") action = red ? act::pon_red : act::pon;
    else if (t == "daiminkan") action = act::daiminkan;
    else {
      const int k = pai_kind(p), a = std::min(pai_kind(c[0]), pai_kind(c[1])),
                b = std::max(pai_kind(c[0]), pai_kind(c[1]));
      const int place = k < a ? 0 : k < b ? 1 : 2;
      said += " (" + std::string(chi_place[static_cast<std::size_t>(place)]) + ")";
      action = (red ? act::chi_red : act::chi) + place;
    }
  } else if (t == "ankan") {
    std::array<Pai, 4> c{no_pai, no_pai, no_pai, no_pai};
    if (!consumed(4, c)) return r;
    said += " " + std::string(pai_name(static_cast<Pai>(pai_kind(c[0]))));
    action = act::kan + pai_kind(c[0]);
  } else if (t == "kakan") {
    Pai p = no_pai;
    if (!tile("pai", p)) return r;
    said += " " + std::string(pai_name(static_cast<Pai>(pai_kind(p))));
    action = act::kan + pai_kind(p);
  } else if (t == "hora") action = legal.contains(act::tsumo) ? act::tsumo : act::ron;
  else if (t == "ryukyoku") action = act::nine_terminals;
  else if (t == "nukidora") action = act::north;
  else {
    r.error = "not an mjai action: type " + quoted(t);
    return r;
  }
  if (action >= 0 && legal.contains(action)) {
    r.action = static_cast<Action>(action);
    return r;
  }
  r.error = said + ", not in its legal set: " + mjai_legal_names(table, seat);
  if (action >= 0)
    if (const Refusal why = table.why_not(seat, static_cast<Action>(action)); why != Refusal::none)
      r.error += "; " + std::string(describe(why));
  return r;
}

}  // namespace mjk
