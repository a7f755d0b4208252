// Reading a record from a file or from bytes: gzip inflated, the format told
// apart by its content.
#include <zlib.h>

#include <fstream>
#include <iterator>
#include <string>
#include <utility>

#include "common.hpp"

namespace mjk::records {

std::optional<std::string> gunzip(std::string_view bytes, std::string& error) {
  z_stream z{};
  if (inflateInit2(&z, 15 + 32) != Z_OK) {  // 32: gzip or zlib header, detected
    error = "zlib could not start";
    return std::nullopt;
  }
  std::string out;
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  z.avail_in = static_cast<uInt>(bytes.size());
  char buffer[65536];
  int status = Z_OK;
  constexpr std::size_t max_size = std::size_t{1} << 30;  // a record inflating past 1 GiB is not a record
  while (status == Z_OK) {
    z.next_out = reinterpret_cast<Bytef*>(buffer);
    z.avail_out = sizeof buffer;
    status = inflate(&z, Z_NO_FLUSH);
    out.append(buffer, sizeof buffer - z.avail_out);
    if (out.size() > max_size) status = Z_MEM_ERROR;
    if (status == Z_BUF_ERROR && z.avail_in == 0) break;
  }
  const uLong consumed = z.total_in;
  inflateEnd(&z);
  if (status != Z_STREAM_END) {
    error = "gzip data is truncated or corrupt (inflated " + std::to_string(out.size()) + " bytes from " +
            std::to_string(consumed) + ")";
    return std::nullopt;
  }
  return out;
}

ReadResult read_record(std::string_view bytes, std::string file) {
  if (bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0x1f && static_cast<unsigned char>(bytes[1]) == 0x8b) {
    std::string why;
    const auto inflated = gunzip(bytes, why);
    if (!inflated) {
      ReadResult r;
      r.game.file = file;
      r.error = ReadError{std::move(file), 0, 0, 0, why};
      return r;
    }
    return read_record(*inflated, std::move(file));
  }
  const std::size_t first = bytes.find_first_not_of(" \t\r\n\xef\xbb\xbf");
  if (first != std::string_view::npos && bytes[first] == '<') return read_mjlog(bytes, std::move(file));
  // tenhou.net/6 has "log"; mjai lines have "type".
  const std::size_t line_end = bytes.find('\n', first == std::string_view::npos ? 0 : first);
  const std::string_view head = bytes.substr(0, std::min<std::size_t>(line_end, 4096));
  const std::size_t log = bytes.find("\"log\"");
  const std::size_t type = head.find("\"type\"");
  if (type != std::string_view::npos && (log == std::string_view::npos || type < log)) return read_mjai(bytes, std::move(file));
  if (log != std::string_view::npos) return read_tenhou6(bytes, std::move(file));
  ReadResult r;
  r.game.file = file;
  r.error = detail::make_error(bytes, file, first == std::string_view::npos ? 0 : first,
                               "not a game record: neither mjlog XML, tenhou.net/6 JSON nor mjai JSON lines");
  return r;
}

ReadResult read_record_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    ReadResult r;
    r.game.file = path;
    r.error = ReadError{path, 0, 0, 0, "cannot open the file"};
    return r;
  }
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) {
    ReadResult r;
    r.game.file = path;
    r.error = ReadError{path, 0, 0, 0, "cannot read the file"};
    return r;
  }
  return read_record(bytes, path);
}

}  // namespace mjk::records
