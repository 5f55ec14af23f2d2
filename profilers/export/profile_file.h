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
#include <optional>
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
// A thread of its own reads (and decompresses) the next block while the
// caller works on this one.
class ProfileFileIn {
 public:
  static Result<std::unique_ptr<ProfileFileIn>> open(const std::string& path);
  ~ProfileFileIn();
  // Up to `size` bytes into `data`; 0 at the end. Error: an IOException.
  Result<size_t> read(char* data, size_t size);

 private:
  ProfileFileIn(std::string path, gzFile gz);
  Result<size_t> read_block(char* data);  // the next block from the file
  void reader_loop();
  bool next_block();  // front_ := the next block; false at the end or on error

  std::string path_;
  gzFile gz_;
  std::unique_ptr<char[]> front_;  // being read by the caller:
  size_t front_size_ = 0, front_at_ = 0;
  bool at_end_ = false;
  std::optional<VmError> error_;
  // The reader thread (started at the first read; without one, next_block
  // reads itself) and its hand-over: back_ holds the block after front_
  // when back_ready_ (back_result_ says how much, or the error).
  std::unique_ptr<char[]> back_;
  std::thread reader_;
  std::mutex mutex_;
  std::condition_variable changed_;
  bool back_ready_ = false;
  bool stopping_ = false;
  Result<size_t> back_result_ = size_t{0};
};

}  // namespace minijvm::prof
