"""Build of the `mjk` Python package.

The extension links mjk's kernel statically, so the installed package needs
nothing else at run time. Where the kernel comes from:

* MJK_STATIC_LIB=/path/to/libmjk_records.a|/path/to/libmjk.a and
  MJK_KERNEL_INCLUDE=dir|dir: the game-record library and the kernel,
  static, already built from this repository (position-independent, as
  mjk's build always makes them; records first, it calls the kernel) and
  their include directories, '|'-separated (the ctest passes its own build's);
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
            ext.extra_objects.extend(libs)
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
        subprocess.check_call([cmake, "--build", str(build), "--target", "mjk_capi", "mjk_records", "-j", jobs])
        self.announce_step("3/3: building the extension module")
        return (build / "kernel-lib.txt").read_text().strip(), (build / "kernel-include.txt").read_text().strip()


options = {}
if os.environ.get("MJK_PY_BUILD_BASE"):
    base = os.environ["MJK_PY_BUILD_BASE"]
    options = {"build": {"build_base": base}, "egg_info": {"egg_base": base}}
    os.makedirs(base, exist_ok=True)

setup(
    name="mjk",
    version="0.1.0",
    description="Riichi mahjong hand analysis by mjk's SIMD kernel: agari, waits, shanten, on numpy batches",
    license="MIT",
    package_dir={"": "src"},
    packages=["mjk"],
    package_data={"mjk": ["request.schema.json", "py.typed", "*.pyi"]},  # the schema the checks read, the type stubs
    python_requires=">=3.9",
    install_requires=["numpy"],
    ext_modules=[
        Pybind11Extension(
            "mjk._native",
            ["src/mjk/_native.cpp", "src/mjk/_native_ev.cpp"],
            include_dirs=[str(ROOT / "bindings" / "common")],
            cxx_std=20,
            libraries=["z"],  # zlib, for the records' gzip (Debian: zlib1g-dev)
        )
    ],
    cmdclass={"build_ext": BuildExtWithKernel},
    options=options,
    zip_safe=False,
)
