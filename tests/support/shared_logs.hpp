// The game records of ../shared/data/logs, as the tests that read them list
// them (sorted, so every run meets the files in one order). The records are
// never in the repository: a test asks logs_present() and says it skipped.
// Needs MJK_SHARED_DATA_DIR (tests/CMakeLists.txt defines it for every test).
#pragma once

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#ifndef MJK_SHARED_DATA_DIR
#error "MJK_SHARED_DATA_DIR names ../shared/data (tests/CMakeLists.txt defines it)"
#endif

namespace mjk::test {

inline const std::filesystem::path& logs_dir() {
  static const std::filesystem::path dir = std::filesystem::path(MJK_SHARED_DATA_DIR) / "logs";
  return dir;
}

// The regular files of one folder (not below it).
inline std::vector<std::filesystem::path> files_in(const std::filesystem::path& dir) {
  namespace fs = std::filesystem;
  std::vector<fs::path> out;
  if (!fs::is_directory(dir)) return out;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.is_regular_file()) out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

// Every record below logs/, each folder's README aside.
inline std::vector<std::string> corpus_files() {
  namespace fs = std::filesystem;
  std::vector<std::string> out;
  if (!fs::is_directory(logs_dir())) return out;
  for (const auto& e : fs::recursive_directory_iterator(logs_dir()))
    if (e.is_regular_file() && e.path().filename() != "README.md") out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace mjk::test
