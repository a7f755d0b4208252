"""EV.md's "ev" requests through the Python door: analyse() answers a JSON
line with an "ev" object as `mjk --json` does, the search's errors raise."""
import json

import pytest

import mjk


def test_analyse_answers_an_ev_request():
    a = mjk.analyse(json.dumps({"hand": "123m456p789s1222z", "dora": "9m", "ev": {}}))
    assert a["waits"] == ["1z"]
    ev = a["ev"]
    assert (ev["shanten"], ev["vertices"], ev["wall"]) == (0, 2, 122)
    (d,) = ev["discards"]
    assert d["discard"] is None
    assert d["necessary"] == [["1z", 3]]
    assert len(d["tenpai"]) == len(d["win"]) == len(d["score"]) == 19
    assert d["win"][0] == pytest.approx(0.38320010838639756, rel=1e-12)
    assert d["win"][18] == 0


def test_ev_options_and_a_red_five():
    a = mjk.analyse(json.dumps({"hand": "123m456p789s0s1222z", "ev": {"extra": 2, "turn": 3}}))
    assert sorted(d["discard"] for d in a["ev"]["discards"]) == ["0s", "1z"]


def test_ev_errors_raise_naming_what_is_wrong():
    with pytest.raises(mjk.HandError, match="extra must be 0..3"):
        mjk.analyse(json.dumps({"hand": "123m456p789s1222z", "ev": {"extra": 4}}))
    with pytest.raises(mjk.HandError, match="unknown ev option"):
        mjk.analyse(json.dumps({"hand": "123m456p789s1222z", "ev": {"depth": 4}}))
