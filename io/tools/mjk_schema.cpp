// mjk_schema: writes the request's JSON Schema (--json) or its reference
// page (--markdown) from the field table, to standard output.
#include <cstdio>
#include <string_view>

#include "mjk/request_schema.hpp"

int main(int argc, char** argv) {
  const std::string_view what = argc == 2 ? argv[1] : "";
  if (what != "--json" && what != "--markdown") {
    std::fputs("usage: mjk_schema --json|--markdown\n", stderr);
    return 2;
  }
  const std::string text = what == "--json" ? mjk::request_json_schema() : mjk::request_markdown();
  return std::fwrite(text.data(), 1, text.size(), stdout) == text.size() && std::fflush(stdout) == 0 ? 0 : 1;
}
