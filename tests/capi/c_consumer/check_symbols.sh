#!/bin/sh
# libmjk.so exports the public API only: every C function mjk.h declares,
# C++ functions in namespace mjk (the public headers' MJK_API; a class's
# members, its destructor and assignment among them), and nothing
# else: no xsimd, no per-ISA entry points (mjk::arch), no kernel internals
# (mjk::simd, anonymous namespaces), no std:: instantiations.
#   check_symbols.sh LIBMJK_SO MJK_H
set -eu
lib=$1 header=$2
symbols=$(nm -D --defined-only "$lib" | awk '{print $3}' | c++filt)
status=0
bad=$(printf '%s\n' "$symbols" | grep -v -E '^(mjk_[a-z0-9_]+|mjk::[A-Za-z_0-9]+(::(~?[A-Za-z_0-9]+|operator=))?(\[abi:cxx11\])?\(.*)$' || true)
bad2=$(printf '%s\n' "$symbols" | grep -E 'xsimd|mjk::arch|mjk::simd|anonymous namespace|mjk::slots|mjk::detail' || true)
if [ -n "$bad$bad2" ]; then
  echo "exported but not public API:"
  printf '%s\n%s\n' "$bad" "$bad2"
  status=1
fi
for f in $(grep -o -E '^MJK_API [^(]*[ *](mjk_[a-z0-9_]+)\(' "$header" | grep -o -E 'mjk_[a-z0-9_]+\($' | tr -d '('); do
  printf '%s\n' "$symbols" | grep -q -x "$f" || { echo "declared in mjk.h but not exported: $f"; status=1; }
done
# mjk.h's parts it includes, mjk_table.h (the game tables) and mjk_doors.h (what the doors share), the same way.
for part in mjk_table.h mjk_doors.h; do
  for f in $(grep -o -E '^MJK_API [^(]*[ *](mjk_[a-z0-9_]+)\(' "$(dirname "$header")/$part" | grep -o -E 'mjk_[a-z0-9_]+\($' | tr -d '('); do
    printf '%s\n' "$symbols" | grep -q -x "$f" || { echo "declared in $part but not exported: $f"; status=1; }
  done
done
echo "$(printf '%s\n' "$symbols" | grep -c -E '^mjk_') C functions, $(printf '%s\n' "$symbols" | grep -c -E '^mjk::') C++ functions exported"
exit $status
