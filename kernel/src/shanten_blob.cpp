// Embeds the shanten tables the generator wrote at build time
// (kernel/tools/shanten_tables.cpp, layout in shanten_tables.hpp) into the
// library's read-only data, by the assembler's .incbin.
#include <cstdint>

#ifndef MJK_SHANTEN_BLOB
#error "MJK_SHANTEN_BLOB must name the generated table file"
#endif

// NOLINTNEXTLINE: one top-level asm statement, nothing else can embed a file
__asm__(
    ".pushsection .rodata.mjk_shanten_tables, \"a\"\n"
    ".balign 64\n"
    ".globl mjk_shanten_tables\n"
    ".hidden mjk_shanten_tables\n"
    "mjk_shanten_tables:\n"
    ".incbin \"" MJK_SHANTEN_BLOB "\"\n"
    ".popsection\n");
