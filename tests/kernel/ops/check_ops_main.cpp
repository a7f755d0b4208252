// Runs one instruction set's Ops checks (check_ops.cpp, compiled with that
// set's flags) when this CPU has the set, as the kernel's registry decides
// (the check dispatch uses); else exits 77, which ctest reports as skipped.
// Compiled without any set's flags, so it runs on every x86-64 CPU.
#include <cstdio>
#include <string_view>

#include "mjk/implementation.hpp"

int run_ops_checks();

int main() {
  for (const mjk::Implementation& impl : mjk::implementations()) {
    if (impl.name != std::string_view(MJK_OPS_NAME)) continue;
    if (!impl.supported()) {
      std::printf("%s: not available on this CPU: not tested\n", MJK_OPS_NAME);
      return 77;
    }
    std::printf("%s: ", MJK_OPS_NAME);
    return run_ops_checks();
  }
  std::printf("no implementation named %s in this build\n", MJK_OPS_NAME);
  return 1;
}
