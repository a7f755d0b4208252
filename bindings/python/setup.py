"""Build of the `mjk` Python package.

The extension links mjk's kernel statically, so the installed package needs
nothing else at run time. Where the kernel comes from:

* MJK_STATIC_LIB=/path/to/libmjk_records.a|/path/to/libmjk_capi.a|... and
  MJK_KERNEL_INCLUDE=dir|dir: the static libraries of a build of this
  repository (position-independent, as mjk's build always makes them:
  libmjk_records.a and every layer's, libmjk_capi.a down to libmjk_core.a,
  in any order, as they are linked as one group) and their include
  directories (the generated mjk/version.h's too), '|'-separated;
* otherwise setup.py builds it with CMake from this repository
  (bindings/python/native/CMakeLists.txt -> ../..), so a plain clone suffices:

    /usr/bin/python3 -m venv --system-site-packages V
    V/bin/pip install -v --no-build-isolation --no-index bindings/python

(-v shows the steps and cmake's progress; the kernel's build takes minutes.
The wheel of a CMake build of the repository is faster: target mjk_wheel,
build/<preset>/dist/mjk-*.whl.)

Needs cmake, g++, libxsimd-dev and zlib1g-dev (the kernel's and the
records' build; the module links zlib) and, from Debian,
python3-pybind11 python3-numpy python3-setuptools python3-wheel.
MJK_PY_BUILD_BASE moves setuptools' build directory (default: build/ here).
"""
import os
import shutil
import subprocess
import sys
from pathlib import Path

from pybind11.setup_helpers import Pybind11Extension
from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
# The extension is every C++ file of the package, as bindings/CMakeLists.txt
# globs them for the wheel: no list kept by hand in two places.
NATIVE_SOURCES = sorted(p.relative_to(HERE).as_posix() for p in (HERE / "src" / "mjk").glob("*.cpp"))


class BuildExtWithKernel(build_ext):
    @staticmethod
    def announce_step(what):
        print(f"mjk setup.py: step {what}", file=sys.stderr, flush=True)

    def run(self):
        if os.environ.get("MJK_STATIC_LIB"):
            lib, include = os.environ["MJK_STATIC_LIB"], os.environ.get("MJK_KERNEL_INCLUDE", "")
        else:
            lib, include = self.build_kernel()
        libs = [x for x in lib.split("|") if x]
        for path in libs:
            if not Path(path).is_file():
                raise RuntimeError(f"mjk: library {path} does not exist")
        for ext in self.extensions:
            # One group, so that the archives' order does not matter: the C
            # ABI calls the records and the records call the layers below, and
            # a single pass over a list in the wrong order left the review's
            # text (records' review_text.o) out of the module, found missing
            # only at import. zlib after them, for the records' gzip.
            ext.extra_link_args[:0] = ["-Wl,--start-group", *libs, "-Wl,--end-group", "-lz"]
            ext.depends.extend(libs)  # relink when the libraries change
            ext.include_dirs[:0] = [d for d in include.split("|") if d]
        super().run()

    def build_kernel(self):
        if not (ROOT / "kernel" / "CMakeLists.txt").is_file():
            raise RuntimeError("mjk: build from a clone of the mjk repository (kernel/ not found at %s)" % ROOT)
        cmake = shutil.which("cmake")
        if not cmake:
            raise RuntimeError("mjk: cmake is needed to build the kernel (apt-get install -y cmake g++ libxsimd-dev)")
        build = Path(self.build_temp).resolve() / "kernel"
        # Progress (pip shows it with -v): the kernel's build takes minutes;
        # cmake prints each file it compiles with a percentage.
        self.announce_step("1/3: configuring the kernel's build (cmake)")
        subprocess.check_call([cmake, "-S", str(HERE / "native"), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release"])
        jobs = str(os.cpu_count() or 2)
        self.announce_step(f"2/3: building the kernel and the record library ({jobs} jobs; minutes)")
        subprocess.check_call([cmake, "--build", str(build), "--target", "mjk_capi", "mjk_engine", "mjk_records", "-j", jobs])
        self.announce_step("3/3: building the extension module")
        return (build / "kernel-lib.txt").read_text().strip(), (build / "kernel-include.txt").read_text().strip()


options = {}
if os.environ.get("MJK_PY_BUILD_BASE"):
    base = os.environ["MJK_PY_BUILD_BASE"]
    options = {"build": {"build_base": base}, "egg_info": {"egg_base": base}}
    os.makedirs(base, exist_ok=True)

setup(  # name, version, description, license and requirements: pyproject.toml's [project]
    package_dir={"": "src"},
    packages=["mjk"],
    package_data={"mjk": ["request.schema.json", "py.typed", "*.pyi"]},  # the schema the checks read, the type stubs
    ext_modules=[
        Pybind11Extension(
            "mjk._native",
            NATIVE_SOURCES,
            include_dirs=[str(ROOT / "bindings" / "common")],
            cxx_std=20,
        )
    ],
    cmdclass={"build_ext": BuildExtWithKernel},
    options=options,
    zip_safe=False,
)
