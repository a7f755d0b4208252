"""The installed package: its metadata, type stubs for every public name,
py.typed, and the tile-name helpers."""
import ast
import importlib.metadata
import tomllib
from pathlib import Path

import numpy as np
import pytest

import mjk

PACKAGE = Path(mjk.__file__).parent


def test_metadata_is_pyprojects():
    # Installed from the wheel the build packs or by pip from the source: the same fields.
    project = tomllib.loads((Path(__file__).parents[1] / "pyproject.toml").read_text())["project"]
    meta = importlib.metadata.metadata("mjk")
    assert (meta["Name"], meta["Version"], meta["Summary"]) == (project["name"], project["version"],
                                                               project["description"])
    assert meta["Requires-Python"] == project["requires-python"]
    assert importlib.metadata.requires("mjk") == project["dependencies"]


def test_stub_declares_every_public_name():
    assert (PACKAGE / "py.typed").is_file()
    tree = ast.parse((PACKAGE / "__init__.pyi").read_text())
    declared = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            declared.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            declared.add(node.target.id)
    missing = sorted(set(mjk.__all__) - declared)
    assert not missing, f"__init__.pyi lacks {missing}"


def test_tile_name_and_kind():
    assert mjk.tile_name(30) == "4z"
    assert mjk.tile_kind("4z") == 30
    assert [mjk.tile_name(k) for k in (0, 8, 9, 26, 27, 33)] == ["1m", "9m", "1p", "9s", "1z", "7z"]
    assert all(mjk.tile_kind(mjk.tile_name(k)) == k for k in range(34))
    assert mjk.tile_kind("0p") == 13  # red 5p
    assert mjk.tile_name(np.uint8(4)) == "5m"


@pytest.mark.parametrize("bad, exc", [(34, ValueError), (-1, ValueError), (True, TypeError), ("1m", TypeError), (1.0, TypeError)])
def test_tile_name_rejects(bad, exc):
    with pytest.raises(exc):
        mjk.tile_name(bad)


@pytest.mark.parametrize("bad, exc", [("8z", ValueError), ("0z", ValueError), ("1x", ValueError), ("11m", ValueError),
                                      ("", ValueError), (3, TypeError)])
def test_tile_kind_rejects(bad, exc):
    with pytest.raises(exc):
        mjk.tile_kind(bad)


def test_mpsz_round_trip():
    for text in ("119m19p19s1234567z", "1112345678999m", "123m456p789s11z", "77z"):
        counts = mjk.from_mpsz(text)
        assert counts.dtype == np.uint8 and counts.shape == (34,)
        assert mjk.to_mpsz(counts) == text
    assert mjk.to_mpsz(mjk.parse("19m19p19s1234567z1m")) == "119m19p19s1234567z"
    assert mjk.to_mpsz([0] * 34) == ""
    assert mjk.to_mpsz(list(mjk.parse("55z"))) == "55z"


def test_to_mpsz_rejects():
    with pytest.raises(ValueError, match="5 copies of 1m"):
        mjk.to_mpsz([5] + [0] * 33)
    with pytest.raises(ValueError):
        mjk.to_mpsz([0] * 33)
    with pytest.raises(TypeError):
        mjk.to_mpsz([0.5] * 34)
