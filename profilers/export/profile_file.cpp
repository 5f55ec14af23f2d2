#include "profilers/export/profile_file.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>

#include <algorithm>
#include <string_view>
#include <system_error>

namespace minijvm::prof {

namespace {

constexpr size_t kBufferSize = 1 << 20;

bool ends_with(const std::string& s, std::string_view suffix) {
  return s.size() > suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

VmError io_error(const std::string& what, const std::string& path, int error) {
  return make_error("java/io/IOException", what + " " + path + ": " + std::strerror(error));
}

}  // namespace

bool is_gzip_path(const std::string& path) { return ends_with(path, ".gz") && !ends_with(path, ".pb.gz"); }

std::string without_gzip_suffix(const std::string& path) {
  return is_gzip_path(path) ? path.substr(0, path.size() - 3) : path;
}

// --- writing -------------------------------------------------------------------

Result<std::unique_ptr<ProfileFileOut>> ProfileFileOut::open(const std::string& path) {
  errno = 0;
  FILE* file = std::fopen(path.c_str(), "wb");
  if (file == nullptr) return io_error("cannot write profile to", path, errno);
  return std::unique_ptr<ProfileFileOut>(new ProfileFileOut(path, file, is_gzip_path(path)));
}

ProfileFileOut::ProfileFileOut(std::string path, FILE* file, bool gzip)
    : path_(std::move(path)), file_(file), gzip_(gzip), buffer_(new char[kBufferSize]) {
  setp(buffer_.get(), buffer_.get() + kBufferSize);
}

ProfileFileOut::~ProfileFileOut() {
  if (file_ != nullptr) (void)close();
}

void ProfileFileOut::write_block(Worker& w, const char* data, size_t size, bool in_turn) {
  if (gzip_ && error_.load(std::memory_order_relaxed) == 0) {
    // Level 1: profiles compress about 5x at it, at a hundred and more MB/s.
    z_stream& z = w.zlib;
    if (!w.zlib_ready) {
      w.zlib_ready = deflateInit2(&z, 1, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) == Z_OK;
      if (!w.zlib_ready) fail(ENOMEM);
    } else {
      deflateReset(&z);
    }
    if (w.zlib_ready) {
      w.output.resize(deflateBound(&z, static_cast<uLong>(size)));
      z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data));
      z.avail_in = static_cast<uInt>(size);
      z.next_out = w.output.data();
      z.avail_out = static_cast<uInt>(w.output.size());
      if (deflate(&z, Z_FINISH) != Z_STREAM_END) fail(EIO);
      w.output.resize(w.output.size() - z.avail_out);
      data = reinterpret_cast<const char*>(w.output.data());
      size = w.output.size();
    }
  }
  if (!in_turn) {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return written_ == w.sequence; });
  }
  if (error_.load(std::memory_order_relaxed) == 0 && std::fwrite(data, 1, size, file_) != size)
    fail(errno != 0 ? errno : EIO);
}

void ProfileFileOut::worker_loop(Worker& w) {
  std::unique_lock lock(mutex_);
  for (;;) {
    changed_.wait(lock, [&] { return w.busy || stopping_; });
    if (!w.busy) return;  // stopping, all written
    lock.unlock();
    write_block(w, w.input.get(), w.size, false);
    lock.lock();
    ++written_;
    w.busy = false;
    changed_.notify_all();
  }
}

void ProfileFileOut::start_workers() {
  // Compression is the slow part: two threads share it. Plain output
  // needs one, for the kernel's copy.
  size_t count = gzip_ ? 2 : 1;
  try {
    while (workers_.size() < count) {
      auto w = std::make_unique<Worker>();
      w->input.reset(new char[kBufferSize]);
      Worker* raw = w.get();
      w->thread = std::thread([this, raw] { worker_loop(*raw); });
      workers_.push_back(std::move(w));
    }
  } catch (const std::system_error&) {
    // No (more) threads to be had: the ones started do the work, or none.
  }
  threads_failed_ = workers_.empty();
}

bool ProfileFileOut::drain() {
  auto size = static_cast<size_t>(pptr() - pbase());
  if (size > 0) {
    if (workers_.empty() && !threads_failed_) start_workers();
    if (!workers_.empty()) {
      Worker& w = *workers_[handed_ % workers_.size()];
      std::unique_lock lock(mutex_);
      changed_.wait(lock, [&] { return !w.busy; });
      std::swap(buffer_, w.input);
      w.size = size;
      w.sequence = handed_++;
      w.busy = true;
      changed_.notify_all();
    } else {
      // The caller's own thread: blocks go out in order as they come.
      write_block(self_, buffer_.get(), size, true);
      ++handed_;
      ++written_;
    }
  }
  setp(buffer_.get(), buffer_.get() + kBufferSize);
  return error_.load(std::memory_order_relaxed) == 0;
}

ProfileFileOut::int_type ProfileFileOut::overflow(int_type c) {
  if (!drain()) return traits_type::eof();
  if (!traits_type::eq_int_type(c, traits_type::eof())) {
    *pptr() = traits_type::to_char_type(c);
    pbump(1);
  }
  return traits_type::not_eof(c);
}

std::streamsize ProfileFileOut::xsputn(const char* s, std::streamsize n) {
  // Through the buffer, a buffer's worth at a time: the workers own what
  // they were handed, and the caller may reuse `s` on return.
  std::streamsize done = 0;
  while (done < n) {
    if (pptr() == epptr() && !drain()) return done;
    auto chunk = std::min(n - done, static_cast<std::streamsize>(epptr() - pptr()));
    std::memcpy(pptr(), s + done, static_cast<size_t>(chunk));
    pbump(static_cast<int>(chunk));
    done += chunk;
  }
  return n;
}

int ProfileFileOut::sync() { return drain() ? 0 : -1; }

void ProfileFileOut::stop_workers() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    changed_.notify_all();
  }
  for (auto& w : workers_) {
    if (w->thread.joinable()) w->thread.join();
    if (w->zlib_ready) deflateEnd(&w->zlib);
  }
  workers_.clear();
}

Result<void> ProfileFileOut::close() {
  drain();
  // An empty compressed file is still gzip: one empty member.
  if (gzip_ && handed_ == 0) write_block(self_, buffer_.get(), 0, true);
  stop_workers();
  if (self_.zlib_ready) deflateEnd(&self_.zlib);
  self_.zlib_ready = false;
  int error = error_.load(std::memory_order_relaxed);
  if (std::fclose(file_) != 0 && error == 0) error = errno;
  file_ = nullptr;
  error_.store(error, std::memory_order_relaxed);
  if (error != 0) return io_error("error writing profile to", path_, error);
  return {};
}

// --- reading -------------------------------------------------------------------

Result<std::unique_ptr<ProfileFileIn>> ProfileFileIn::open(const std::string& path) {
  // gzread passes a file that is not gzip through as it is.
  gzFile gz = gzopen(path.c_str(), "rb");
  if (gz == nullptr) return io_error("cannot read", path, errno != 0 ? errno : ENOMEM);
  gzbuffer(gz, kBufferSize);
  return std::unique_ptr<ProfileFileIn>(new ProfileFileIn(path, gz));
}

std::optional<uint64_t> ProfileFileIn::plain_size() {
  struct stat st {};
  if (gzdirect(gz_) != 1 || stat(path_.c_str(), &st) != 0) return std::nullopt;
  return static_cast<uint64_t>(st.st_size);
}

ProfileFileIn::ProfileFileIn(std::string path, gzFile gz)
    : path_(std::move(path)), gz_(gz), front_(new char[kBufferSize]) {}

ProfileFileIn::~ProfileFileIn() {
  if (reader_.joinable()) {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
      changed_.notify_all();
    }
    reader_.join();
  }
  gzclose(gz_);
}

Result<size_t> ProfileFileIn::read_block(char* data) {
  int n = gzread(gz_, data, static_cast<unsigned>(kBufferSize));
  int code = Z_OK;
  const char* message = n < static_cast<int>(kBufferSize) ? gzerror(gz_, &code) : nullptr;
  // A short read with Z_BUF_ERROR: compressed data cut off mid-stream.
  if (n < 0 || code == Z_BUF_ERROR) {
    if (code == Z_ERRNO) return io_error("cannot read", path_, errno);
    // zlib's message starts with the path it was opened with.
    std::string_view why = message != nullptr ? message : "gzip error";
    if (why.substr(0, path_.size() + 2) == path_ + ": ") why.remove_prefix(path_.size() + 2);
    return make_error("java/io/IOException", "cannot read " + path_ + ": " + std::string(why));
  }
  return static_cast<size_t>(n);
}

void ProfileFileIn::reader_loop() {
  std::unique_lock lock(mutex_);
  for (;;) {
    changed_.wait(lock, [&] { return !back_ready_ || stopping_; });
    if (stopping_) return;
    lock.unlock();
    Result<size_t> n = read_block(back_.get());
    lock.lock();
    bool last = !n.ok() || *n == 0;
    back_result_ = std::move(n);
    back_ready_ = true;
    changed_.notify_all();
    if (last) return;
  }
}

bool ProfileFileIn::next_block() {
  if (!reader_.joinable() && back_ == nullptr) {
    back_.reset(new char[kBufferSize]);
    try {
      reader_ = std::thread([this] { reader_loop(); });
    } catch (const std::system_error&) {
      // No thread to be had: this thread reads each block itself.
    }
  }
  Result<size_t> n = size_t{0};
  if (reader_.joinable()) {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return back_ready_; });
    std::swap(front_, back_);
    n = std::move(back_result_);
    back_ready_ = false;
    changed_.notify_all();  // the reader goes on with the next block
  } else {
    n = read_block(front_.get());
  }
  front_at_ = 0;
  front_size_ = n.ok() ? *n : 0;
  if (!n.ok()) error_ = n.error();
  at_end_ = front_size_ == 0;
  return !at_end_;
}

Result<size_t> ProfileFileIn::read(char* data, size_t size) {
  if (error_) return *error_;
  if (front_at_ == front_size_ && (at_end_ || !next_block())) {
    if (error_) return *error_;
    return size_t{0};
  }
  size_t n = std::min(size, front_size_ - front_at_);
  std::memcpy(data, front_.get() + front_at_, n);
  front_at_ += n;
  return n;
}

}  // namespace minijvm::prof
