// Hostile inputs to the record reader, made here at test time: a directory,
// gzip nested in gzip, a gzip bomb, /dev/zero (with and without a memory
// limit), a FIFO nobody writes to. Each must be that record's error, naming
// the file (and the limit), and the good record after it must still be
// read. What could hang or take the memory of the process runs in a child
// process, with a time limit (and a memory limit), so a regression fails
// the test instead of hanging or killing the whole run.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zlib.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "mjk/corpus.hpp"
#include "mjk/records.hpp"
#include "support/isolated.hpp"

namespace {

using namespace mjk::records;
using mjk::test::address_sanitizer;
using mjk::test::isolated;
namespace fs = std::filesystem;

// A whole (if short) mjlog game: East deals, draws and discards, the record stops.
const std::string good_record =
    R"(<mjloggm ver="2.3"><GO type="169"/><TAIKYOKU oya="0"/>)"
    R"(<INIT seed="0,0,0,3,3,20" ten="250,250,250,250" oya="0" )"
    R"(hai0="34,11,120,19,83,79,69,12,1,99,128,85,73" hai1="57,27,17,119,14,134,126,44,117,68,114,82,109" )"
    R"(hai2="78,93,90,48,100,41,40,81,60,53,92,75,98" hai3="6,104,127,88,87,35,65,135,97,122,25,5,121"/>)"
    R"(<T77/><D120/></mjloggm>)";

std::string gzip(const std::string& bytes, int level = 9) {
  z_stream z{};
  REQUIRE(deflateInit2(&z, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) == Z_OK);  // 16: a gzip header
  std::string out(deflateBound(&z, bytes.size()), '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  z.avail_in = static_cast<uInt>(bytes.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  REQUIRE(deflate(&z, Z_FINISH) == Z_STREAM_END);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

// A directory of its own for this run's files, removed at the end.
struct Scratch {
  fs::path dir;
  Scratch() {
    std::string pattern = (fs::temp_directory_path() / "mjk_hostile_XXXXXX").string();
    REQUIRE(::mkdtemp(pattern.data()) != nullptr);
    dir = pattern;
  }
  ~Scratch() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
  std::string write(const std::string& name, const std::string& bytes) const {
    const fs::path p = dir / name;
    std::ofstream(p, std::ios::binary) << bytes;
    return p.string();
  }
};

// "error: MESSAGE" or "ok: FILE", one line a record; `name`, when given,
// stands for the file (a /dev/fd/N path, whose N varies).
std::string outcome(const ReadResult& r, const std::string& name = "") {
  const std::string file = name.empty() ? r.game.file : name;
  if (r.ok()) return "ok: " + file + "\n";
  return "error: " + file + r.error->message().substr(r.error->file.size()) + "\n";
}

const std::string limit_16m = "the limit of 16777216 bytes a record";

}  // namespace

TEST_CASE("hostile records: a directory is an error naming it") {
  Scratch s;
  const std::string good = s.write("good.mjlog", good_record);
  const ReadResult dir = read_record_file(s.dir.string());
  REQUIRE(!dir.ok());
  CHECK(dir.error->message() == s.dir.string() + ": is a directory");
  CHECK(read_record_file(good).ok());
}

TEST_CASE("hostile records: gzip is inflated once, and gzip inside gzip is an error naming the file") {
  Scratch s;
  CHECK(read_record(gzip(good_record), "once.gz").ok());
  const ReadResult twice = read_record(gzip(gzip(good_record)), "twice.gz");
  REQUIRE(!twice.ok());
  CHECK(twice.error->message() == "twice.gz: gzip inside gzip: a record is compressed once");
  // A thousand levels of stored (uncompressed) gzip: one level is inflated,
  // not all of them each kept (their sizes added up to the square of the depth).
  std::string deep = gzip(good_record);
  for (int level = 0; level < 1000; ++level) deep = gzip(deep, 0);
  const ReadResult nest = read_record_file(s.write("nest.gz", deep));
  REQUIRE(!nest.ok());
  CHECK(nest.error->what.find("gzip inside gzip") != std::string::npos);
}

TEST_CASE("hostile records: a gzip bomb stops at the limit, with an error naming it") {
  Scratch s;
  const std::string bomb = gzip(std::string((std::size_t{20} << 20), '\0'));  // 20 MiB of zeros, some 20 KB
  CHECK(bomb.size() < 64 * 1024);
  const std::string file = s.write("bomb.gz", bomb);
  const ReadResult r = read_record_file(file);
  REQUIRE(!r.ok());
  CHECK(r.error->message().find(file + ": gzip data inflates past " + limit_16m) == 0);
  std::string why;
  CHECK(!gunzip(bomb, why));
  CHECK(why.find(limit_16m) != std::string::npos);
  // Under a higher limit the zeros inflate, and are not a record.
  ReadOptions more;
  more.max_bytes = std::uint64_t{32} << 20;
  const ReadResult big = read_record(bomb, "bomb.gz", more);
  REQUIRE(!big.ok());
  CHECK(big.error->what.find("not a game record") != std::string::npos);
  CHECK(read_record_file(s.write("good.mjlog", good_record)).ok());
}

TEST_CASE("hostile records: the limit counts bytes read and bytes inflated, to the byte") {
  Scratch s;
  const std::string file = s.write("good.mjlog", good_record), gz = s.write("good.gz", gzip(good_record));
  ReadOptions exact;
  exact.max_bytes = good_record.size();
  CHECK(read_record_file(file, exact).ok());
  CHECK(read_record_file(gz, exact).ok());
  ReadOptions less;
  less.max_bytes = good_record.size() - 1;
  const ReadResult plain = read_record_file(file, less);
  REQUIRE(!plain.ok());
  CHECK(plain.error->message() == file + ": the file is " + std::to_string(good_record.size()) +
                                      " bytes, larger than the limit of " + std::to_string(less.max_bytes) +
                                      " bytes a record (raise it with the max-bytes option)");
  const ReadResult inflated = read_record_file(gz, less);
  REQUIRE(!inflated.ok());
  CHECK(inflated.error->what.find("gzip data inflates past the limit of " + std::to_string(less.max_bytes)) == 0);
  CHECK(!read_record(good_record, "bytes", less).ok());
}

TEST_CASE("hostile records: under a raised limit the buffer never grows past it") {
  // 3,000,000 bytes inflated under a limit of exactly that: the buffer holds
  // the limit and one byte, not the next power of two (4 MiB) a doubling
  // string reaches.
  const std::uint64_t limit = 3'000'000;
  std::string why;
  const auto exact = gunzip(gzip(std::string(limit, 'a')), why, limit);
  REQUIRE_MESSAGE(exact, why);
  CHECK(exact->size() == limit);
  CHECK(exact->capacity() <= limit + 1);
  if (!fs::exists("/dev/zero") || !fs::exists("/proc/self/status")) {
    MESSAGE("skipped the streams: needs /dev/zero and /proc");
    return;
  }
  if (address_sanitizer) {
    MESSAGE("skipped the streams under AddressSanitizer: its operator new aborts when memory runs out");
    return;
  }
  // A 64 MiB limit with 112 MiB more address space than the child has: a
  // stream (/dev/zero) and a gzip bomb each reach the limit and stop there.
  // A buffer doubling past the limit needs 192 MiB at once (64 copied into
  // 128), and the record would be "out of memory" instead.
  ReadOptions raised;
  raised.max_bytes = std::uint64_t{64} << 20;
  const std::string bomb = gzip(std::string(std::size_t{80} << 20, '\0'));
  const std::string text = isolated(
      [&] { return outcome(read_record_file("/dev/zero", raised)) + outcome(read_record(bomb, "bomb.gz", raised)); },
      60, std::uint64_t{112} << 20);
  const std::string limit_64m = "the limit of 67108864 bytes a record (raise it with the max-bytes option)";
  CHECK(text.rfind("error: /dev/zero: larger than " + limit_64m + "\nerror: bomb.gz: gzip data inflates past " +
                       limit_64m + " (after ",
                   0) == 0);
}

TEST_CASE("hostile records: /dev/zero and a FIFO are bounded by the limit") {
  if (!fs::exists("/dev/zero")) {
    MESSAGE("skipped: no /dev/zero");
    return;
  }
  Scratch s;
  const std::string good = s.write("good.mjlog", good_record);
  const std::string text = isolated(
      [&] {
        std::string out = outcome(read_record_file("/dev/zero"));
        // A pipe whose writer never stops: /dev/fd/N opens its read end.
        int p[2];
        if (::pipe(p) != 0) return out + "no pipe\n";
        std::thread writer([fd = p[1]] {
          ::signal(SIGPIPE, SIG_IGN);  // the reader stops at the limit and the pipe closes
          const std::string zeros(65536, '\0');
          while (::write(fd, zeros.data(), zeros.size()) > 0) {
          }
          ::close(fd);
        });
        ReadOptions small;
        small.max_bytes = 1 << 20;
        out += outcome(read_record_file("/dev/fd/" + std::to_string(p[0]), small), "pipe");
        ::close(p[0]);  // the writer's next write fails: it ends
        writer.join();
        return out + outcome(read_record_file(good));
      },
      60);
  CHECK(text ==
        "error: /dev/zero: larger than " + limit_16m +
            " (raise it with the max-bytes option)\n"
            "error: pipe: larger than the limit of 1048576 bytes a record (raise it with the max-bytes option)\n"
            "ok: " +
            good + "\n");
}

TEST_CASE("hostile records: a FIFO with no writer is an error, not a wait, and a pipe with a writer is read") {
  Scratch s;
  const std::string good = s.write("good.mjlog", good_record);
  const std::string fifo = (s.dir / "fifo").string();
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  const std::string text = isolated(
      [&] {
        std::string out = outcome(read_record_file(fifo));
        // A pipe whose writer takes its time: the reader waits for it, then reads to its end.
        int p[2];
        if (::pipe(p) != 0) return out + "no pipe\n";
        std::thread writer([fd = p[1]] {
          std::this_thread::sleep_for(std::chrono::milliseconds(50));
          for (std::size_t i = 0; i < good_record.size(); i += 100) {
            if (::write(fd, good_record.data() + i, std::min<std::size_t>(100, good_record.size() - i)) <= 0) break;
          }
          ::close(fd);
        });
        const ReadResult piped = read_record_file("/dev/fd/" + std::to_string(p[0]));
        writer.join();
        ::close(p[0]);
        out += outcome(piped, "pipe");
        return out + outcome(read_record_file(good));
      },
      20);
  CHECK(text == "error: " + fifo + ": a FIFO with no writer (nothing to read)\nok: pipe\nok: " + good + "\n");
}

TEST_CASE("hostile records: out of memory is that record's error, and the next record is read") {
  if (!fs::exists("/dev/zero") || !fs::exists("/proc/self/status")) {
    MESSAGE("skipped: needs /dev/zero and /proc");
    return;
  }
  if (address_sanitizer) {
    MESSAGE(
        "skipped under AddressSanitizer: its operator new aborts when memory runs out, never throws std::bad_alloc");
    return;
  }
  Scratch s;
  const std::string good = s.write("good.mjlog", good_record);
  // 256 MiB more address space than the child has; the limit raised far
  // past it, so /dev/zero is read until memory runs out.
  const std::string text = isolated(
      [&] {
        ReadOptions unbounded;
        unbounded.max_bytes = std::uint64_t{1} << 40;
        std::string out = outcome(read_record_file("/dev/zero", unbounded));
        out += outcome(read_record(gzip(std::string(std::size_t{1} << 20, '\0')), "small.gz", unbounded));
        return out + outcome(read_record_file(good, unbounded));
      },
      60, std::uint64_t{256} << 20);
  CHECK(text ==
        "error: /dev/zero: out of memory while reading the record\n"
        "error: small.gz:1:1 (byte 0): not a game record: neither mjlog XML, tenhou.net/6 JSON nor mjai JSON lines\n"
        "ok: " +
            good + "\n");
}

TEST_CASE("hostile records in a corpus: each one error naming its file, and the good record counted") {
  Scratch s;
  const std::string good = s.write("good.mjlog", good_record);
  const std::string twice = s.write("twice.gz", gzip(gzip(good_record)));
  const std::string bomb = s.write("bomb.gz", gzip(std::string(std::size_t{20} << 20, '\0')));
  const std::string fifo = (s.dir / "fifo").string();
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  const fs::path dir = s.dir / "dir";
  fs::create_directory(dir);
  std::vector<std::string> files = {dir.string(), twice, bomb, fifo, good};
  if (fs::exists("/dev/zero")) files.insert(files.end() - 1, "/dev/zero");
  const std::string text = isolated(
      [&] {
        CorpusStats stats = corpus_stats(files);
        std::string out = "games " + std::to_string(stats.games) + " files " + std::to_string(stats.files) + "\n";
        for (const auto& e : stats.errors) out += e + "\n";
        return out;
      },
      60);
  INFO(text);
  CHECK(text.find("games 1 files " + std::to_string(files.size()) + "\n") == 0);
  CHECK(text.find(dir.string() + ": is a directory\n") != std::string::npos);
  CHECK(text.find(twice + ": gzip inside gzip") != std::string::npos);
  CHECK(text.find(bomb + ": gzip data inflates past " + limit_16m) != std::string::npos);
  CHECK(text.find(fifo + ": a FIFO with no writer") != std::string::npos);
  if (fs::exists("/dev/zero")) CHECK(text.find("/dev/zero: larger than " + limit_16m) != std::string::npos);
}
