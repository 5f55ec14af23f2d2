// The file a profile is written to or read from: buffered, and gzip-compressed
// when its name ends in ".gz" (profile.json.gz, profile.txt.gz, ...). Reading
// takes plain and gzip files alike.
#pragma once

#include <zlib.h>

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <mutex>
#include <optional>
#include <streambuf>
#include <string>
#include <thread>
#include <vector>

#include "vm/result.h"

namespace minijvm::prof {

// Whether `path` names a compressed profile (".gz", but not pprof's ".pb.gz",
// which is compressed by its own format).
bool is_gzip_path(const std::string& path);
// `path` without a ".gz" that is_gzip_path takes off.
std::string without_gzip_suffix(const std::string& path);

// A std::streambuf over a file being written; every exporter writes through
// one. close() reports the first error (java/io/IOException naming the path).
// Full buffers are written by threads of their own while the next one
// fills, so formatting a large profile overlaps the kernel's copy of it. A
// compressed file is written as one gzip member per buffer (a valid gzip
// file, as pigz writes), two buffers compressed at a time on two threads.
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
  // A thread that writes (compressing first) every n-th buffer, in turn
  // with the others: block `sequence` goes out after block sequence - 1.
  struct Worker {
    std::thread thread;
    std::unique_ptr<char[]> input;
    size_t size = 0;
    uint64_t sequence = 0;
    bool busy = false;                  // holds a block not written yet
    std::vector<unsigned char> output;  // the block as a gzip member
    z_stream zlib{};
    bool zlib_ready = false;
  };

  ProfileFileOut(std::string path, FILE* file, bool gzip);
  bool drain();  // hands the buffer to a worker; false once writing failed
  // Compresses (if gzip_) and writes a block: on a worker's thread, or on
  // the caller's when no thread could be started.
  void write_block(Worker& w, const char* data, size_t size, bool in_turn);
  void worker_loop(Worker& w);
  void start_workers();
  void stop_workers();
  void fail(int error) {
    int none = 0;
    error_.compare_exchange_strong(none, error, std::memory_order_relaxed);
  }

  std::string path_;
  FILE* file_ = nullptr;
  bool gzip_ = false;
  std::unique_ptr<char[]> buffer_;  // being filled
  std::vector<std::unique_ptr<Worker>> workers_;  // started with the first full buffer
  bool threads_failed_ = false;  // none could be: drain() writes itself, with self_
  Worker self_;
  std::mutex mutex_;
  std::condition_variable changed_;
  uint64_t handed_ = 0;   // blocks handed to workers
  uint64_t written_ = 0;  // blocks written, in order
  bool stopping_ = false;
  std::atomic<int> error_{0};  // errno of the first failure
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
  // The file's length when it is not gzip-compressed (read as it is), else
  // nullopt. Called before the first read.
  std::optional<uint64_t> plain_size();

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
