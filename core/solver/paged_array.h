// A growable array in fixed pages: push_back never moves what it holds, so
// a solve's arrays of hundreds of millions of entries grow without the
// doubling copy of std::vector (which holds the old and the new block at
// once, three times the data at its peak) and hold at most one page more
// than their entries.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace inchzero::solver {

template <typename T>
class PagedArray {
 public:
  static constexpr int kPageBits = 20;
  static constexpr size_t kPage = size_t{1} << kPageBits;

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  // Bytes held, whole pages included.
  size_t bytes() const { return pages_.size() * kPage * sizeof(T); }

  void push_back(const T& value) {
    if (size_ == pages_.size() * kPage) pages_.emplace_back(new T[kPage]);
    (*this)[size_++] = value;
  }
  // `count` entries, each `value`.
  void assign(size_t count, const T& value) {
    pages_.clear();
    size_ = 0;
    pages_.reserve(count / kPage + 1);
    for (size_t i = 0; i < count; ++i) push_back(value);
  }
  // The entries in runs of at most a page, in order: f(const T* data, size_t
  // count) for each (writing an array out without copying it).
  template <typename F>
  void for_each_run(F&& f) const {
    for (size_t p = 0; p * kPage < size_; ++p)
      f(pages_[p].get(), std::min(kPage, size_ - p * kPage));
  }
  // `count` entries after those there (a multiple of a page: an empty array),
  // a run of at most a page at a time, each filled by fill(T* data, size_t n)
  // (reading an array in).
  template <typename F>
  void append_runs(size_t count, F&& fill) {
    while (count > 0) {
      const size_t n = std::min(kPage, count);
      pages_.emplace_back(new T[kPage]);
      fill(pages_.back().get(), n);
      size_ += n;
      count -= n;
    }
  }
  T& operator[](size_t i) { return pages_[i >> kPageBits][i & (kPage - 1)]; }
  const T& operator[](size_t i) const { return pages_[i >> kPageBits][i & (kPage - 1)]; }

 private:
  std::vector<std::unique_ptr<T[]>> pages_;
  size_t size_ = 0;
};

}  // namespace inchzero::solver
