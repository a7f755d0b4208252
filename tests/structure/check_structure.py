#!/usr/bin/env python3
"""The layer rules of docs/hacking.md, checked on the source tree.

    check_structure.py RULE --source DIR --stack L... [--beside L:BASE...]
                       [--private-read L:PATH...]

RULE is one of:
  includes     a layer's files include only its own headers and the public
               headers of the layers below it (the stack's earlier layers;
               for a layer beside the stack, its bases); another layer's
               src/ only where --private-read names the file; never a door,
               a test or a benchmark. Every folder at the top holding
               include/ and src/ is a layer named in --stack or --beside,
               and the top CMakeLists.txt adds the stack in its order.
  file_lines   no library file over 800 lines.
  folder_share no layer over 30% of the library's source lines.
  names        no text of the tree (public names, messages, docstrings,
               docs, comments) calls the suit-first notation by its
               history's name, and none cites an issue by number.
  links        every relative link of the tree's Markdown pages names a
               file that exists, and a heading of it where it names one
               (links out of the tree, to ../shared, are not checked).

The layer lists come from cmake/MjkLayers.cmake (tests/CMakeLists.txt
passes them); a layer listed whose folder is absent is skipped. Prints one
line per violation, naming the file, and exits 1 if there is any.
Python 3 standard library only.
"""

import argparse
import os
import re
import subprocess
import sys

CXX_SUFFIXES = (".c", ".cc", ".cpp", ".h", ".hpp", ".inc", ".ipp")
MAX_FILE_LINES = 800
MAX_FOLDER_SHARE = 0.30
# Generated into the build tree by capi/CMakeLists.txt (from cmake/version.h.in).
GENERATED_HEADERS = {"mjk/version.h": "capi"}
# Not the tree's own text: dependencies, build output.
SKIPPED_DIRS = {".git", "node_modules", "build", "__pycache__", "dist", ".venv", "venv"}
# The suit-first notation's old name, and an issue cited by number. Written
# so that this file does not match itself.
OLD_NOTATION_NAME = re.compile(r"seed[ _-]?" + "0" * 3, re.IGNORECASE)
ISSUE_NUMBER = re.compile(r"\bissues? #?[0-9]+\b", re.IGNORECASE)
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')


def parse_args():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("rule", choices=["includes", "file_lines", "folder_share", "names", "links"])
    p.add_argument("--source", required=True, help="the source tree's top folder")
    p.add_argument("--stack", nargs="+", required=True, help="the layers, bottom first")
    p.add_argument("--beside", nargs="*", default=[], help="LAYER:BASE[,BASE...]: a layer beside the stack")
    p.add_argument("--private-read", nargs="*", default=[], dest="private_reads",
                   help="LAYER:PATH: another layer's private header this layer may include")
    return p.parse_args()


class Tree:
    def __init__(self, args):
        self.top = os.path.realpath(args.source)
        present = lambda name: os.path.isdir(os.path.join(self.top, name))
        self.stack = [layer for layer in args.stack if present(layer)]
        self.beside = {}
        for item in args.beside:
            layer, _, bases = item.partition(":")
            if present(layer):
                self.beside[layer] = [b for b in bases.split(",") if b]
        self.private_reads = set()
        for item in args.private_reads:
            layer, _, path = item.partition(":")
            self.private_reads.add((layer, os.path.normpath(path)))
        self.layers = self.stack + list(self.beside)

    def below(self, layer):
        """The layers whose public headers `layer` may include."""
        if layer in self.beside:
            return set(self.beside[layer])
        return set(self.stack[: self.stack.index(layer)])

    def rel(self, path):
        return os.path.relpath(path, self.top)

    def folder_of(self, path):
        """The top-level folder a path of the tree lies in ('' at the top)."""
        rel = self.rel(path)
        return rel.split(os.sep, 1)[0] if os.sep in rel else ""

    def walk(self, folder):
        for root, dirs, files in os.walk(os.path.join(self.top, folder)):
            dirs[:] = sorted(d for d in dirs if d not in SKIPPED_DIRS)
            for f in sorted(files):
                yield os.path.join(root, f)

    def library_files(self, layer):
        return [f for f in self.walk(layer) if f.endswith(CXX_SUFFIXES)]

    def text_files(self):
        """Every tracked file when the tree is a git checkout, else every file."""
        try:
            out = subprocess.run(["git", "-C", self.top, "ls-files", "-z"], capture_output=True, check=True).stdout
            files = [os.path.join(self.top, f) for f in out.decode().split("\0") if f]
        except (OSError, subprocess.CalledProcessError):
            files = list(self.walk(""))
        for f in files:
            if not os.path.isfile(f):
                continue  # deleted in the work tree, not yet in the index
            with open(f, "rb") as fh:
                data = fh.read()
            if b"\0" in data[:8192]:
                continue  # binary: images, gzip corpora
            yield f, data.decode("utf-8", errors="replace")


def lines_of(path):
    with open(path, "rb") as fh:
        return fh.read().count(b"\n")


def check_includes(tree):
    problems = []
    # Every folder shaped like a layer is one the rules know about.
    for name in sorted(os.listdir(tree.top)):
        d = os.path.join(tree.top, name)
        if (os.path.isdir(os.path.join(d, "include")) and os.path.isdir(os.path.join(d, "src"))
                and name not in tree.layers):
            problems.append(f"{name}/: holds include/ and src/ like a layer but is not in MJK_LAYER_STACK or "
                            f"MJK_LAYER_BESIDE (cmake/MjkLayers.cmake)")
    # The build adds the stack bottom first, as listed.
    with open(os.path.join(tree.top, "CMakeLists.txt")) as fh:
        added = re.findall(r"^\s*add_subdirectory\(\s*([\w/]+)", fh.read(), re.MULTILINE)
    order = [a for a in added if a in tree.stack]
    if order != tree.stack:
        problems.append(f"CMakeLists.txt: adds the layers as {' '.join(order)}; MJK_LAYER_STACK "
                        f"(cmake/MjkLayers.cmake) says {' '.join(tree.stack)}")

    def public_header(name):
        for layer in tree.layers:
            path = os.path.join(tree.top, layer, "include", name)
            if os.path.isfile(path):
                return path
        return None

    for layer in tree.layers:
        allowed = tree.below(layer)
        for f in tree.library_files(layer):
            with open(f, encoding="utf-8", errors="replace") as fh:
                for number, line in enumerate(fh, 1):
                    m = INCLUDE.match(line)
                    if not m:
                        continue
                    quoted, name = m.group(1) == '"', m.group(2)
                    close = '"' if quoted else ">"
                    where = f"{tree.rel(f)}:{number}: #include {m.group(1)}{name}{close}"
                    target = None
                    if quoted and os.path.isfile(os.path.join(os.path.dirname(f), name)):
                        target = os.path.realpath(os.path.join(os.path.dirname(f), name))
                    else:
                        target = public_header(name)
                    if target is None:
                        # Another layer's private header on a private include path?
                        for other in tree.layers:
                            path = os.path.join(tree.top, other, "src", name)
                            if other != layer and os.path.isfile(path):
                                target = path
                                break
                    if target is None:
                        owner = GENERATED_HEADERS.get(name)
                        if owner is None:
                            if name.startswith("mjk/") or name == "mjk.h":
                                problems.append(f"{where}: no layer holds this header")
                            continue  # the standard library or a dependency
                        target_layer, public = owner, True
                    else:
                        target_layer = tree.folder_of(target)
                        rel = os.path.relpath(target, os.path.join(tree.top, target_layer))
                        public = rel.split(os.sep, 1)[0] == "include"
                    if target_layer == layer:
                        continue
                    if target_layer not in tree.layers:
                        problems.append(f"{where}: a library file includes {tree.rel(target)}, outside the library")
                    elif target_layer not in allowed:
                        problems.append(f"{where}: {layer} includes {target_layer}, which is not below it "
                                        f"({layer} may include: {', '.join(sorted(allowed)) or 'nothing of mjk'})")
                    elif not public and (layer, os.path.normpath(tree.rel(target))) not in tree.private_reads:
                        problems.append(f"{where}: {tree.rel(target)} is private to {target_layer} "
                                        f"(MJK_LAYER_PRIVATE_READS in cmake/MjkLayers.cmake lists the exceptions)")
    return problems


def check_file_lines(tree):
    problems = []
    for layer in tree.layers:
        for f in tree.library_files(layer):
            n = lines_of(f)
            if n > MAX_FILE_LINES:
                problems.append(f"{tree.rel(f)}: {n} lines, over {MAX_FILE_LINES}: split it by what it does")
    return problems


def check_folder_share(tree):
    counts = {layer: sum(lines_of(f) for f in tree.library_files(layer)) for layer in tree.layers}
    total = sum(counts.values())
    problems = []
    for layer, n in counts.items():
        if total and n > MAX_FOLDER_SHARE * total:
            problems.append(f"{layer}/: {n} of the library's {total} source lines ({100 * n / total:.1f}%), "
                            f"over {MAX_FOLDER_SHARE:.0%}")
    print("library source lines: " + ", ".join(f"{layer} {n} ({100 * n / total:.1f}%)" for layer, n in counts.items())
          + f"; total {total}")
    return problems


def check_names(tree):
    problems = []
    me = os.path.realpath(__file__)
    for f, text in tree.text_files():
        if os.path.realpath(f) == me:
            continue
        for number, line in enumerate(text.splitlines(), 1):
            if OLD_NOTATION_NAME.search(line):
                problems.append(f"{tree.rel(f)}:{number}: says '{OLD_NOTATION_NAME.search(line).group(0)}': "
                                f"the notation is the suit-first form (core/include/mjk/hand.hpp)")
            if ISSUE_NUMBER.search(line):
                problems.append(f"{tree.rel(f)}:{number}: cites '{ISSUE_NUMBER.search(line).group(0)}': "
                                f"say what the case is instead")
    return problems


MARKDOWN_LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def heading_anchors(text):
    """The anchors GitHub gives a page's headings (lower case, punctuation
    dropped, spaces to hyphens; a repeated heading gets -1, -2, ...)."""
    anchors, seen = set(), {}
    for line in strip_code(text).splitlines():
        m = re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
        if not m:
            continue
        slug = re.sub(r"[^\w\- ]", "", m.group(1).strip().lower()).replace(" ", "-")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        anchors.add(slug if n == 0 else f"{slug}-{n}")
    return anchors


def strip_code(text):
    """Fenced blocks and inline code, which hold no links."""
    text = re.sub(r"^(```|~~~).*?^\1", "", text, flags=re.S | re.M)
    return re.sub(r"`[^`\n]*`", "", text)


def check_links(tree):
    problems = []
    pages = {os.path.realpath(f): text for f, text in tree.text_files() if f.endswith(".md")}
    for page, text in sorted(pages.items()):
        for m in MARKDOWN_LINK.finditer(strip_code(text)):
            link = m.group(1)
            if re.match(r"[a-zA-Z][\w+.-]*:", link):
                continue  # https:, mailto:
            path, _, anchor = link.partition("#")
            target = os.path.realpath(os.path.join(os.path.dirname(page), path)) if path else page
            if os.path.relpath(target, tree.top).startswith(".."):
                continue  # outside the tree: ../shared
            if not os.path.exists(target):
                problems.append(f"{tree.rel(page)}: ({link}): no such file")
            elif anchor and target.endswith(".md"):
                with open(target, encoding="utf-8", errors="replace") as fh:
                    if anchor.lower() not in heading_anchors(fh.read()):
                        problems.append(f"{tree.rel(page)}: ({link}): {tree.rel(target)} has no heading #{anchor}")
    return problems


def main():
    args = parse_args()
    tree = Tree(args)
    check = {"includes": check_includes, "file_lines": check_file_lines, "folder_share": check_folder_share,
             "names": check_names, "links": check_links}[args.rule]
    problems = check(tree)
    for p in problems:
        print(p)
    if problems:
        print(f"structure.{args.rule}: {len(problems)} problem(s); the rules: docs/hacking.md", file=sys.stderr)
        return 1
    print(f"structure.{args.rule}: ok ({', '.join(tree.layers)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
