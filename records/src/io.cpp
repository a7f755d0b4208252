// Reading a record from a file or from bytes: gzip inflated (once), the
// format told apart by its content. The bytes read and the bytes inflated
// are each bounded (ReadOptions::max_bytes), checked as they arrive, so no
// input (a FIFO, /dev/zero, a gzip bomb) can take the process's memory;
// files are read with POSIX calls whose every failure is checked here, and
// running out of memory anyway is the record's error: nothing throws out of
// a read.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <new>
#include <string>
#include <system_error>
#include <utility>

#include "common.hpp"

namespace mjk::records {
namespace {

bool gzip_magic(std::string_view bytes) {
  return bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0x1f &&
         static_cast<unsigned char>(bytes[1]) == 0x8b;
}

std::string limit_text(std::uint64_t max_bytes) {
  return "the limit of " + std::to_string(max_bytes) + " bytes a record (raise it with the max-bytes option)";
}

ReadResult file_error(std::string file, std::string what) {
  ReadResult r;
  r.game.file = file;
  r.error = ReadError{std::move(file), 0, 0, 0, std::move(what)};
  return r;
}

// Closes the descriptor on every path out of read_record_file.
struct Descriptor {
  int fd = -1;
  ~Descriptor() {
    if (fd >= 0) ::close(fd);
  }
};

// errno as words, read before anything else can change it.
std::string errno_text(int e = errno) { return std::error_code(e, std::generic_category()).message(); }

// Room in `out` for `more` bytes, never past max_bytes + 1 (the byte past
// the limit that tells a larger record). A string left to grow by itself
// doubles: one byte past a raised limit (1G) would make it twice the limit,
// the old buffer copied into the new. Here it doubles while that stays within a
// quarter of the limit, then takes the whole limit at once: it never holds
// more than the limit, and the one copy on the way there is at most a
// quarter of it (the peak: 1.25 times the limit reserved, the limit touched).
void make_room(std::string& out, std::size_t more, std::uint64_t max_bytes) {
  const std::uint64_t need = std::uint64_t{out.size()} + more;
  if (need <= out.capacity()) return;
  const std::uint64_t whole = std::min<std::uint64_t>(max_bytes, out.max_size() - 1) + 1;
  std::uint64_t grown = std::max<std::uint64_t>(need, 2 * std::uint64_t{out.capacity()});
  if (grown > whole / 4) grown = std::max(need, whole);
  // A new string reserves exactly this (reserve() on `out` may double instead).
  std::string bigger;
  bigger.reserve(static_cast<std::size_t>(grown));
  bigger.append(out);
  out.swap(bigger);
}

// Reads fd to its end into `out`, at most max_bytes (one byte more is read to
// tell a file of exactly max_bytes from a larger one). Returns "" or why not.
std::string read_all(int fd, std::uint64_t max_bytes, std::string& out) {
  char buffer[65536];
  while (out.size() <= max_bytes) {
    const std::uint64_t room = max_bytes - out.size() + 1;
    const ssize_t n = ::read(fd, buffer, static_cast<std::size_t>(std::min<std::uint64_t>(sizeof buffer, room)));
    if (n < 0) {
      if (errno == EINTR) continue;
      return "cannot read: " + errno_text();
    }
    if (n == 0) return {};
    make_room(out, static_cast<std::size_t>(n), max_bytes);
    out.append(buffer, static_cast<std::size_t>(n));
  }
  return "larger than " + limit_text(max_bytes);
}

ReadResult read_file(const std::string& path, const ReadOptions& options) {
  // O_NONBLOCK: opening a FIFO for reading waits for a writer; without it a
  // FIFO nobody writes to would hang the read for ever.
  Descriptor d{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)};
  if (d.fd < 0) return file_error(path, "cannot open: " + errno_text());
  struct stat st {};
  if (::fstat(d.fd, &st) != 0) return file_error(path, "cannot read: " + errno_text());
  if (S_ISDIR(st.st_mode)) return file_error(path, "is a directory");
  std::string bytes;
  if (S_ISREG(st.st_mode)) {
    if (static_cast<std::uint64_t>(st.st_size) > options.max_bytes)
      return file_error(
          path, "the file is " + std::to_string(st.st_size) + " bytes, larger than " + limit_text(options.max_bytes));
    bytes.reserve(static_cast<std::size_t>(st.st_size));
  } else if (S_ISFIFO(st.st_mode)) {
    // A non-blocking read tells a FIFO with no writer (end of file at once)
    // from one whose writer has not written yet (EAGAIN: then wait for it).
    char first[4096];
    ssize_t n;
    do n = ::read(d.fd, first, sizeof first);
    while (n < 0 && errno == EINTR);
    if (n == 0) return file_error(path, "a FIFO with no writer (nothing to read)");
    if (n < 0 && errno != EAGAIN) return file_error(path, "cannot read: " + errno_text());
    if (n > 0) {
      make_room(bytes, static_cast<std::size_t>(n), options.max_bytes);
      bytes.append(first, static_cast<std::size_t>(n));
    }
  }
  // Blocking reads from here: a FIFO's writer, a terminal, a device.
  const int flags = ::fcntl(d.fd, F_GETFL);
  if (flags < 0 || ::fcntl(d.fd, F_SETFL, flags & ~O_NONBLOCK) < 0)
    return file_error(path, "cannot read: " + errno_text());
  if (std::string why = read_all(d.fd, options.max_bytes, bytes); !why.empty()) return file_error(path, std::move(why));
  return read_record(bytes, path, options);
}

ReadResult parse_record(std::string_view bytes, std::string file, const ReadOptions& options) {
  if (bytes.size() > options.max_bytes)
    return file_error(std::move(file), "the record is " + std::to_string(bytes.size()) + " bytes, larger than " +
                                           limit_text(options.max_bytes));
  std::string inflated;
  if (gzip_magic(bytes)) {
    std::string why;
    auto out = gunzip(bytes, why, options.max_bytes);
    if (!out) return file_error(std::move(file), why);
    // A record is compressed once; inflating every level of a gzip nested in
    // gzip would multiply the work of one small file without end.
    if (gzip_magic(*out)) return file_error(std::move(file), "gzip inside gzip: a record is compressed once");
    inflated = std::move(*out);
    bytes = inflated;
  }
  const std::size_t first = bytes.find_first_not_of(" \t\r\n\xef\xbb\xbf");
  if (first != std::string_view::npos && bytes[first] == '<') return read_mjlog(bytes, std::move(file));
  // tenhou.net/6 has "log"; mjai lines have "type".
  const std::size_t line_end = bytes.find('\n', first == std::string_view::npos ? 0 : first);
  const std::string_view head = bytes.substr(0, std::min<std::size_t>(line_end, 4096));
  const std::size_t log = bytes.find("\"log\"");
  const std::size_t type = head.find("\"type\"");
  if (type != std::string_view::npos && (log == std::string_view::npos || type < log))
    return read_mjai(bytes, std::move(file));
  if (log != std::string_view::npos) return read_tenhou6(bytes, std::move(file));
  ReadResult r;
  r.game.file = file;
  r.error = detail::make_error(bytes, file, first == std::string_view::npos ? 0 : first,
                               "not a game record: neither mjlog XML, tenhou.net/6 JSON nor mjai JSON lines");
  return r;
}

// What the record's error says when memory ran out while reading it: the
// memory it held is free again, so this record fails and the next can be read.
constexpr const char* out_of_memory = "out of memory while reading the record";

}  // namespace

std::optional<std::string> gunzip(std::string_view bytes, std::string& error, std::uint64_t max_bytes) {
  z_stream z{};
  if (inflateInit2(&z, 15 + 32) != Z_OK) {  // 32: gzip or zlib header, detected
    error = "zlib could not start";
    return std::nullopt;
  }
  std::string out;
  bool too_large = false;
  int status = Z_OK;
  try {
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
    z.avail_in = static_cast<uInt>(std::min<std::size_t>(bytes.size(), 0xffffffffu));
    char buffer[65536];
    while (status == Z_OK) {
      // Never more output than the limit allows (and one byte past it, to
      // tell a record of exactly max_bytes from a larger one).
      const std::uint64_t room = max_bytes - std::min<std::uint64_t>(out.size(), max_bytes) + 1;
      z.next_out = reinterpret_cast<Bytef*>(buffer);
      z.avail_out = static_cast<uInt>(std::min<std::uint64_t>(sizeof buffer, room));
      const uInt given = z.avail_out;
      status = inflate(&z, Z_NO_FLUSH);
      make_room(out, given - z.avail_out, max_bytes);
      out.append(buffer, given - z.avail_out);
      if (out.size() > max_bytes) {
        too_large = true;
        break;
      }
      if (status == Z_BUF_ERROR && z.avail_in == 0) break;
    }
  } catch (const std::bad_alloc&) {
    inflateEnd(&z);
    error = out_of_memory;
    return std::nullopt;
  }
  const uLong consumed = z.total_in;
  inflateEnd(&z);
  if (too_large) {
    error =
        "gzip data inflates past " + limit_text(max_bytes) + " (after " + std::to_string(consumed) + " bytes of input)";
    return std::nullopt;
  }
  if (status != Z_STREAM_END) {
    error = "gzip data is truncated or corrupt (inflated " + std::to_string(out.size()) + " bytes from " +
            std::to_string(consumed) + ")";
    return std::nullopt;
  }
  return out;
}

ReadResult read_record(std::string_view bytes, std::string file, const ReadOptions& options) {
  try {
    return parse_record(bytes, file, options);
  } catch (const std::bad_alloc&) {
    return file_error(std::move(file), out_of_memory);
  }
}

ReadResult read_record_file(const std::string& path, const ReadOptions& options) {
  try {
    return read_file(path, options);
  } catch (const std::bad_alloc&) {
    return file_error(path, out_of_memory);
  }
}

}  // namespace mjk::records
