#!/bin/sh
# The Python package installed each way README's Install section says, then
# its tests run against the installed package:
#
#   run_tests.sh PYTHON SOURCE_DIR WORK_DIR wheel WHEEL_DIR    (ctest python.package)
#     `pip install --no-index` of the wheel the build packed into WHEEL_DIR
#     (target mjk_wheel);
#   run_tests.sh PYTHON SOURCE_DIR WORK_DIR source CMAKE       (ctest python.source_install)
#     `pip install --no-build-isolation --no-index SOURCE_DIR`: setup.py builds
#     the kernel with CMake (CMAKE's directory first on PATH) and links the
#     extension. Its build directory (MJK_PY_BUILD_BASE) is WORK_DIR/build,
#     kept between runs, so that only the first run compiles the whole kernel
#     and the source tree stays clean.
#
# Each time a fresh venv (with the system site packages: numpy, pytest from
# Debian) in WORK_DIR; pytest runs from WORK_DIR, so the source tree's mjk is
# not imported instead. Exit 77 (ctest: skipped) with the reason when PYTHON
# lacks what that needs.
set -eu
py=$1 src=$2 work=$3 how=$4
if ! "$py" -c 'import numpy, pybind11, pytest, venv, ensurepip' 2>/dev/null; then
  echo "SKIPPED: $py lacks numpy/pybind11/pytest/venv;" \
       "apt-get install -y python3-pybind11 python3-numpy python3-pytest python3-venv"
  exit 77
fi
rm -rf "$work/venv"
mkdir -p "$work"
case $how in
  wheel)
    set -- "$5"/mjk-*.whl
    [ -f "$1" ] || { echo "SKIPPED: no wheel in $5 (build the target mjk_wheel)"; exit 77; }
    "$py" -m venv --system-site-packages "$work/venv"
    "$work/venv/bin/pip" install -q --no-index "$1"
    ;;
  source)
    if ! "$py" -c 'import setuptools, wheel' 2>/dev/null; then
      echo "SKIPPED: $py lacks setuptools/wheel; apt-get install -y python3-setuptools python3-wheel"
      exit 77
    fi
    PATH=$(dirname "$5"):$PATH
    export PATH
    # The kernel's CMake build is kept; the extension is linked again each
    # run (setuptools would take the last run's module as up to date).
    rm -rf "$work"/build/lib.*
    "$py" -m venv --system-site-packages "$work/venv"
    # -v as README writes it: the log holds cmake's and the linker's steps.
    if ! MJK_PY_BUILD_BASE="$work/build" "$work/venv/bin/pip" install -v --no-build-isolation --no-index "$src" \
        >"$work/install.log" 2>&1; then
      tail -n 40 "$work/install.log"
      echo "FAILED: pip install --no-build-isolation --no-index $src (the whole log: $work/install.log)"
      exit 1
    fi
    ;;
  *) echo "run_tests.sh: unknown install '$how' (wheel or source)"; exit 2 ;;
esac
cd "$work"
"$work/venv/bin/python" -c 'import mjk, sys; sys.exit(0 if "site-packages" in mjk.__file__ else "mjk imported from " + mjk.__file__)'
exec "$work/venv/bin/python" -m pytest -q -p no:cacheprovider "$src/tests"
