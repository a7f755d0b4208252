"""The expected value of a hand (EV.md): mjk.ev and mjk.ev_many.

A request is written as the JSON line `mjk --json` reads (its "ev" object
included) and searched by the library (mjk_parse_ev_request + mjk_ev); the
options given as arguments replace the line's own. Nothing is computed here.
"""

import numpy as _np

from . import _native
from . import _DOORS, _REQUEST_FIELDS, _answered, _built, _errors_option, _is_int, _line, _request_line

# The options, their types and bounds: request.schema.json's "ev" object (the
# library's field table, in mjk_ev_options' order): value i of the overrides
# is option i. tests/io/check_ev_options.py holds ev()'s signature to it.
_EV_SCHEMA = _REQUEST_FIELDS["ev"]["properties"]
_EV_OPTIONS = tuple(_EV_SCHEMA)
_UINT8_MAX = 255  # the C ABI's field of extra and turn
_UNSET = object()
# The search's budget unless told otherwise (MJK_EV_DEFAULT_MAX_VERTICES): past it
# HandError 43; a search stopped there has held at most about 0.45 GB.
EV_DEFAULT_MAX_VERTICES = _DOORS["ev_max_vertices"]


def _overrides(options, where):
    """The values in _EV_OPTIONS' order (None: not given) for the native call; TypeError/ValueError
    naming a bad option. A range that fits a byte (extra 0..3, turn 1..17) is the
    library's to refuse, with its sentence; a count's (max_vertices) is checked here."""
    values = [None] * len(_EV_OPTIONS)
    for i, name in enumerate(_EV_OPTIONS):
        value = options.get(name, _UNSET)
        if value is _UNSET:
            continue
        s = _EV_SCHEMA[name]
        if s["type"] == "integer":
            if value is None and s["maximum"] > _UINT8_MAX:  # as JSON's null: unset
                continue
            if not _is_int(value):
                raise TypeError(f"{where}: {name} must be an int, not {type(value).__name__}")
            value = int(value)
            if s["maximum"] <= _UINT8_MAX:
                value = value if 0 <= value < _UINT8_MAX else _UINT8_MAX  # out of range either way: the library names it
            elif not s["minimum"] <= value <= s["maximum"]:
                top = "2**64 - 1" if s["maximum"] == 2**64 - 1 else s["maximum"]
                raise ValueError(f"{where}: {name} must be a count of vertices, {s['minimum']} to {top} "
                                 f"(default {EV_DEFAULT_MAX_VERTICES:_}), not {value}")
        else:
            if not isinstance(value, (bool, _np.bool_)):
                raise TypeError(f"{where}: {name} must be a bool, not {type(value).__name__}")
            value = int(bool(value))
        values[i] = value
    return tuple(values)


def _threads(threads):
    if threads is None:
        return 0  # the C ABI's: one per core this process may run on (mjk_ev_threads)
    if not _is_int(threads):
        raise TypeError(f"threads must be an int or None, not {type(threads).__name__}")
    if not 1 <= int(threads) <= 1024:
        raise ValueError(f"threads must be 1..1024, not {threads}")
    return int(threads)


def _request(hand_or_request, fields):
    """The request line of ev()'s first argument with the context fields laid over it."""
    request = hand_or_request
    if fields:
        unknown = [k for k in fields if k not in _REQUEST_FIELDS or k in ("hand", "ev")]
        if unknown:
            raise TypeError(f"ev() got an unexpected keyword argument {unknown[0]!r}")
        if isinstance(request, str):
            if request.lstrip().startswith("{"):
                raise TypeError("ev(): keyword fields go with a dict request or a hand, not a JSON line")
            request = {"hand": request}  # mpsz text: the hand field (meld words go in melds=)
        elif not isinstance(request, dict):
            raise TypeError(f"ev(): the request must be a dict or a str, not {type(request).__name__}")
        request = {**request, **fields}
    if isinstance(request, dict) and isinstance(request.get("visible"), _np.ndarray):
        request = {**request, "visible": request["visible"].tolist()}
    return _request_line(request, "ev()")


def ev(hand_or_request, *, hand_change=_UNSET, shanten_back=_UNSET, extra=_UNSET, uradora=_UNSET, red=_UNSET,
       turn=_UNSET, max_vertices=_UNSET, **fields):
    """The expected value of a hand (EV.md): for each discard of a 14-tile hand
    (or for a 13-tile hand as it stands) the probability of being tenpai, of
    winning, and the expected score at every turn, in the one-player tsumo model.

        >>> a = mjk.ev("123m456p789s1222z", dora="9m")
        >>> a["discards"], round(float(a["win"][0, 0]), 4)
        ([None], 0.3832)

    hand_or_request: mpsz text ("3368m166789p578s7z"), a request line (a JSON
    object, its "ev" object included, or mpsz with meld words), or a dict of
    the request's fields (docs/request.md: hand, melds, dora, seat, round,
    players, nuki, honba, sticks, visible, rules; no win). Those fields may also
    be keyword arguments (dora="9m", seat="2z", visible="1z11p" or 34 counts).
    Options (EV.md; unset: the request's own "ev" object, else the default):
    hand_change (False), shanten_back (False), extra (1; 0..3), uradora (True),
    red (True), turn (1; 1..17, the turn a table shows), max_vertices
    (1_000_000, mjk.EV_DEFAULT_MAX_VERTICES: past it the search stops with
    HandError code 43, "the search passed max_vertices"; lift it with a larger
    count, up to 2**64 - 1; None: unset).

    Ctrl-C (SIGINT) stops the search within a fraction of a second and raises
    KeyboardInterrupt; the searching threads are gone by then.

    Returns a dict: shanten, vertices, wall (S), wall_counts uint8 (34,); per
    discard (D of them, kind order, a red five "0s" after its plain five; one
    for a 13-tile hand, named None): discards (names), discard_shanten int8
    (D,), necessary bool (D, 34) and necessary_counts uint8 (D, 34) (each
    necessary kind's copies in the start wall), tenpai, win, score float64
    (D, 19) indexed by t = draws made (a 14-tile hand starts at t = 1: index 0
    is 0); stats (vertices, edges, wins, peak_bytes of the search, and
    search_us: the search's own time in microseconds, not the call's).
    A bad request or a search past max_vertices raises HandError (.code,
    the library's sentence); an argument of the wrong type TypeError.
    """
    arguments = locals()  # the options are ev()'s keyword arguments, named as the schema's
    overrides = _overrides({name: arguments[name] for name in _EV_OPTIONS}, "ev()")
    line = _request(hand_or_request, fields)
    return _answered(*_native.ev_many([line], overrides, 1, _built([{} if fields else hand_or_request])),
                     "raise", "")[0]


def ev_many(requests, *, threads=None, errors="raise", **options):
    """ev() of many requests (a list of mpsz hands, request lines and/or dicts)
    -> a list of answer dicts, the searches spread over `threads` threads
    (None: one per core this process may use) without the GIL, each thread
    with a workspace of its own, taking the rows one at a time. options: ev()'s
    (hand_change, shanten_back, extra, uradora, red, turn, max_vertices), for
    every row, replacing each line's own. Ctrl-C stops every search and raises
    KeyboardInterrupt.

    errors="raise": the first bad row raises HandError with .row (every row is
    searched first); errors="return": a bad row's place holds its HandError
    (.code, .row, the library's sentence) and the others are answered.
    """
    _errors_option(errors)
    unknown = [k for k in options if k not in _EV_OPTIONS]
    if unknown:
        raise TypeError(f"ev_many() got an unexpected keyword argument {unknown[0]!r}")
    overrides = _overrides(options, "ev_many()")
    threads = _threads(threads)
    if not isinstance(requests, (list, tuple)):
        raise TypeError(f"requests must be a list of dicts or str, not {type(requests).__name__}")
    lines, refused = [], {}
    for i, r in enumerate(requests):
        try:
            lines.append(_line(r, i))
        except (TypeError, ValueError) as e:  # a dict the schema refuses: that row's error
            if errors == "raise":
                raise
            refused[i] = str(e).removeprefix(f"requests[{i}]: ")
            lines.append("")
    answers, bad = _native.ev_many(lines, overrides, threads, _built(requests))
    # A request the schema refused: MJK_ERR_BAD_REQUEST, as the library's reader says it.
    bad = [(row, _native.ERR_BAD_REQUEST, refused[row]) if row in refused else (row, code, message)
           for row, code, message in bad]
    return _answered(answers, bad, errors)
