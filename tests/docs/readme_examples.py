#!/usr/bin/env python3
"""Runs README.md's examples, so a README that stops working fails a test.

  readme_examples.py README BUILD_DIR SOURCE_DIR [--python PY] [--node NODE] [--cc CC] [--cxx CXX]
                     [--section HEADING]

--section runs only the blocks under the heading (any level) that holds
HEADING, up to the next heading of its level or above: a page of docs/
whose other blocks are fragments.

What runs (the convention README keeps):
- ```console blocks: every line starting with "$ " is run by sh with
  BUILD_DIR/cli on PATH and must exit 0; the lines after it, up to the next
  "$ " line, are its expected output. A line "..." stands for any number of
  lines; a line ending in "..." matches any line starting with the rest.
  A command with no lines after it is only run.
- ```c and ```cpp blocks: whole programs, built against this build installed
  into a scratch prefix (C: cc + pkg-config and libmjk.so, as a C user
  builds; C++: the installed static libraries) and run; they must exit 0.
  A `printf(...);` line whose comment follows it shows what it prints, as
  for python and js below.
- ```python blocks: run by the venv of ctest python.package
  (BUILD_DIR/bindings/python/venv); skipped, saying why, when it is absent.
- ```js blocks: run by node from SOURCE_DIR (they require('./bindings/node'))
  with the build's addon; skipped, saying why, when it is absent.
  In both, a `print(...)` / `console.log(...)` line whose comment follows it
  shows what it prints: the comment up to its first ':' is the expected line,
  in order.
- ```sh blocks (the quick start, installs) are not run: they install
  packages or rebuild the tree.
Exit 0 when everything ran and matched, 1 on the first failures (each
named by the README line of its block), 77 when nothing could run.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

FENCE = re.compile(r"^```(\S*)\s*$")


def blocks(path, section=None):
    """(language, first line number of the body, body lines) of every fenced
    block (under the heading holding `section`, when given)."""
    out, lang, start, body = [], None, 0, []
    inside, level = section is None, 0
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            m = FENCE.match(line)
            heading = re.match(r"^(#+)\s", line) if lang is None else None
            if heading and section is not None:
                if section in line:
                    inside, level = True, len(heading.group(1))
                elif inside and len(heading.group(1)) <= level:
                    inside = False
            if not inside and lang is None:
                continue
            if lang is None and m:
                lang, start, body = m.group(1), n + 1, []
            elif lang is not None and line.startswith("```"):
                out.append((lang, start, body))
                lang = None
            elif lang is not None:
                body.append(line)
    return out


def matches(expected, actual):
    """expected lines ("..." any lines, "x..." a line starting with x) against actual lines."""
    if not expected:
        return not actual
    head = expected[0]
    if head == "...":
        return any(matches(expected[1:], actual[i:]) for i in range(len(actual) + 1))
    if not actual:
        return False
    line = actual[0].rstrip()
    ok = line.startswith(head[:-3]) if head.endswith("...") else line == head.rstrip()
    return ok and matches(expected[1:], actual[1:])


C_PRINT = re.compile(r"^\s*(?:std::)?printf\(.*\);\s*(?://|/\*)\s*(.+?)\s*(?:\*/)?$")
PRINTS = {"c": C_PRINT, "cpp": C_PRINT,
          "python": re.compile(r"^\s*print\(.*\)\s*#\s*(.+)$"),
          "js": re.compile(r"^\s*console\.log\(.*\);?\s*//\s*(.+)$")}


def shown_output(lang, body):
    """The lines a block's comments say its print lines print."""
    return [m.group(1).split(":")[0].strip() for m in map(PRINTS[lang].match, body) if m]


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300, **kw)


class Runner:
    def __init__(self, args):
        self.a = args
        self.failures, self.ran, self.skipped = [], 0, []
        self.work = tempfile.mkdtemp(prefix="mjk-readme-")
        self.prefix = None
        self.env = dict(os.environ)
        self.env["PATH"] = os.path.join(args.build, "cli") + os.pathsep + self.env.get("PATH", "")

    def fail(self, line, what, proc=None):
        detail = ""
        if proc is not None:
            detail = f"\n  exit {proc.returncode}\n  stdout:\n{proc.stdout}\n  stderr:\n{proc.stderr}"
        self.failures.append(f"README line {line}: {what}{detail}")

    def console(self, start, body):
        i = 0
        while i < len(body):
            if not body[i].startswith("$ "):
                self.fail(start + i, f"a console block line that is neither a command nor its output: {body[i]!r}")
                return
            cmd, line = body[i][2:], start + i
            i += 1
            expected = []
            while i < len(body) and not body[i].startswith("$ "):
                expected.append(body[i])
                i += 1
            p = run(["sh", "-c", cmd], env=self.env, cwd=self.work)
            self.ran += 1
            if p.returncode != 0:
                self.fail(line, f"`{cmd}` failed", p)
            elif expected and not matches(expected, p.stdout.splitlines()):
                self.fail(line, f"`{cmd}` printed other than README shows:\n  expected:\n"
                          + "\n".join("    " + e for e in expected) + "\n  printed:\n"
                          + "\n".join("    " + o for o in p.stdout.splitlines()))

    def install(self):
        if self.prefix is None:
            self.prefix = os.path.join(self.work, "prefix")
            p = run([self.a.cmake, "--install", self.a.build, "--prefix", self.prefix])
            if p.returncode != 0:
                raise RuntimeError(f"cmake --install failed:\n{p.stdout}{p.stderr}")
        return self.prefix

    def program(self, start, body, lang):
        prefix = self.install()
        src = os.path.join(self.work, f"block{start}.{'c' if lang == 'c' else 'cpp'}")
        exe = os.path.join(self.work, f"block{start}")
        with open(src, "w", encoding="utf-8") as f:
            f.write("\n".join(body) + "\n")
        lib = os.path.join(prefix, "lib")
        if not os.path.isdir(lib):  # a multiarch libdir
            lib = os.path.dirname(next(os.path.join(d, f) for d, _, fs in os.walk(prefix) for f in fs if f == "mjk.pc"))
            lib = os.path.dirname(lib)
        env = dict(self.env, PKG_CONFIG_PATH=os.path.join(lib, "pkgconfig"), LD_LIBRARY_PATH=lib)
        if lang == "c":
            flags = run(["pkg-config", "--cflags", "--libs", "mjk"], env=env)
            if flags.returncode != 0:
                self.fail(start, "pkg-config mjk failed", flags)
                return
            build = [self.a.cc, "-std=c99", "-Wall", "-Wextra", "-pedantic", "-Werror", src, "-o", exe] + flags.stdout.split()
        else:
            libs = [os.path.join(lib, f"libmjk_{n}.a") for n in ("io", "ev", "score", "kernel", "core")]
            build = [self.a.cxx, "-std=c++20", "-Wall", "-Wextra", "-Werror", "-I" + os.path.join(prefix, "include"),
                     src, "-o", exe] + libs + ["-lpthread"]
        p = run(build, env=env)
        if p.returncode != 0:
            self.fail(start, f"the {lang} block does not build: {' '.join(build)}", p)
            return
        p = run([exe], env=env)
        self.ran += 1
        self.check_script(start, lang, body, p)

    def python(self, start, body):
        py = os.path.join(self.a.build, "bindings", "python", "venv", "bin", "python")
        if not os.path.exists(py) or run([py, "-c", "import mjk"]).returncode != 0:
            self.skipped.append(f"README line {start}: python block skipped: no venv with mjk at {py}"
                                " (ctest -R python.package makes it)")
            return
        p = run([py, "-"], input="\n".join(body) + "\n", env=self.env, cwd=self.work)
        self.ran += 1
        self.check_script(start, "python", body, p)

    def js(self, start, body):
        addon = os.path.join(self.a.build, "bindings", "node", "mjk.node")
        if not self.a.node or not os.path.exists(addon):
            self.skipped.append(f"README line {start}: js block skipped: no node or no addon at {addon}")
            return
        env = dict(self.env, MJK_NODE_ADDON=addon)
        p = run([self.a.node, "-"], input="\n".join(body) + "\n", env=env, cwd=self.a.source)
        self.ran += 1
        self.check_script(start, "js", body, p)

    def check_script(self, start, lang, body, p):
        expected = shown_output(lang, body)
        printed = [line.rstrip() for line in p.stdout.splitlines()]
        if p.returncode != 0:
            self.fail(start, f"the {lang} block failed", p)
        elif printed != expected:
            self.fail(start, f"the {lang} block printed other than its comments show:\n  expected:\n"
                      + "\n".join("    " + e for e in expected) + "\n  printed:\n"
                      + "\n".join("    " + o for o in printed))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("readme")
    ap.add_argument("build")
    ap.add_argument("source")
    ap.add_argument("--cmake", default="cmake")
    ap.add_argument("--node", default=shutil.which("node"))
    ap.add_argument("--cc", default="cc")
    ap.add_argument("--cxx", default="c++")
    ap.add_argument("--section", default=None)
    a = ap.parse_args()
    a.build, a.source = os.path.abspath(a.build), os.path.abspath(a.source)
    r = Runner(a)
    try:
        for lang, start, body in blocks(a.readme, a.section):
            try:
                if lang == "console":
                    r.console(start, body)
                elif lang in ("c", "cpp"):
                    r.program(start, body, lang)
                elif lang == "python":
                    r.python(start, body)
                elif lang == "js":
                    r.js(start, body)
            except (RuntimeError, OSError, subprocess.TimeoutExpired) as e:
                r.fail(start, f"{lang} block: {e}")
    finally:
        shutil.rmtree(r.work, ignore_errors=True)
    for s in r.skipped:
        print("SKIPPED " + s)
    for f in r.failures:
        print("FAILED " + f)
    print(f"{r.ran} README examples ran, {len(r.failures)} failed, {len(r.skipped)} blocks skipped")
    if r.failures:
        return 1
    return 0 if r.ran else 77


if __name__ == "__main__":
    sys.exit(main())
