#!/bin/sh
# ctest python.package: run_tests.sh PYTHON SOURCE_DIR WORK_DIR WHEEL_DIR
# A fresh venv (with the system site packages: numpy, pytest from Debian) in
# WORK_DIR, `pip install --no-index` of the wheel the build packed into
# WHEEL_DIR (target mjk_wheel), then pytest against the installed package,
# run from WORK_DIR so the source tree's mjk is not imported instead. Exit
# 77 (ctest: skipped) with the reason when PYTHON lacks what that needs.
set -eu
py=$1 src=$2 work=$3 wheels=$4
if ! "$py" -c 'import numpy, pybind11, pytest, venv, ensurepip' 2>/dev/null; then
  echo "SKIPPED: $py lacks numpy/pybind11/pytest/venv;" \
       "apt-get install -y python3-pybind11 python3-numpy python3-pytest python3-venv"
  exit 77
fi
set -- "$wheels"/mjk-*.whl
[ -f "$1" ] || { echo "SKIPPED: no wheel in $wheels (build the target mjk_wheel)"; exit 77; }
rm -rf "$work/venv"
mkdir -p "$work"
"$py" -m venv --system-site-packages "$work/venv"
"$work/venv/bin/pip" install -q --no-index "$1"
cd "$work"
"$work/venv/bin/python" -c 'import mjk, sys; sys.exit(0 if "site-packages" in mjk.__file__ else "mjk imported from " + mjk.__file__)'
exec "$work/venv/bin/python" -m pytest -q -p no:cacheprovider "$src/tests"
