// Embeds the shanten tables the generator wrote at build time
// (kernel/tools/shanten_tables.cpp, layout in shanten_tables.hpp) into the
// library's read-only data, by the assembler's .incbin.
#include <cstdint>

#ifndef MJK_SHANTEN_BLOB
#error "MJK_SHANTEN_BLOB must name the generated table file"
#endif

#if defined(__wasm__)
// WebAssembly's assembler spells sections and data symbols its own way (a
// data symbol needs its type and size).
// NOLINTNEXTLINE: one top-level asm statement, nothing else can embed a file
__asm__(
    ".section .rodata.mjk_shanten_tables,\"\",@\n"
    ".p2align 6\n"
    ".globl mjk_shanten_tables\n"
    ".hidden mjk_shanten_tables\n"
    ".type mjk_shanten_tables,@object\n"
    "mjk_shanten_tables:\n"
    ".incbin \"" MJK_SHANTEN_BLOB
    "\"\n"
    ".size mjk_shanten_tables, . - mjk_shanten_tables\n");
#else
// NOLINTNEXTLINE: one top-level asm statement, nothing else can embed a file
__asm__(
    ".pushsection .rodata.mjk_shanten_tables, \"a\"\n"
    ".balign 64\n"
    ".globl mjk_shanten_tables\n"
    ".hidden mjk_shanten_tables\n"
    "mjk_shanten_tables:\n"
    ".incbin \"" MJK_SHANTEN_BLOB
    "\"\n"
    ".popsection\n");
#endif
