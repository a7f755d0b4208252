#!/usr/bin/env python3
"""The expected-value options are declared once, in the schema's field table
(io/include/mjk/request_schema.hpp, ev_fields), which writes
io/request.schema.json. Every list still spelled out by hand elsewhere (the C
ABI's struct and mjk_ev_overrides_set, which the bindings' natives call by
index, Python's ev() signature and stubs, Node's typings) and mjk ev's options are compared here with the
schema's "ev" object, name by name and in order: a list that drifts fails.
The lists read from the schema (Python's _EV_OPTIONS, Node's EV_OPTIONS) must
stay read from it.

    check_ev_options.py --source DIR --mjk PATH/TO/mjk
"""
import argparse
import ast
import json
import re
import subprocess
import sys

failures = []


def same(what, got, want):
    if list(got) != list(want):
        failures.append(f"{what}: {list(got)}\n  the schema's ev options: {list(want)}")


def camel(name):
    return re.sub(r"_([a-z])", lambda m: m.group(1).upper(), name)


def read(root, path):
    with open(f"{root}/{path}", encoding="utf-8") as f:
        return f.read()


def block(text, start, end, what):
    """The text between the first `start` and the next `end` after it."""
    i = text.find(start)
    j = text.find(end, i + len(start)) if i >= 0 else -1
    if j < 0:
        failures.append(f"{what}: {start!r} ... {end!r} not found")
        return ""
    return text[i + len(start):j]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--source", required=True)
    ap.add_argument("--mjk", required=True)
    a = ap.parse_args()
    root = a.source
    ev = json.loads(read(root, "io/request.schema.json"))["properties"]["ev"]["properties"]
    names = list(ev)

    # The C ABI: mjk_ev_options' fields, whose order the override bits follow.
    struct = block(read(root, "capi/include/mjk.h"), "typedef struct mjk_ev_options {", "} mjk_ev_options;", "mjk.h")
    fields = re.findall(r"^\s*u?int\d+_t\s+(\w+)\s*;", struct, re.M)
    same("capi/include/mjk.h mjk_ev_options", [f for f in fields if f != "reserved"], names)

    # The doors' overrides (mjk_doors.h): the bits, and what mjk_ev_lines' apply() copies.
    doors = read(root, "capi/include/mjk_doors.h")
    bits = re.findall(r"#define MJK_EV_GIVEN_(\w+) (\d+)u", doors)
    same("capi/include/mjk_doors.h MJK_EV_GIVEN_* bits", [n.lower() for n, _ in bits], names)
    same("capi/include/mjk_doors.h MJK_EV_GIVEN_* bit values", [int(v) for _, v in bits],
         [1 << i for i in range(len(names))])
    same("capi/src/ev_lines.cpp apply()",
         [(g.lower(), f) for g, f in re.findall(r"if \(given\.given & MJK_EV_GIVEN_(\w+)\) o\.(\w+) = v\.\2;",
                                              read(root, "capi/src/ev_lines.cpp"))], [(n, n) for n in names])

    # mjk_ev_overrides_set: option i's field, the byte fields by index, the count last.
    setter = block(read(root, "capi/src/ev_lines.cpp"), "int mjk_ev_overrides_set(", "\n}", "ev_lines.cpp")
    set_fields = re.findall(r"&v\.(\w+)", block(setter, "bytes[] = {", "};", "mjk_ev_overrides_set's bytes"))
    set_fields += re.findall(r"else v\.(\w+) = value;", setter)
    same("capi/src/ev_lines.cpp mjk_ev_overrides_set", set_fields, names)
    # The bindings' natives set the overrides by index through it, no field by name.
    for path in ("bindings/python/src/mjk/_native.cpp", "bindings/node/src/ev.cpp"):
        text = read(root, path)
        if "mjk_ev_overrides_set(" not in text or re.search(r"values\.(\w+) =", text):
            failures.append(f"{path}: the overrides are set by mjk_ev_overrides_set, not field by field")

    # Python: ev()'s keyword arguments, the stubs, and _EV_OPTIONS read from the schema.
    ev_py = ast.parse(read(root, "bindings/python/src/mjk/_ev.py"))
    for node in ast.walk(ev_py):
        if isinstance(node, ast.FunctionDef) and node.name == "ev":
            same("bindings/python/src/mjk/_ev.py ev() keyword arguments", [x.arg for x in node.args.kwonlyargs], names)
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "_EV_OPTIONS" for t in node.targets):
            if isinstance(node.value, (ast.Tuple, ast.List)):
                failures.append("bindings/python/src/mjk/_ev.py: _EV_OPTIONS is a list of its own; read it from the schema")
    stubs = ast.parse(read(root, "bindings/python/src/mjk/__init__.pyi"))
    seen = 0
    for node in ast.walk(stubs):
        if isinstance(node, ast.FunctionDef) and node.name in ("ev", "ev_many"):
            seen += 1
            kw = [x.arg for x in node.args.kwonlyargs if x.arg not in ("threads", "errors")]
            same(f"bindings/python/src/mjk/__init__.pyi {node.name}() keyword arguments", kw, names)
    if not seen:
        failures.append("bindings/python/src/mjk/__init__.pyi: no ev() stub found")

    # Node: EV_OPTIONS read from the schema, and the typings' EvOptions.
    index = read(root, "bindings/node/index.js")
    if re.search(r"const EV_OPTIONS = \[", index):
        failures.append("bindings/node/index.js: EV_OPTIONS is a list of its own; read it from the schema")
    typings = block(read(root, "bindings/node/index.d.ts"), "export interface EvOptions {", "\n}", "index.d.ts")
    same("bindings/node/index.d.ts EvOptions", re.findall(r"(\w+)\?:", typings), [camel(n) for n in names])

    # mjk ev: one option per field (a switch on by default is --no-NAME), its
    # bounds and default in its help, both from the same table.
    helptext = subprocess.run([a.mjk, "ev", "--help"], capture_output=True, text=True, check=True).stdout
    cli = []
    for name in names:
        s = ev[name]
        dashed = name.replace("_", "-")
        option = f"--no-{dashed}" if s["type"] == "boolean" and s["default"] else f"--{dashed}"
        cli.append(option)
        m = re.search(rf"^  {re.escape(option)}( N)?\s+(.*(?:\n {{23}}.*)*)", helptext, re.M)
        if not m:
            failures.append(f"mjk ev --help: no {option} for the schema's ev.{name}")
            continue
        words = " ".join(m.group(2).split())
        if s["type"] == "integer":
            want = (f"({s['minimum']}-{s['maximum']}, default {s['default']})" if s["maximum"] < 2**32
                    else f"(default {s['default']})")
            if not m.group(1) or not words.endswith(want):
                failures.append(f"mjk ev --help: {option} N should end with {want}: {words}")
    listed = re.findall(r"^  (--[\w-]+)", helptext.split("options:", 1)[-1], re.M)
    same("mjk ev --help's search options (in the table's order)", [o for o in listed if o in cli], cli)

    for f in failures:
        print("drift:", f, file=sys.stderr)
    if failures:
        return 1
    print(f"the {len(names)} ev options agree: {', '.join(names)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
