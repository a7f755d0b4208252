"""mjk.Table and mjk.Tables: whole games on the engine (docs/python.md, "Whole games")."""
import numpy as np
import pytest

import mjk


@pytest.mark.parametrize("players, rules, start", [(4, "tenhou", 25000), (3, "tenhou-sanma", 35000)])
def test_a_game_to_its_end_with_random_legal_actions(players, rules, start):
    rng = np.random.default_rng(1)
    t = mjk.Table(players=players, length="south", rules=rules, seed=3)
    assert sum(t.scores) == players * start
    total = 0
    while not t.done:
        s = t.state()
        assert sum(s["scores"]) + 1000 * s["sticks"] == players * start  # conserved, sticks included
        seat = t.seat
        reward, done = t.step(int(rng.choice(t.legal())))
        assert reward == t.deltas[seat]
        total += sum(t.deltas)
        assert t.check() == ""
    assert sum(t.scores) == players * start  # sticks left go to the top
    assert sorted(t.state()["placements"]) == list(range(players))
    assert t.seat == -1 and t.legal() == []
    lines = t.events()
    assert lines[0].startswith('{"type":"start_game"') and lines[-1].startswith('{"type":"end_game"')
    assert t.record("mjai") == "".join(line + "\n" for line in lines)
    with pytest.raises(ValueError, match="game is over"):
        t.step(123)


def test_an_illegal_action_raises_and_the_state_is_unchanged():
    t = mjk.Table(seed=5)
    before, events = t.state(), t.events()
    assert t.seat == 0 and 120 not in t.legal()
    with pytest.raises(mjk.IllegalAction, match="seat 0 may not ron"):
        t.step(120)
    with pytest.raises(mjk.IllegalAction, match="not an action id"):
        t.step(124)
    with pytest.raises(TypeError):
        t.step("pass")
    assert t.state() == before and t.events() == events
    assert isinstance(mjk.IllegalAction("x"), ValueError)


def test_table_bad_arguments():
    with pytest.raises(ValueError, match="unknown rules preset 'tenhu'"):
        mjk.Table(rules="tenhu")
    with pytest.raises(ValueError, match="for 3 players"):
        mjk.Table(players=4, rules="tenhou-sanma")
    with pytest.raises(ValueError, match="players must be 4 or 3"):
        mjk.Table(players=2)
    for players in (3.0, True, "4"):  # 3.0 was taken, then failed as "can't multiply sequence"
        with pytest.raises(ValueError, match="players must be 4 or 3"):
            mjk.Table(players=players)
        with pytest.raises(ValueError, match="players must be 4 or 3"):
            mjk.Tables(2, players=players)
    assert mjk.Table(players=np.int64(3)).players == 3
    # game: pybind11's "incompatible constructor arguments" for -5 and 2**40, int()'s for "x", True taken as 1
    for game in (-5, 2**32, 2**40, "x", True, 1.0):
        with pytest.raises(ValueError, match=r"game must be an integer 0\.\.2\*\*32-1"):
            mjk.Table(game=game)
    last = mjk.Table(game=2**32 - 1)
    with pytest.raises(ValueError, match="the seed's last"):
        last.reset()
    assert last.game == 2**32 - 1
    with pytest.raises(ValueError, match="length"):
        mjk.Table(length="west")
    with pytest.raises(ValueError, match="seed"):
        mjk.Table(seed=-1)
    with pytest.raises(ValueError, match="viewer"):
        mjk.Table().events(viewer=4)
    # What was read as something else: True and 1.0 as seat 1's view, 1.5, True and "3" as actions,
    # a rules name with a NUL as tenhou, -1 and 1.5 as a batch's table.
    for viewer in (True, 1.0, "0", None):
        with pytest.raises(ValueError, match="viewer"):
            mjk.Table().events(viewer=viewer)
    assert mjk.Table().events(viewer=np.int64(1)) == mjk.Table().events(viewer=1)
    for action in (1.5, True, "3", np.float64(2.0)):
        with pytest.raises(TypeError, match="an action is an integer id"):
            mjk.action_name(action)
    assert mjk.action_name(np.int64(123)) == "pass"
    for action in (124, -1, 2**70):
        with pytest.raises(ValueError, match="action ids are 0..123"):
            mjk.action_name(action)
    with pytest.raises(ValueError, match="holds a NUL character"):
        mjk.Table(rules="tenhou\0x")
    for i in (-1, 2, 1.5, True):
        with pytest.raises(ValueError, match="a table 0..1"):
            mjk.Tables(2).check(i)


def test_table_determinism_reset_and_views():
    def game(seed):
        t, rng = mjk.Table(length="east", seed=seed), np.random.default_rng(0)
        while not t.done:
            t.step(int(rng.choice(t.legal())))
        return t.events()
    assert game(11) == game(11)
    assert game(11) != game(12)
    t = mjk.Table(seed=11)
    seat1 = t.events(viewer=1)
    assert '"?"' in seat1[1] and '"?"' not in t.events()[1]
    t.reset()
    assert (t.seed, t.game) == (11, 1)
    t.reset(seed=4)
    assert (t.seed, t.game) == (4, 0)
    mask = t.action_mask()
    assert mask.shape == (124,) and mask.dtype == bool and list(np.flatnonzero(mask)) == t.legal()
    obs = t.observation()
    assert obs.shape == (mjk.ENCODING_SIZE,) and obs.dtype == np.float32
    with pytest.raises(ValueError, match="contiguous float32"):
        t.observation(np.zeros(2 * mjk.ENCODING_SIZE, dtype=np.float32)[::2])


@pytest.mark.parametrize("players", [4, 3])
def test_record_formats_read_back_as_the_same_game(players, tmp_path):
    t, rng = mjk.Table(players=players, length="east", seed=2), np.random.default_rng(4)
    while not t.done:
        t.step(int(rng.choice(t.legal())))
    assert t.record("mjai").startswith('{"type":"start_game"')
    reviews = {}
    for fmt, name in (("mjai", "g.mjson"), ("tenhou6", "g.json"), ("mjlog", "g.mjlog")):
        path = tmp_path / name
        path.write_text(t.record(fmt))
        log = mjk.read_log(str(path))
        reviews[fmt] = log
    for fmt in ("tenhou6", "mjlog"):
        assert reviews[fmt]["error"] is None and reviews[fmt]["disagreements"] == []
        assert list(reviews[fmt]["final_scores"]) == list(reviews["mjai"]["final_scores"]) == t.scores
        assert [r["scores"] for r in reviews[fmt]["round_info"]] == [r["scores"] for r in reviews["mjai"]["round_info"]]
    with pytest.raises(ValueError, match="format"):
        t.record("xml")


def random_actions(mask, rng):
    """One legal action a row of mask, uniform, in NumPy."""
    return np.argmax(rng.random(mask.shape) * mask, axis=1)


def test_tables_shapes_dtypes_and_auto_reset():
    n = 8
    tabs = mjk.Tables(n, players=4, length="one", seed=2)
    assert len(tabs) == n
    assert tabs.mask.shape == (n, 124) and tabs.mask.dtype == bool
    assert tabs.seat.shape == (n,) and tabs.seat.dtype == np.int8
    assert not tabs.mask.flags.writeable
    assert (tabs.mask.sum(axis=1) >= 1).all()
    assert list(tabs.games) == list(range(n))
    rng = np.random.default_rng(0)
    finished = 0
    for _ in range(600):
        seats = tabs.seat.copy()
        rewards, done = tabs.step(random_actions(tabs.mask, rng))
        assert rewards.shape == (n,) and rewards.dtype == np.float32
        assert done.shape == (n,) and done.dtype == bool
        assert tabs.deltas.shape == (n, 4) and tabs.deltas.dtype == np.int32
        assert (rewards == tabs.deltas[np.arange(n), seats]).all()
        for i in np.flatnonzero(done):
            assert tabs.final_scores[i].sum() == 100000
            finished += 1
        assert (tabs.scores.sum(axis=1) <= 100000).all()
    assert finished > n  # east-1 games end within a few hundred steps, and the next start
    assert (tabs.games >= n).any() and (tabs.games % n == np.arange(n)).all()
    assert all(tabs.check(i) == "" for i in range(n))


def test_tables_bad_input_is_a_clear_error_and_moves_nothing():
    tabs = mjk.Tables(4, seed=1)
    mask, seat = tabs.mask.copy(), tabs.seat.copy()
    good = random_actions(tabs.mask, np.random.default_rng(0))
    with pytest.raises(ValueError, match=r"shape \(4,\)"):
        tabs.step(good[:3])
    with pytest.raises(ValueError, match=r"shape \(4,\)"):
        tabs.step(good.reshape(2, 2))
    with pytest.raises(TypeError, match="integer array"):
        tabs.step(good.astype(np.float64))
    with pytest.raises(TypeError, match="NumPy integer array"):
        tabs.step(list(good))
    bad = good.copy()
    bad[2] = 120  # ron on a turn
    with pytest.raises(ValueError, match="table 2: seat 0 may not play ron"):
        tabs.step(bad)
    bad[2] = 500
    with pytest.raises(ValueError, match="table 2.*action 500"):
        tabs.step(bad)
    # A uint64 past 2**63 is named as it is, not as the int64 it would wrap to.
    huge = good.astype(np.uint64)
    huge[1] = 2**63 + 5
    with pytest.raises(ValueError, match="table 1: seat 0 may not play action 9223372036854775813: not an action id"):
        tabs.step(huge)
    huge[1] = 2**64 - 1
    with pytest.raises(ValueError, match="action 18446744073709551615: not an action id"):
        tabs.step(huge)
    assert (tabs.mask == mask).all() and (tabs.seat == seat).all()
    tabs.step(good.astype(np.int32))  # any integer dtype
    with pytest.raises(ValueError, match="shape"):
        tabs.encode(np.zeros((4, 3), dtype=np.float32))
    with pytest.raises(ValueError, match="float32"):
        tabs.encode(np.zeros((4, mjk.ENCODING_SIZE), dtype=np.float64))
    with pytest.raises(ValueError, match="positive"):
        mjk.Tables(0)


def test_tables_determinism_by_seed_and_reset():
    def run(seed):
        tabs, rng = mjk.Tables(16, length="east", seed=seed), np.random.default_rng(9)
        masks = []
        for _ in range(300):
            masks.append(tabs.mask.copy())
            tabs.step(random_actions(tabs.mask, rng))
        return np.array(masks), tabs.scores
    a, sa = run(5)
    b, sb = run(5)
    assert (a == b).all() and (sa == sb).all()
    c, _ = run(6)
    assert not (a == c).all()
    tabs = mjk.Tables(16, length="east", seed=5)
    tabs.step(random_actions(tabs.mask, np.random.default_rng(1)))
    tabs.reset()
    assert (tabs.mask == a[0]).all()


def test_tables_match_table_games():
    """Table i of a batch plays game i of the seed: the same legal sets as mjk.Table(seed, game=i)."""
    tabs = mjk.Tables(3, length="one", seed=8)
    singles = [mjk.Table(length="one", seed=8, game=i) for i in range(3)]
    rng = np.random.default_rng(2)
    for _ in range(40):
        for i, t in enumerate(singles):
            assert list(np.flatnonzero(tabs.mask[i])) == t.legal() and tabs.seat[i] == t.seat
        actions = random_actions(tabs.mask, rng)
        for i, t in enumerate(singles):
            t.step(int(actions[i]))
        tabs.step(actions)


def test_encoding_layout_and_content():
    layout = mjk.encoding_layout()
    assert sum(size for _, size in layout.values()) == mjk.ENCODING_SIZE
    end = 0
    for offset, size in layout.values():
        assert offset == end
        end += size
    tabs = mjk.Tables(4, seed=3)
    out = np.zeros((4, mjk.ENCODING_SIZE), dtype=np.float32)
    assert tabs.encode(out) is out
    h, _ = layout["hand"]
    sh, _ = layout["shanten_after"]
    uk, _ = layout["ukeire_after"]
    sc, _ = layout["scores"]
    for i in range(4):
        row = out[i]
        assert row[h:h + 34].sum() == 14  # the dealer's first turn: 14 tiles
        held = row[h:h + 34] > 0
        assert (row[sh:sh + 34][~held] == 9).all()  # not held
        assert (row[sh:sh + 34][held] <= 6).all() and (row[uk:uk + 34][held] >= 0).all()
        assert (row[sc:sc + 4] == 25000).all()
    # The kernel's answer for the first table's hand.
    t = mjk.Table(seed=3, game=0)
    assert (t.observation() == out[0]).all()
