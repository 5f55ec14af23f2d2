// The file a profile is written to or read from: buffered, and gzip-compressed
// when its name ends in ".gz" (profile.json.gz, profile.txt.gz, ...). Reading
// takes plain and gzip files alike.
#pragma once

#include <zlib.h>

#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <memory>
#include <mutex>
#include <streambuf>
#include <string>
#include <thread>

#include "vm/result.h"

namespace minijvm::prof {

// Whether `path` names a compressed profile (".gz", but not pprof's ".pb.gz",
// which is compressed by its own format).
bool is_gzip_path(const std::string& path);
// `path` without a ".gz" that is_gzip_path takes off.
std::string without_gzip_suffix(const std::string& path);

// A std::streambuf over a file being written; every exporter writes through
// one. close() reports the first error (java/io/IOException naming the path).
// Full buffers are written (and compressed) by a thread of its own while
// the next one fills, so formatting a large profile and the kernel's copy
// of it (or zlib's compression) overlap.
class ProfileFileOut : public std::streambuf {
 public:
  static Result<std::unique_ptr<ProfileFileOut>> open(const std::string& path);
  ~ProfileFileOut() override;
  Result<void> close();

 protected:
  int_type overflow(int_type c) override;
  std::streamsize xsputn(const char* s, std::streamsize n) override;
  int sync() override;

 private:
  ProfileFileOut(std::string path, FILE* file, gzFile gz);
  bool drain();  // hands the buffer to the writer; false once writing failed
  void write_out(const char* data, size_t size);  // on the writer's thread
  void writer_loop();
  void stop_writer();

  std::string path_;
  FILE* file_ = nullptr;  // plain output, or
  gzFile gz_ = nullptr;   // compressed output
  std::unique_ptr<char[]> buffer_;   // being filled
  std::unique_ptr<char[]> writing_;  // being written
  // The writer thread (started with the first full buffer; without one,
  // drain() writes the buffer itself) and its hand-over: `pending_` bytes
  // of writing_ to write, `stopping_` at close. error_ is the errno of the
  // first failure, written by whichever thread writes.
  std::thread writer_;
  std::mutex mutex_;
  std::condition_variable changed_;
  size_t pending_ = 0;
  bool has_pending_ = false;
  bool stopping_ = false;
  std::atomic<int> error_{0};
};

// A file being read, in blocks: plain or gzip (decompressed as it is read).
class ProfileFileIn {
 public:
  static Result<std::unique_ptr<ProfileFileIn>> open(const std::string& path);
  ~ProfileFileIn();
  // Up to `size` bytes into `data`; 0 at the end. Error: an IOException.
  Result<size_t> read(char* data, size_t size);

 private:
  ProfileFileIn(std::string path, gzFile gz) : path_(std::move(path)), gz_(gz) {}
  std::string path_;
  gzFile gz_;
};

}  // namespace minijvm::prof
