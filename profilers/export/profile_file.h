// The file a profile is written to or read from: buffered, and gzip-compressed
// when its name ends in ".gz" (profile.json.gz, profile.txt.gz, ...). Reading
// takes plain and gzip files alike.
#pragma once

#include <zlib.h>

#include <cstdio>
#include <memory>
#include <streambuf>
#include <string>

#include "vm/result.h"

namespace minijvm::prof {

// Whether `path` names a compressed profile (".gz", but not pprof's ".pb.gz",
// which is compressed by its own format).
bool is_gzip_path(const std::string& path);
// `path` without a ".gz" that is_gzip_path takes off.
std::string without_gzip_suffix(const std::string& path);

// A std::streambuf over a file being written; every exporter writes through
// one. close() reports the first error (java/io/IOException naming the path).
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
  bool drain();  // writes the buffer out; false on error
  bool write_out(const char* data, size_t size);

  std::string path_;
  FILE* file_ = nullptr;  // plain output, or
  gzFile gz_ = nullptr;   // compressed output
  std::unique_ptr<char[]> buffer_;
  int error_ = 0;  // errno of the first failure
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
