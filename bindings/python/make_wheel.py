"""Packs the `mjk` wheel from an extension module already built by CMake
(target mjk_python, linked against this build's static libraries), so a
wheel costs one zip after the main build instead of a second kernel build.

    make_wheel.py MODULE PACKAGE_DIR OUT_DIR VERSION

PACKAGE_DIR is bindings/python/src/mjk (the .py files, the .pyi stubs,
py.typed). Writes OUT_DIR/mjk-VERSION-<tag>.whl, the tag of the Python that
runs this script (the one the module was built for), with a RECORD of sha256
sums as pip wants it.
"""
import base64
import hashlib
import sys
import sysconfig
import tomllib
import zipfile
from pathlib import Path


def tag():
    impl = f"cp{sys.version_info.major}{sys.version_info.minor}"
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return f"{impl}-{impl}-{platform}"


def digest(data):
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def main(module, package_dir, out_dir, version):
    module, package_dir, out_dir = Path(module), Path(package_dir), Path(out_dir)
    files = {}
    for path in sorted(package_dir.iterdir()):
        if path.suffix in (".py", ".pyi") or path.name in ("py.typed", "request.schema.json"):
            files[f"mjk/{path.name}"] = path.read_bytes()
    for needed in ("py.typed", "__init__.pyi", "request.schema.json"):
        if f"mjk/{needed}" not in files:
            sys.exit(f"make_wheel: {package_dir} lacks {needed}")
    files["mjk/_native" + sysconfig.get_config_var("EXT_SUFFIX")] = module.read_bytes()
    project = tomllib.loads((package_dir.parent.parent / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    if project["version"] != version:
        sys.exit(f"make_wheel: pyproject.toml says version {project['version']}, the build {version}")
    info = f"mjk-{version}.dist-info"
    files[f"{info}/METADATA"] = (
        "Metadata-Version: 2.1\n"
        f"Name: {project['name']}\n"
        f"Version: {version}\n"
        f"Summary: {project['description']}\n"
        f"License: {project['license']['text']}\n"
        f"Requires-Python: {project['requires-python']}\n"
        + "".join(f"Requires-Dist: {d}\n" for d in project["dependencies"])).encode()
    files[f"{info}/WHEEL"] = (
        "Wheel-Version: 1.0\n"
        "Generator: mjk make_wheel.py\n"
        "Root-Is-Purelib: false\n"
        f"Tag: {tag()}\n").encode()
    files[f"{info}/top_level.txt"] = b"mjk\n"
    record = "".join(f"{name},{digest(data)},{len(data)}\n" for name, data in files.items())
    files[f"{info}/RECORD"] = (record + f"{info}/RECORD,,\n").encode()
    out_dir.mkdir(parents=True, exist_ok=True)
    for old in out_dir.glob("mjk-*.whl"):
        old.unlink()
    wheel = out_dir / f"mjk-{version}-{tag()}.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in files.items():
            z.writestr(zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0)), data, zipfile.ZIP_DEFLATED)
    print(wheel)


if __name__ == "__main__":
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    main(*sys.argv[1:])
