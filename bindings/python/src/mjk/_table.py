"""Whole games (docs/python.md, "Whole games"): mjk.Table and mjk.Tables.

Both play on the library's engine through the C ABI (docs/engine.md,
docs/c-abi.md): Table one game with its event list (mjk_table_*), Tables n
games stepped together in the engine's loop (mjk_tables_*) with NumPy
arrays in and out. The acting seat of a table is the lowest seat the engine
asks: on a discard every seat that may ron, pon, kan or chi is asked, and
they answer one step at a time in seat order (each with `pass` legal); the
table moves on (ron over pon and kan over chi) once all have answered. A
round's end deals the next round within the same step.
"""
import numpy as _np

from . import _is_int, _native

ACTION_COUNT = _native.ACTION_COUNT  # 124: the fixed action index of docs/engine.md
ENCODING_SIZE = _native.ENCODING_SIZE  # floats a table's observation takes
TABLE_BYTES = _native.TABLE_BYTES  # sizeof(mjk::Table): one table's state in a Tables batch
# The C ABI's MJK_LENGTH_* and MJK_RECORD_* by name (mjk.selfplay's choices too).
_LENGTHS = {"one": 0, "east": 1, "south": 2}
_FORMATS = ("mjai", "tenhou6", "mjlog")


def encoding_layout():
    """{field: (offset, size)} of the observation encoding (docs/python.md)."""
    return dict(_native.encoding_layout())


def action_name(action):
    """'discard 5mr', 'chi mid red', 'kan C', 'pass', ... of an action id 0..123."""
    if not _is_int(action):  # 1.5, True and "3" once named actions 1 and 3
        raise TypeError(f"action_name: an action is an integer id 0..{ACTION_COUNT - 1}, not {action!r}")
    if not 0 <= action < ACTION_COUNT:  # past a C int (2**70) pybind11 raised its own TypeError
        raise ValueError(f"action ids are 0..{ACTION_COUNT - 1}")
    return _native.action_name(int(action))


def _rules_and_length(players, length, rules):
    if not _is_int(players) or players not in (3, 4):
        raise ValueError(f"players must be 4 or 3, not {players!r}")
    if rules is None:
        rules = "tenhou" if players == 4 else "tenhou-sanma"
    if not isinstance(rules, str):
        raise TypeError(f"rules must be a preset name (str), not {type(rules).__name__}")
    if "\0" in rules:  # the library reads a NUL-terminated name: "tenhou\0x" was played as tenhou
        raise ValueError(f"rules {rules!r} holds a NUL character: no preset's name does")
    preset_players, _ = _native.preset(rules)  # ValueError: unknown rules preset 'x' (the presets: ...)
    if preset_players != players:
        raise ValueError(f"rules {rules!r} are for {preset_players} players, not {players}")
    if length not in _LENGTHS:
        raise ValueError(f"length must be 'one', 'east' or 'south', not {length!r}")
    return rules, _LENGTHS[length]


def _seed(seed):
    if not _is_int(seed) or not 0 <= int(seed) < 2**64:
        raise ValueError(f"seed must be an integer 0..2**64-1, not {seed!r}")
    return int(seed)


_LAST_GAME = 2**32 - 1  # a game number is 32 bits (mjk_table_new)


def _game(game):
    if not _is_int(game) or not 0 <= int(game) <= _LAST_GAME:
        raise ValueError(f"game must be an integer 0..2**32-1, not {game!r}")
    return int(game)


class IllegalAction(ValueError):
    """An action outside the acting seat's legal set; the table is unchanged."""


class Table:
    """One game: mjk.Table(players=4, length="south", rules="tenhou", seed=0, game=0).

    Every round's wall comes from (seed, game, round, honba). `seat` is the
    acting seat, `legal()` its legal action ids, `step(action)` applies one.
    Gymnasium-like: reset(seed=None) starts a game (the same seed's next
    game when seed is None), action_mask() the legal ids as 124 booleans,
    observation(out=None) the encoding of Tables.encode for this table.
    """

    def __init__(self, players=4, length="south", rules=None, seed=0, game=0):
        rules, length_id = _rules_and_length(players, length, rules)
        self.players = int(players)
        self.rules = rules
        self.length = length
        self._seed, self._game = _seed(seed), _game(game)
        self._length_id = length_id
        self._native = _native.GameTable(rules, length_id, self._seed, self._game)
        self.deltas = [0] * self.players  # the payments of the rounds the last step ended

    def reset(self, seed=None):
        """A new game: (seed, 0), or the current seed's next game when seed is None."""
        if seed is None:
            if self._game == _LAST_GAME:
                raise ValueError("reset: game 2**32-1 is the seed's last; reset(seed) starts another seed")
            self._game += 1
        else:
            self._seed, self._game = _seed(seed), 0
        self._native = _native.GameTable(self.rules, self._length_id, self._seed, self._game)
        self.deltas = [0] * self.players
        return self

    @property
    def seed(self):
        return self._seed

    @property
    def game(self):
        return self._game

    @property
    def seat(self):
        """The seat that acts now (-1 when the game is over)."""
        return self._native.seat()

    def legal(self):
        """The acting seat's legal action ids, ascending ([] when the game is over)."""
        return self._native.legal()

    def action_mask(self):
        """The legal set as a (124,) bool array."""
        return self._native.mask()

    def step(self, action):
        """Applies the acting seat's action. Returns (reward, done): reward the
        acting seat's share of the payments of the rounds this action ended
        (0 when none ended; self.deltas has every seat's), done whether the
        game is over. An illegal action raises IllegalAction naming the seat,
        the action and why, and changes nothing."""
        if not _is_int(action):
            raise TypeError(f"an action is an integer id 0..123, not {action!r}")
        seat = self._native.seat()
        if seat < 0:
            raise ValueError("the game is over: no seat acts (reset() starts the next)")
        if not 0 <= action < ACTION_COUNT:
            raise IllegalAction(f"action {action} is not an action id (0..{ACTION_COUNT - 1})")
        try:
            deltas = self._native.step(int(action))
        except ValueError as e:
            raise IllegalAction(str(e)) from None
        self.deltas = list(deltas[: self.players])
        return float(deltas[seat]), self.done

    @property
    def done(self):
        return bool(self._native.state()["done"])

    @property
    def scores(self):
        return self._native.state()["scores"]

    def state(self):
        """The state as a dict: phase (0 turn, 1 reaction, 2 chankan, 4 game
        over), players, actors (bit per seat asked), seat, turn, round_wind,
        kyoku, dealer, honba, sticks, tiles_left, scores, riichi, placements,
        dora_indicators (pai ids), done, seed, game."""
        return self._native.state()

    def events(self, viewer=-1):
        """The game's events so far as mjai lines (str, without the newline);
        viewer a seat: what that seat may see (the others' tiles '?')."""
        # A seat's view hides the others' tiles: True and 1.0 were read as seat 1.
        if not _is_int(viewer) or viewer not in range(-1, self.players):
            raise ValueError(f"viewer must be -1 (every tile) or a seat 0..{self.players - 1}")
        return self._native.events(int(viewer)).splitlines()

    def observation(self, out=None):
        """The acting seat's observation (docs/python.md's layout) into out, a
        (ENCODING_SIZE,) float32 array, or a new one."""
        if out is None:
            out = _np.empty(ENCODING_SIZE, dtype=_np.float32)
        if not isinstance(out, _np.ndarray) or out.dtype != _np.float32 or out.shape != (ENCODING_SIZE,) \
                or not out.flags.c_contiguous or not out.flags.writeable:
            raise ValueError(f"out must be a writeable contiguous float32 array of shape ({ENCODING_SIZE},)")
        self._native.observe(out)
        return out

    def record(self, format="mjai"):
        """The game so far as a record (str): 'mjai' (the event lines, each
        ending in a newline), 'tenhou6' (tenhou.net/6 JSON) or 'mjlog'
        (Tenhou's mjlog XML), written by the game-record writers, which read
        their text back and replay it first; ValueError when the format
        cannot carry the game, naming the round and what."""
        if format not in _FORMATS:
            raise ValueError(f"format must be one of {', '.join(_FORMATS)}, not {format!r}")
        try:
            return self._native.record(_FORMATS.index(format))
        except ValueError as e:
            raise ValueError(f"record({format!r}): {e}") from None

    def check(self):
        """The engine's invariants ('' when they hold): for tests."""
        return self._native.check()

    def __repr__(self):
        s = self._native.state()
        return (f"mjk.Table(players={self.players}, length={self.length!r}, rules={self.rules!r}, "
                f"seed={self._seed}, game={self._game}; scores={s['scores']}, done={s['done']})")


class Tables:
    """n games stepped together in C++: mjk.Tables(n, players=4,
    length="south", rules="tenhou", seed=0).

    Table i plays games i, i + n, i + 2n, ... of the seed; a finished game
    is replaced by the table's next at once (auto-reset), its done flag set
    for that step and its final scores in final_scores.

    mask: (n, 124) bool, the acting seat's legal actions (read-only; updated
    in place by step and reset). seat: (n,) int8, the acting seat.
    step(actions): actions an integer array of shape (n,); returns
    (rewards (n,) float32, done (n,) bool): rewards[i] the acting seat's
    share of the payments of the rounds its action ended (raw points, 0 when
    none ended); deltas (n, 4) int32 holds every seat's (PettingZoo-style
    rewards for all agents). encode(out): the observations into a caller's
    (n, ENCODING_SIZE) float32 array.
    """

    def __init__(self, n, players=4, length="south", rules=None, seed=0):
        if not _is_int(n) or n < 1:
            raise ValueError(f"n must be a positive integer, not {n!r}")
        rules, length_id = _rules_and_length(players, length, rules)
        self.n, self.players, self.rules, self.length = int(n), int(players), rules, length
        self._seed = _seed(seed)
        self._native = _native.BatchTables(self.n, rules, length_id, self._seed)
        self._mask, self._seat, self._deltas, self._final = self._native.arrays()  # read-only, written in place

    def reset(self, seed=None):
        """Every table back to its first game (of seed, or the current seed)."""
        if seed is not None:
            self._seed = _seed(seed)
        self._native.reset(self._seed)
        return self

    def __len__(self):
        return self.n

    @property
    def mask(self):
        return self._mask

    def action_mask(self):
        return self._mask

    @property
    def seat(self):
        return self._seat

    @property
    def deltas(self):
        """(n, 4) int32: every seat's payments of the rounds the last step ended."""
        return self._deltas

    @property
    def final_scores(self):
        """(n, 4) int32: each table's last finished game's final scores (0 before one ends)."""
        return self._final

    @property
    def scores(self):
        """(n, 4) int32: the scores now (a copy)."""
        return self._native.games()[1]

    @property
    def games(self):
        """(n,) uint32: the game number each table plays now."""
        return self._native.games()[0]

    def step(self, actions):
        """One action a table for its acting seat; every action is checked
        first: an illegal one raises ValueError naming the table, the seat,
        the action and why, and no table moves."""
        if not isinstance(actions, _np.ndarray):
            raise TypeError(f"actions must be a NumPy integer array of shape ({self.n},), "
                            f"not {type(actions).__name__}")
        if actions.shape != (self.n,):
            raise ValueError(f"actions must have shape ({self.n},), one per table; got {actions.shape}")
        if actions.dtype.kind not in "iu":
            raise TypeError(f"actions must be an integer array (int8..int64, uint8..); got dtype {actions.dtype}")
        if actions.dtype.kind == "u" and actions.dtype.itemsize == 8:
            # The C ABI reads int64: a uint64 past 2**63 would reach it wrapped, and be named so.
            over = _np.flatnonzero(actions > _np.uint64(2**63 - 1))
            if over.size:
                i = int(over[0])
                raise ValueError(f"table {i}: seat {int(self._seat[i])} may not play action {int(actions[i])}: "
                                 "not an action id (nothing was applied)")
        return self._native.step(actions)

    def encode(self, out):
        """The acting seats' observations into out, a C-contiguous float32
        array of shape (n, ENCODING_SIZE) the caller owns; returns out."""
        if not isinstance(out, _np.ndarray) or out.dtype != _np.float32 or not out.flags.c_contiguous \
                or not out.flags.writeable or out.shape != (self.n, ENCODING_SIZE):
            raise ValueError(f"out must be a writeable C-contiguous float32 array of shape "
                             f"({self.n}, {ENCODING_SIZE})")
        self._native.encode(out)
        return out

    def check(self, i):
        """Table i's invariants ('' when they hold): for tests."""
        if not _is_int(i) or not 0 <= i < self.n:
            raise ValueError(f"check: i must be a table 0..{self.n - 1}, not {i!r}")
        return self._native.check(int(i))

    @property
    def bytes_per_table(self):
        """The C++ state a table takes: sizeof(mjk::Table) + its mask row, seat and
        the deltas' and final scores' rows."""
        return TABLE_BYTES + ACTION_COUNT + 1 + 2 * 16 + 4
