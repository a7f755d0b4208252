#!/bin/sh
# ctest python.package: run_tests.sh PYTHON SOURCE_DIR WORK_DIR
# A venv (with the system site packages: numpy, pybind11, pytest from Debian)
# in WORK_DIR, `pip install` of SOURCE_DIR offline, then pytest. Exit 77
# (ctest: skipped) with the reason when PYTHON lacks what that needs.
set -eu
py=$1 src=$2 work=$3
if ! "$py" -c 'import numpy, pybind11, pytest, setuptools, wheel, venv, ensurepip' 2>/dev/null; then
  echo "SKIPPED: $py lacks numpy/pybind11/pytest/setuptools/wheel/venv;" \
       "apt-get install -y python3-pybind11 python3-numpy python3-pytest python3-venv python3-setuptools python3-wheel"
  exit 77
fi
rm -rf "$work/venv" "$work/pybuild"
mkdir -p "$work"
"$py" -m venv --system-site-packages "$work/venv"
MJK_PY_BUILD_BASE="$work/pybuild" "$work/venv/bin/pip" install -q --no-build-isolation --no-index "$src"
cd "$work"
exec "$work/venv/bin/python" -m pytest -q -p no:cacheprovider "$src/tests"
