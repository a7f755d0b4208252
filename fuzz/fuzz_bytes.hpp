// The structured fuzzers' reader of their input (fuzz_score, fuzz_ev): a
// byte at a time, zeros once it is used up, so every input decodes whole.
#pragma once

#include <cstddef>
#include <cstdint>

namespace mjk::fuzz {

class Bytes {
 public:
  Bytes(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
  std::uint8_t next() { return at_ < size_ ? data_[at_++] : 0; }
  int below(int n) { return next() % n; }
  bool bit() { return next() & 1; }

 private:
  const std::uint8_t* data_;
  std::size_t size_, at_ = 0;
};

}  // namespace mjk::fuzz
