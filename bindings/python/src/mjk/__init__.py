"""mjk: riichi mahjong hand analysis by mjk's SIMD kernel, for Python and numpy.

    >>> import mjk
    >>> mjk.analyse("123m456p789s11z23s 1s")["agari"]        # the object `mjk --json` prints
    True
    >>> rows = mjk.parse("1112345678999m")                   # numpy.uint8 (34,) tile counts
    >>> mjk.waits(rows).nonzero()[0]                         # kinds 0..8: 1m..9m
    array([0, 1, 2, 3, 4, 5, 6, 7, 8])

Batch functions take tile counts in kind order (1-9m, 1-9p, 1-9s, 1-7z): an
array of shape (N, 34), or (34,) for one hand (the leading axis is then
dropped from every result). They release the GIL while the kernel runs.

Input arrays: numpy.uint8 is used as is (a non-contiguous one is copied);
other integer dtypes and lists are converted to uint8 only if every value is
within 0..255, else ValueError (never a silent wrap); bool, float and other
dtypes raise TypeError. A wrong shape raises ValueError naming it. Counts
above 4 and hands of the wrong size are per-row errors, below.

Keyword options of every batch function:
    players=4 | 3     three-player rules (2m-8m do not exist)
    visible=None      tiles seen outside the hand (ukeire), (34,) for every row or (N, 34)
    errors="raise"    a bad row raises HandError (a ValueError) naming the row;
    errors="return"   returns (result, codes) instead: codes is uint8 (N,), 0 for a
                      good row, else an error code (mjk.error_message(code) says it);
                      a bad row's results are zero.
    out=None          arrays to write the result into instead of new ones (the result's
                      shape and dtype, C-contiguous; a dict of them for a dict result):
                      reusing them saves the page faults of fresh memory in a loop.
An option of the wrong type raises TypeError naming it (players=3.0, "3" or
True; errors=1), a value of the right type that is not allowed ValueError.

Overlap: inputs (rows, visible) may share memory with outputs (views of one
buffer, in any way): an input that overlaps an output is copied before the
kernel runs, as numpy's ufuncs do, so the answer is the one without overlap.
Output arrays of one call that overlap each other raise ValueError.

parse and analyse raise HandError (with .code) for every malformed text, a
NUL or a lone surrogate included ("unknown character at position N", N a
byte offset in the UTF-8 text, as the CLI says).

Scoring a win (SCORING.md; parsed, checked and scored by the library):
    score(request=None, /, **fields)   -> the "score" dict `mjk --json` prints, or None
                                          (not complete); request: a dict of SCORING.md
                                          §1's fields, a request line, or keyword fields
    score_each_win(request=None, /, **fields) -> {tile: that dict} for every winning
                                           tile of a waiting hand (no "win"; one call)
    score_many(requests, errors=...)   -> a list of those (dicts and/or lines, one call)
    score_batch(requests, errors=...)  -> numpy arrays: complete, han, fu, yakuman,
                                          points, payments (N, 4), yaku (bit masks;
                                          YAKU_NAMES, yaku_list) for millions of wins
A bad request raises HandError (.code, the library's message); a field of the
wrong type TypeError naming it. The batch forms release the GIL.

The expected value of a hand (EV.md; searched by the library's mjk_ev):
    ev(hand_or_request, *, hand_change, shanten_back, extra, uradora, red, turn,
       max_vertices, **fields)          -> per discard: shanten, necessary tiles and their
                                           counts, tenpai/win/score float64 (D, 19) by turn
    ev_many(requests, *, threads=None, errors=..., **options)
                                        -> a list of those, spread over threads without the GIL
A search stops past max_vertices (EV_DEFAULT_MAX_VERTICES = 1_000_000 unless
given: HandError 43), and on Ctrl-C (KeyboardInterrupt).
"""
import json as _json
import os as _os

import numpy as _np

from . import _native

__version__ = "0.1.0"
# The library's tables (mjk_doors_json): the batch operations, the yaku, the defaults.
_DOORS = _json.loads(_native.doors)


class HandError(ValueError):
    """A malformed hand: .code is mjk's error code, .row the batch row (or None)."""

    def __init__(self, message, code, row=None):
        super().__init__(message)
        self.code = code
        self.row = row


def error_message(code):
    """The short description of an error code (0..255), e.g. 'fifth copy of a tile'."""
    if not _is_int(code):  # 1.5 was read as code 1, 2**70 raised pybind11's own error
        raise TypeError(f"error_message: a code is an int, not {type(code).__name__}")
    if not 0 <= code <= 255:
        raise ValueError("error codes are 0..255")
    return _native.error_message(int(code))


def implementation():
    """The kernel implementation in use (avx2, sse4.2, ...)."""
    return _native.implementation()


def _counts(a, what, ndim_ok):
    try:
        a = _np.asarray(a)
    except ValueError as e:  # ragged lists
        raise ValueError(f"{what}: {e}") from None
    if a.dtype != _np.uint8:
        if a.dtype.kind not in "iu":
            raise TypeError(f"{what} must be an array of tile counts with an integer dtype (uint8), not {a.dtype}")
        if a.size and (a.min() < 0 or a.max() > 255):
            raise ValueError(f"{what}: values outside 0..255 do not fit uint8 (counts are 0..4)")
        a = a.astype(_np.uint8)
    if a.ndim not in ndim_ok or a.shape[-1] != 34:
        shapes = " or ".join({1: "(34,)", 2: "(N, 34)"}[d] for d in ndim_ok)
        raise ValueError(f"{what} must have shape {shapes}, not {a.shape}")
    return _np.ascontiguousarray(a)


def _is_int(value):
    """An int or NumPy integer, not a bool (an int subclass: True == 1) nor a
    float (1.0 == 1) nor a str: what every integer argument must be."""
    return isinstance(value, (int, _np.integer)) and not isinstance(value, (bool, _np.bool_))


def _options(players, visible, n):
    if not _is_int(players):  # 3.0 == 3, True == 1: neither is a number of players
        raise TypeError(f"players must be an int (3 or 4), not {type(players).__name__}")
    if players not in (3, 4):
        raise ValueError(f"players must be 3 or 4, not {players!r}")
    if visible is not None:
        visible = _counts(visible, "visible", (1, 2))
        if visible.ndim == 2 and visible.shape[0] != n:
            raise ValueError(f"visible has {visible.shape[0]} rows, the hands {n}")
    return visible


def _winning(winning, n, single):
    w = _np.asarray(winning)
    if w.dtype.kind not in "iu":
        raise TypeError(f"winning must be integer kinds (0..33, -1: none), not {w.dtype}")
    if w.shape != ((n,) if not single else ()) and w.shape != (n,):
        raise ValueError(f"winning must have shape {(n,) if not single else '()'}, not {w.shape}")
    if w.size and (w.min() < -1 or w.max() > 33):
        raise ValueError("winning: kinds are 0..33, or -1 for none")
    return _np.ascontiguousarray(w.reshape(n).astype(_np.int8))


def _errors_option(errors, allowed=("raise", "return")):
    words = " or ".join(f'"{a}"' for a in allowed)
    if not isinstance(errors, str):
        raise TypeError(f"errors must be a str ({words}), not {type(errors).__name__}")
    if errors not in allowed:
        raise ValueError(f"errors must be {words}, not {errors!r}")


def _batch(name, outputs, doc, reads_winning):
    def run(rows, *, players=4, visible=None, errors="raise", out=None, winning=None):
        _errors_option(errors)
        a = _counts(rows, "rows", (1, 2))
        single = a.ndim == 1
        a = a.reshape(-1, 34)
        n = a.shape[0]
        vis = _options(players, visible, n)
        if winning is not None and not reads_winning:
            raise TypeError(f"{name}() takes no winning tiles")
        win = None if winning is None else _winning(winning, n, single)
        codes = _np.empty(n, dtype=_np.uint8)
        outs = _alloc(name, outputs, n, single, out)
        _native.run(name, a, int(players), vis, win, codes, outs)
        if single:
            outs = [o.reshape(o.shape[1:]) if o.ndim > 1 else o[0] for o in outs]
        result = outs[0] if len(outs) == 1 else {o[0]: v for o, v in zip(outputs, outs)}
        if errors == "return":
            return result, (codes[0] if single else codes)
        if codes.any():
            row = int(_np.flatnonzero(codes)[0])
            raise HandError(f"row {row}: {error_message(codes[row])}", int(codes[row]), row)
        return result

    run.__name__ = run.__qualname__ = name
    run.__doc__ = doc
    return run


def _alloc(name, outputs, n, single, out):
    """New output arrays, or the caller's `out` checked against them."""
    if out is None:  # the native side writes every byte (zeros are costlier: lazily zeroed pages fault in)
        return [_np.empty((n,) + tuple(shape), dtype=dtype) for _, dtype, shape in outputs]  # numpy's dtype names
    if single:
        raise ValueError(f"{name}: out= needs rows of shape (N, 34)")
    given = [out] if len(outputs) == 1 else None
    if len(outputs) > 1:
        if not isinstance(out, dict) or set(out) != {o[0] for o in outputs}:
            raise TypeError(f"{name}: out must be a dict with keys {[o[0] for o in outputs]}")
        given = [out[o[0]] for o in outputs]
    arrays = []
    for (key, dtype, shape), a in zip(outputs, given):
        want = (n,) + tuple(shape)
        what = "out" if len(outputs) == 1 else f"out[{key!r}]"
        if not isinstance(a, _np.ndarray) or a.dtype != dtype:
            raise TypeError(f"{name}: {what} must be a numpy array of dtype {dtype}")
        if a.shape != want or not a.flags.c_contiguous or not a.flags.writeable:
            raise ValueError(f"{name}: {what} must be a writeable C-contiguous array of shape {want}, not {a.shape}")
        arrays.append(a)
    return arrays


_QUESTION = {"complete": "3k+2 tiles", "waits": "3k+1 tiles", "shanten": "3k+1 or 3k+2 tiles"}
__all__ = ["analyse", "parse", "error_message", "implementation", "HandError"]
for _op in _DOORS["operations"]:
    _name, _question, _reads_winning = _op["name"], _op["question"], _op["reads_winning"]
    _outputs = [(o["name"], o["dtype"], tuple(o["shape"])) for o in _op["outputs"]]
    _doc = (f"{_name}(rows, *, players=4, visible=None, errors='raise', out=None): batch on rows of "
            f"{_QUESTION.get(_question, _question)}; returns "
            + ("a dict of " if len(_outputs) > 1 else "")
            + "; ".join(f"{o}: {dtype} (N{''.join(', %d' % d for d in shape)})" for o, dtype, shape in _outputs)
            + ". See help(mjk).")
    if _reads_winning:
        _doc = _doc.replace("out=None)", "out=None, winning=None)") + (
            " winning: the winning tile's kind per row (int, -1: none); readings past count are zero.")
    globals()[_name] = _batch(_name, _outputs, _doc, _reads_winning)
    __all__.append(_name)

# The shanten operation answers every form; shanten() gives the best one
# (int8 (N,)), shanten_forms() the dict of best/standard/chiitoi/kokushi
# (127 where a form does not apply).
shanten_forms = globals()["shanten"]
shanten_forms.__name__ = shanten_forms.__qualname__ = "shanten_forms"


def shanten(rows, *, players=4, visible=None, errors="raise", out=None):
    """shanten(rows, ...): the best shanten, int8 (N,) (-1: complete). See shanten_forms."""
    if out is not None:
        raise TypeError("shanten: out is not supported here; use shanten_forms(out=...)")
    r = shanten_forms(rows, players=players, visible=visible, errors=errors)
    return (r[0]["best"], r[1]) if errors == "return" else r["best"]


__all__.append("shanten_forms")


def _utf8(text):
    """The bytes the CLI would get for text. A lone surrogate (which UTF-8
    cannot encode) becomes three bytes that are not UTF-8 either, so it is an
    unknown character at its byte position like any other."""
    return text.encode("utf-8", "surrogatepass")


def parse(text):
    """mpsz text (or the suit-first form, "m1m2m3") -> numpy.uint8 (34,) counts; HandError if malformed."""
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, not {type(text).__name__}")
    code, message, counts = _native.parse(_utf8(text))
    if code:
        raise HandError(message, code)
    return _np.frombuffer(counts, dtype=_np.uint8).copy()


def analyse(text, players=4, visible=None):
    """The object `mjk --json` prints for one hand, as a dict; HandError (a ValueError) if malformed."""
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, not {type(text).__name__}")
    vis = _options(players, visible, 1)
    if vis is not None and vis.shape != (34,):
        raise ValueError(f"analyse: visible must have shape (34,), not {vis.shape}")
    code, line = _native.analyse(_utf8(text), int(players), vis)
    obj = _json.loads(line)
    if code:
        raise HandError(obj["error"], code)
    return obj


# ---- game records (the C ABI's review) ----

class RecordError(ValueError):
    """A game record that cannot be read, or that breaks the rules of the game;
    the message names the file and the place ("FILE:LINE:COLUMN (byte N): WHAT"
    or "FILE E1-0 event N: WHAT")."""


def _max_bytes(max_bytes):
    """max_bytes checked: a positive int (not a bool), at most 2**64 - 1."""
    if isinstance(max_bytes, bool) or not isinstance(max_bytes, int):
        raise TypeError(f"max_bytes must be an int, not {type(max_bytes).__name__}")
    if not 0 < max_bytes < 2**64:
        raise ValueError(f"max_bytes must be a positive number of bytes, not {max_bytes}")
    return max_bytes


def read_log(path, *, errors="raise", max_bytes=_DOORS["max_record_bytes"]):
    """A game record (Tenhou mjlog XML plain or gzip, tenhou.net/6 JSON, mjai
    JSON lines; the format told by the content) read, replayed with every
    check, and every discard reviewed by the kernel, as arrays: one row per
    discard, in the order played.

    Per discard (N rows):
        hand          uint8 (N, 34)  concealed tiles, the drawn one included
        visible       uint8 (N, 34)  the tiles that player has seen: discards and the other players' melds
        hand_red, visible_red  uint8 (N, 3)  the red fives among hand's and visible's fives, by suit (m, p, s)
        melds         uint8 (N, 34)  the player's own melds' tiles
        dora          uint8 (N, 34)  the dora indicators shown
        discard       uint8 (N,)     the kind discarded (0..33), discard_red bool (N,): the red five
        seat, seat_wind uint8 (N,)   absolute seat, seat wind (0 East .. 3 North)
        round         uint16 (N,)    index into result["rounds"] (labels "E1-0": wind, dealer number, honba)
        turn          uint16 (N,)    the player's discards so far, this one included
        event         uint32 (N,)    the index of the discard in its round's events
        riichi        bool (N,)      this discard declares riichi
        reviewed      bool (N,)      the kernel analysed the hand (the fields below are 0 otherwise)
        shanten, shanten_after, best_shanten   int8 (N,)  before, after the chosen discard, after the best
        ukeire, best_ukeire  uint8 (N,)  tiles accepted after the chosen / the best discard
        best          bool (N, 34)   the discards with the most ukeire at the lowest shanten
    and file, format, players, rounds (labels), disagreements (a list of
    {file, round, event, what}: facts of the record the kernel disagrees with),
    error (None, or where the record breaks the rules of the game), and the
    game as the record states it:
        names         the players by seat ("" where the record names none)
        round_info    per round (parallel to rounds): label, wind (0 East ..),
                      number, dealer (seat), honba, sticks, scores (at its
                      start, by seat), riichi (seats; each paid a 1000
                      stick, not in the payments); wins: [{winner, from, tsumo, han, fu,
                      yakuman, points, yaku: [{name, han}], payments}] (han,
                      fu, points None where the record states only the
                      payments); draw: None or {kind, tenpai (the seats shown
                      tenpai), payments}
        final_scores  by seat, after the last round; places: 1 = first
    The review is the library's one pipeline (the C ABI's
    mjk_review_record_json, `mjk log --json`).

    max_bytes bounds the record: the bytes read from the file, and again once
    inflated (gzip); default 16 MiB (records are 5-90 KB). A larger record,
    a directory, a FIFO with no writer are records that cannot be read.

    A record that cannot be read raises RecordError. One that breaks the rules
    (a discard of a tile not held, a fifth copy) raises RecordError too, or
    with errors="return" comes back with the discards up to that place and
    the place in result["error"]."""
    _errors_option(errors)
    max_bytes = _max_bytes(max_bytes)
    try:
        columns, review = _native.read_log(_os.fsdecode(path), max_bytes)
    except ValueError as e:
        raise RecordError(str(e)) from None
    r = _json.loads(review)
    e = r["error"]  # the replay's error, keyed as a disagreement
    out = {"file": r["file"], "format": r["format"], "players": r["players"],
           "rounds": [rd["label"] for rd in r["rounds"]], **columns, "disagreements": r["disagreements"],
           "error": e and {"file": e["file"], "round": e["round"], "event": e["event"], "what": e["error"]},
           "names": r["names"], "round_info": r["rounds"], "final_scores": r["final_scores"], "places": r["places"]}
    if e is not None and errors == "raise":
        raise RecordError(f'{e["file"]} {e["round"]} event {e["event"]}: {e["error"]}')
    return out


__all__ += ["read_log", "RecordError"]


# ---- scoring a win (SCORING.md) ----
#
# A request is SCORING.md §1's JSON object as a dict (or keyword arguments),
# or a request line as `mjk --json` reads it (a JSON object, or mpsz text
# with meld words and the winning tile: "678m345p67s55s chi:234m 8s"). The
# dict is checked for types here and written as the JSON line; parsing,
# validation and scoring are the library's (mjk_parse_request, mjk_score).

# The fields, their types, bounds and spellings: request.schema.json (package
# data), generated from the library's own field table. A tiny validator of
# the JSON Schema subset it uses; unknown fields and missing required ones
# are left to the library's reader, which names them.
with open(_os.path.join(_os.path.dirname(__file__), "request.schema.json"), encoding="utf-8") as _f:
    _SCHEMA = _json.load(_f)
_REQUEST_FIELDS = _SCHEMA["properties"]
# JSON's types of Python values, in the order tried (a bool is an int, an int no float).
_JSON_TYPES = (("null", type(None)), ("boolean", (bool, _np.bool_)), ("string", str), ("array", (list, tuple)),
               ("object", dict), ("integer", (int, _np.integer)), ("number", (float, _np.floating)))
_WORDS = {"boolean": "True or False", "string": "a str", "array": "a list", "object": "a dict", "null": "None"}


def _json_type(value):
    return next((name for name, types in _JSON_TYPES if isinstance(value, types)), None)


def _types_of(s):
    if "anyOf" in s:
        return [t for x in s["anyOf"] for t in (_types_of(x) or [])]
    if "type" in s:
        return s["type"] if isinstance(s["type"], list) else [s["type"]]
    values = s.get("enum", [s["const"]] if "const" in s else None)
    return None if values is None else list({_json_type(v) for v in values})


def _describe(s):
    if "x-must" in s:
        return s["x-must"].split(" must be ", 1)[1]
    if "enum" in s:
        return "one of " + ", ".join(_json.dumps(v) for v in s["enum"])
    words = dict(_WORDS, integer="an int" + (f" from {s['minimum']} to {s['maximum']}" if "minimum" in s else ""))
    return " or ".join(words.get(t, t) for t in (_types_of(s) or []))


def _check(value, s, path):
    """value (numpy scalars made the Python values json writes) checked against
    schema s: TypeError for a wrong type, ValueError for a value out of bounds, naming path."""
    def fail(error):
        raise error(f"{path} must be {_describe(s)}, got {value!r}")
    t, types = _json_type(value), _types_of(s)
    if types is not None and t not in types and not (t == "integer" and "number" in types):
        fail(TypeError)
    value = value.item() if isinstance(value, (_np.bool_, _np.integer)) else value
    if "anyOf" in s:
        for x in s["anyOf"]:
            try:
                return _check(value, x, path)
            except (TypeError, ValueError):
                pass
        fail(ValueError)
    if ("enum" in s and not any(_json_type(e) == t and e == value for e in s["enum"])) or \
            ("const" in s and value != s["const"]) or \
            (t == "integer" and not s.get("minimum", value) <= value <= s.get("maximum", value)) or \
            (t == "string" and len(value) > s.get("maxLength", len(value))) or \
            (t == "array" and not s.get("minItems", 0) <= len(value) <= s.get("maxItems", len(value))):
        fail(ValueError)
    if t == "array" and "items" in s:
        value = [_check(v, s["items"], f"{path}[{i}]") for i, v in enumerate(value)]
    if t == "object" and "properties" in s:
        value = _checked(value, s["properties"], path)
    return value


def _checked(obj, fields=_REQUEST_FIELDS, path=""):
    """A copy of the dict obj with each field of `fields` checked. Unknown keys
    are passed on for the library to reject with its own message; the
    request's own must still hold JSON (str, int, float, bool, None, list, dict)."""
    out = {}
    for key, value in obj.items():
        if not isinstance(key, str):
            raise TypeError(f"{path + ' ' if path else ''}keys must be str, not {type(key).__name__}")
        if key in fields:
            value = _check(value, fields[key], f"{path}.{key}" if path else key)
        elif not path and not isinstance(value, (str, int, float, bool, type(None), list, dict)):
            raise TypeError(f"{key} must be a JSON value, not {type(value).__name__}")
        out[key] = value
    return out


def _request_line(request, where):
    """The JSON request line for a dict (types checked), or the str as it is; a
    TypeError or ValueError (a value the schema refuses) names `where` first."""
    try:
        if isinstance(request, str):
            return request
        if not isinstance(request, dict):
            raise TypeError(f"request must be a dict (SCORING.md §1) or a str (a request line), "
                            f"not {type(request).__name__}")
        r = _checked(request)
        try:
            # ensure_ascii=False and surrogatepass later: a lone surrogate reaches
            # the parser as bytes that are not UTF-8, an unknown character (as in analyse)
            return _json.dumps(r, ensure_ascii=False, separators=(",", ":"))
        except (TypeError, ValueError) as e:  # nested garbage in an unknown field; a cycle
            raise TypeError(f"request: {e}") from None
    except (TypeError, ValueError) as e:
        raise type(e)(f"{where}: {e}") from None


_KEYWORDS = dict.fromkeys(_REQUEST_FIELDS)
_KEYWORDS["from_"] = None  # `from` is a Python keyword


def _one_request(who, request, fields, example):
    """The request line of score()'s or score_each_win()'s arguments: a dict
    or a request line, updated by keyword fields."""
    if fields:
        unknown = [k for k in fields if k not in _KEYWORDS]
        if unknown:
            raise TypeError(f"{who}() got an unexpected keyword argument {unknown[0]!r}")
        if "from_" in fields:
            fields["from"] = fields.pop("from_")
        if request is None:
            request = {}
        elif not isinstance(request, dict):
            raise TypeError(f"{who}(): keyword fields go with a dict request, not a "
                            f"{type(request).__name__}")
        request = {**request, **fields}
    elif request is None:
        raise TypeError(f"{who}() needs a request: a dict, a request line or keyword fields ({example})")
    return _request_line(request, f"{who}()")


def score(request=None, /, **fields):
    """Scores one win: the "score" object `mjk --json` prints (SCORING.md §2) as a dict,
    or None when the hand is not complete with its winning tile.

        >>> mjk.score(hand="123678m345p67s55s", win="8s", tsumo=True, seat="2z", dora="9p")["points"]
        1500
        >>> mjk.score({"hand": "678m345p67s55s", "melds": [{"type": "chi", "tiles": "234m"}], "win": "8s"})["fu"]
        30

    request: a dict of SCORING.md §1's fields, or a request line (str: a JSON
    object, or mpsz text with meld words and the winning tile, such as
    "678m345p67s55s chi:234m 8s"), or the fields as keyword arguments (from_=
    for "from"; they update a dict request). The answer: {"yaku": [{"name",
    "han"} or {"name", "yakuman"}, ...], "han", "fu" (None for a yakuman hand;
    fu None for a hand without a yaku), "yakuman", "points", "payments": [East,
    South, West, North]}.
    Raises HandError (.code) for a bad request (the library's message: a bad
    hand or meld, a contradictory context, an unknown field or rule key, no
    "win"); TypeError naming the field for a value of the wrong type
    (tsumo="yes", honba=1.5, melds=[...non-dicts]), ValueError for a value
    the schema refuses (seat="up", riichi=3). Every spelling the command
    line takes is accepted: seat="east"/"E"/"1z", riichi=True or "double",
    tsumo=1 (request.schema.json, docs/request.md).
    """
    line = _one_request("score", request, fields, "hand=..., win=...")
    return _answered(*_native.score_many([_utf8(line)], _built([request if not fields else {}])), "raise", "")[0]


def score_each_win(request=None, /, *, errors="omit", **fields):
    """What each winning tile of a waiting hand would pay (the wait table), in
    one call: a dict {tile: score dict} in tile order, each value exactly
    score() of the request won on that tile, for the tiles that complete the
    hand (a complete hand without a yaku included: its "yaku" is []).

        >>> table = mjk.score_each_win(hand="123678m345p67s55s", tsumo=True, seat="2z", riichi=True)
        >>> {tile: s["points"] for tile, s in table.items()}
        {'5s': 2700, '8s': 2700}

    request: as for score() (a dict, a request line, keyword fields), but
    without "win": the hand holds the 13 tiles (less 3 per meld) waiting;
    every tile is scored with the request's context (tsumo or ron from
    "from", riichi, dora, ...) and never as a red five. Faster than 34
    score() calls (one library call, mjk_score_each_win).
    Raises HandError (.code) for the request's own error, which every tile
    would share: a hand that is not 13 - 3 * melds tiles (such as a complete
    hand, or a request that names "win"), a bad meld, a contradictory
    context, ...; TypeError / ValueError as score() does. A tile that cannot
    be added (a fifth copy across hand, melds and indicators; more than four
    with the "visible" tiles; 2m-8m with three players) cannot be won: errors="omit" leaves it out like the tiles
    that do not complete the hand; errors="return" puts its HandError (.code,
    the message naming the tile) in its place.
    """
    _errors_option(errors, ("omit", "return"))
    line = _one_request("score_each_win", request, fields, "hand=..., tsumo=...")
    code, message, table, tile_errors = _native.score_each_win(_utf8(line), bool(fields) or not isinstance(request, str))
    if code:
        raise HandError(f"score_each_win(): {message}", code)
    if errors == "return" and tile_errors:
        for tile, tile_code in tile_errors:
            table[tile] = HandError(f"{tile}: {error_message(tile_code)}", tile_code)
        table = dict(sorted(table.items(), key=lambda item: tile_kind(item[0])))
    return table


def _line(request, i):
    """The line of requests[i]: a str as it is (the native side encodes it, a
    lone surrogate as surrogatepass bytes), a dict's written; errors name the row."""
    if isinstance(request, str):
        return request
    if not isinstance(request, dict):
        raise TypeError(f"requests[{i}] must be a dict or a str, not {type(request).__name__}")
    return _request_line(request, f"requests[{i}]")


def _lines(requests):
    if not isinstance(requests, (list, tuple)):
        raise TypeError(f"requests must be a list of dicts or str, not {type(requests).__name__}")
    return [_line(r, i) for i, r in enumerate(requests)]


def _answered(answers, bad, errors, where="requests[{}]: "):
    """The native answers with each bad (row, code, message) as its HandError:
    errors="raise" raises the first (its message after where, which names the row)."""
    if bad and errors == "raise":
        row, code, message = bad[0]
        raise HandError(where.format(row) + message, code, row if where else None)
    for row, code, message in bad:
        answers[row] = HandError(message, code, row)
    return answers


def _built(requests):
    """One byte per request, 1 for a dict: its line was written here, and its
    errors name the character of the field the caller wrote."""
    return bytes(isinstance(r, dict) for r in requests)


def score_many(requests, *, errors="raise"):
    """score() of each request (a list of dicts and/or request lines) -> a list of
    score dicts (None: not complete). One call for the whole list; parsing and
    scoring run without the GIL.

    errors="raise": the first bad request raises HandError with .row;
    errors="return": each bad request's place holds its HandError (with .code,
    .row) and the others are answered. A value of the wrong type raises
    TypeError naming the request and field ("requests[3]: tsumo must be a bool").
    """
    _errors_option(errors)
    return _answered(*_native.score_many(_lines(requests), _built(requests)), errors)


def score_batch(requests, *, errors="raise"):
    """Scores many wins into numpy arrays, for millions of them: a dict of
        complete bool (N,)     False: not complete with its winning tile (JSON "score": null)
        han int8 (N,)          dora included; 0 for a yakuman hand
        fu uint8 (N,)          0 for a yakuman hand or a hand without a yaku
        yakuman uint8 (N,)     the multiple of yakuman paid
        points int32 (N,)      the hand's value without honba and sticks
        payments int32 (N, 4)  each seat's change by seat wind (East South West North)
        yaku uint64 (N,)       bit y: yaku y counted; names: mjk.YAKU_NAMES[y] (mjk.yaku_list turns a mask into names)
    requests: a list of request lines (str; fastest) and/or dicts. Parsing and
    scoring run without the GIL. errors="raise": the first bad request raises
    HandError with .row and the library's message; errors="return": returns
    (arrays, codes), codes uint8 (N,) (0: scored; mjk.error_message(code)),
    a bad request's row zero.
    """
    _errors_option(errors)
    arrays, codes, first_bad = _native.score_batch(_lines(requests), _built(requests))
    if errors == "return":
        return arrays, codes
    if first_bad is not None:
        row, message = first_bad
        raise HandError(f"requests[{row}]: {message}", int(codes[row]), row)
    return arrays


YAKU_NAMES = tuple(_DOORS["yaku"])  # bit y of score_batch's yaku is YAKU_NAMES[y]


def yaku_list(mask):
    """The names of the yaku in a score_batch yaku mask (0..2**64-1), in bit order."""
    if not _is_int(mask):  # "3" and 1.5 were read as masks
        raise TypeError(f"yaku_list: a mask is an int (score_batch's uint64), not {type(mask).__name__}")
    if not 0 <= mask < 2**64:  # -1 named every yaku
        raise ValueError(f"yaku_list: a mask is 0..2**64-1, not {mask}")
    mask = int(mask)
    return [name for y, name in enumerate(YAKU_NAMES) if mask >> y & 1]


__all__ += ["score", "score_each_win", "score_many", "score_batch", "yaku_list", "YAKU_NAMES"]


# ---- tile names: kind numbers 0..33 (1-9m, 1-9p, 1-9s, 1-7z) and mpsz text ----
# Named and read by the C ABI (mjk_tile_name, mjk_tile_kind, mjk_counts_mpsz):
# its refusal says what is wrong with the value, written after the value here.

def tile_name(kind):
    """The mpsz name of a tile kind: tile_name(0) == "1m", tile_name(30) == "4z"."""
    if not _is_int(kind):
        raise TypeError(f"tile_name: kind must be an int, not {type(kind).__name__}")
    name, why = _native.tile_name(max(-1, min(int(kind), 34)))  # any int past 0..33 is refused alike
    if why:
        raise ValueError(f"tile_name: kind {why}, not {kind}")
    return name


def tile_kind(name):
    """The kind (0..33) of one mpsz tile name: tile_kind("4z") == 30, tile_kind("0m") == 4 (red five)."""
    if not isinstance(name, str):
        raise TypeError(f"tile_kind: name must be a str, not {type(name).__name__}")
    kind, why = _native.tile_kind(_utf8(name))
    if why:
        raise ValueError(f"tile_kind: {name!r} {why}")
    return kind


def to_mpsz(counts):
    """34 tile counts (a list or numpy array, kind order) -> mpsz text, suits in
    the order m p s z: to_mpsz(mjk.parse("19m19p19s1234567z1m")) == "119m19p19s1234567z"."""
    c = _counts(counts, "counts", (1,))  # shape (34,)
    text = _native.to_mpsz(c)  # or the first kind of more than 4 copies
    if isinstance(text, int):
        raise ValueError(f"to_mpsz: {int(c[text])} copies of {tile_name(text)} (at most 4)")
    return text


def from_mpsz(text):
    """mpsz text -> numpy.uint8 (34,) counts (the same as parse)."""
    return parse(text)


__all__ += ["tile_name", "tile_kind", "to_mpsz", "from_mpsz"]

# The expected value (EV.md): mjk/_ev.py, after the names it uses above.
from ._ev import EV_DEFAULT_MAX_VERTICES, ev, ev_many  # noqa: E402

__all__ += ["ev", "ev_many", "EV_DEFAULT_MAX_VERTICES"]

# Whole games on the engine (docs/python.md, "Whole games"): mjk/_table.py.
from ._table import ACTION_COUNT, ENCODING_SIZE, IllegalAction, Table, Tables, action_name, encoding_layout  # noqa: E402

__all__ += ["Table", "Tables", "IllegalAction", "ACTION_COUNT", "ENCODING_SIZE", "action_name", "encoding_layout"]
