/* The C ABI in one program: parse a hand, ask for its waits.
 *   cc -std=c99 hello.c $(pkg-config --cflags --libs mjk) -o hello
 *   LD_LIBRARY_PATH=$(pkg-config --variable=libdir mjk) ./hello   */
#include <mjk.h>
#include <stdint.h>
#include <stdio.h>

int main(void) {
  mjk_parsed p;
  if (mjk_parse("1112345678999m", &p) != MJK_OK) {
    puts(mjk_error_message(p.error));
    return 1;
  }
  uint64_t waits; /* n rows: n kind masks and n error codes */
  uint8_t err;
  mjk_waits(p.counts, 1, 4, &waits, &err); /* players 4 (or 3) */
  if (err != MJK_OK) {
    puts(mjk_error_message(err));
    return 1;
  }
  printf("1112345678999m waits on mask 0x%llx\n", (unsigned long long)waits); /* 0x1ff: 1m..9m */
  return waits == 0x1ff ? 0 : 1;
}
