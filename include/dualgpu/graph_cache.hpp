// dualgpu/graph_cache.hpp: what makes two graph launches "the same", and a bounded
// least-recently-used cache of instantiated graphs. Backend-independent (no GPU runtime
// here), so it is unit-tested on the CPU; dualgpu/graph.hpp builds the launcher on it.
//
//   dualgpu::graph_key k;
//   k.shape(x.sizes()).param(eps).param(dtype_code)   // structure: changes need a new graph
//    .pointer(x_ptr).pointer(y_ptr);                  // addresses: an update can follow them
//   Two calls share a graph only when both parts are equal. When only the addresses differ,
//   the launcher may update an instantiated graph in place instead of instantiating a new one.
//
//   A key keeps up to 14 structure words and 12 addresses inline and its hash up to date as it
//   grows, so building, copying, hashing and comparing one on a cache hit never allocates.
//
//   dualgpu::lru_cache<K, V, Hash> c(capacity);  find(k) (marks used), insert(k, v) -> the
//   evicted values, rekey(old, new), find_oldest_if(pred), take_all(). Not thread-safe by
//   itself: the launcher holds a mutex around it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <initializer_list>
#include <list>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

namespace dualgpu {

namespace detail {

/// A short run of 64-bit words kept inline; past N words they move to the heap. Keys are built
/// on every launch(), so the common case must not allocate (the cache-hit budget is < 1 us).
template <std::size_t N>
class small_words {
 public:
  void push_back(std::uint64_t w) {
    if (size_ < N) {
      inline_[size_++] = w;
      return;
    }
    if (size_ == N) heap_.assign(inline_, inline_ + N);  // overflow: all words move together
    heap_.push_back(w);
    ++size_;
  }
  std::size_t size() const { return size_; }
  const std::uint64_t* data() const { return size_ <= N ? inline_ : heap_.data(); }
  bool operator==(const small_words& o) const {
    return size_ == o.size_ && std::memcmp(data(), o.data(), size_ * sizeof(std::uint64_t)) == 0;
  }

 private:
  std::uint64_t inline_[N] = {};  // zeroed: copies never read indeterminate values
  std::size_t size_ = 0;
  std::vector<std::uint64_t> heap_;  // empty (no allocation) until the inline words run out
};

// One splitmix64-style step: cheap and well spread; applied as each word is appended so that
// hash() on the hot path is O(1).
inline std::uint64_t mix_word(std::uint64_t h, std::uint64_t w) {
  h ^= w + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
  h ^= h >> 31;
  return h * 0xbf58476d1ce4e5b9ull;
}

}  // namespace detail

class graph_key {
 public:
  /// A value that changes what the graph is (a size, a flag, a scalar baked into a kernel).
  template <typename T>
  graph_key& param(const T& value) {
    static_assert(std::is_trivially_copyable<T>::value, "graph_key::param needs a trivially copyable value");
    add_structure(0x504152414dull ^ sizeof(T));  // tag + length: params of different sizes never alias
    const auto* bytes = reinterpret_cast<const unsigned char*>(&value);
    for (std::size_t i = 0; i < sizeof(T); i += 8) {
      std::uint64_t word = 0;
      std::memcpy(&word, bytes + i, sizeof(T) - i < 8 ? sizeof(T) - i : 8);
      add_structure(word);
    }
    return *this;
  }
  graph_key& shape(std::initializer_list<std::int64_t> dims) { return shape(dims.begin(), dims.size()); }
  graph_key& shape(const std::int64_t* dims, std::size_t n) {
    add_structure(0x5348415045ull ^ n);  // tag + rank: shapes (2,3)+(4) != (2)+(3,4)
    for (std::size_t i = 0; i < n; ++i) add_structure(static_cast<std::uint64_t>(dims[i]));
    return *this;
  }
  /// Anything with data() and size() of int64 (std::vector, c10::IntArrayRef).
  template <typename Dims, typename = decltype(std::declval<const Dims&>().data())>
  graph_key& shape(const Dims& dims) {
    return shape(reinterpret_cast<const std::int64_t*>(dims.data()), static_cast<std::size_t>(dims.size()));
  }
  /// An address the captured kernels read or write.
  graph_key& pointer(const void* p) {
    const auto w = static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(p));
    addresses_.push_back(w);
    address_hash_ = detail::mix_word(address_hash_, w);
    return *this;
  }

  /// The same key without its addresses: names the structure alone.
  graph_key structure_only() const {
    graph_key k;
    k.structure_ = structure_;
    k.structure_hash_ = structure_hash_;
    return k;
  }

  // The hashes are compared first: unequal keys almost always differ there, so a miss costs
  // no word-by-word comparison.
  bool same_structure(const graph_key& o) const {
    return structure_hash_ == o.structure_hash_ && structure_ == o.structure_;
  }
  bool operator==(const graph_key& o) const {
    return address_hash_ == o.address_hash_ && same_structure(o) && addresses_ == o.addresses_;
  }
  bool operator!=(const graph_key& o) const { return !(*this == o); }

  std::size_t structure_hash() const { return finish(structure_hash_, structure_.size()); }
  std::size_t hash() const { return finish(detail::mix_word(structure_hash_, address_hash_), addresses_.size()); }

 private:
  void add_structure(std::uint64_t w) {
    structure_.push_back(w);
    structure_hash_ = detail::mix_word(structure_hash_, w);
  }
  static std::size_t finish(std::uint64_t h, std::size_t n) {
    h ^= n * 0x94d049bb133111ebull;
    return static_cast<std::size_t>(h ^ (h >> 29));
  }

  // Inline room for a rank-4 shape plus five scalar params, and twelve pointers (a decode step
  // touches nine); more spills to
  // the heap and still works.
  detail::small_words<14> structure_;
  detail::small_words<12> addresses_;
  std::uint64_t structure_hash_ = 0x9e3779b97f4a7c15ull;
  std::uint64_t address_hash_ = 0x2545f4914f6cdd1dull;
};

/// Least-recently-used map with a fixed capacity; values are handed back on eviction so the
/// owner decides when it is safe to destroy them.
template <typename Key, typename Value, typename Hash = std::hash<Key>>
class lru_cache {
 public:
  explicit lru_cache(std::size_t capacity) : capacity_(capacity == 0 ? 1 : capacity) {}

  std::size_t size() const { return index_.size(); }
  std::size_t capacity() const { return capacity_; }

  /// The value for k, now the most recently used; nullptr when absent.
  Value* find(const Key& k) {
    auto it = index_.find(k);
    if (it == index_.end()) return nullptr;
    order_.splice(order_.begin(), order_, it->second);
    return &it->second->second;
  }

  /// Inserts (or replaces) k; returns what had to leave to stay within capacity.
  std::vector<Value> insert(const Key& k, Value v) {
    std::vector<Value> evicted;
    auto it = index_.find(k);
    if (it != index_.end()) {
      evicted.push_back(std::move(it->second->second));
      order_.erase(it->second);
      index_.erase(it);
    }
    order_.emplace_front(k, std::move(v));
    index_.emplace(k, order_.begin());
    while (index_.size() > capacity_) {
      auto last = std::prev(order_.end());
      evicted.push_back(std::move(last->second));
      index_.erase(last->first);
      order_.erase(last);
    }
    return evicted;
  }

  /// The least recently used entry whose key satisfies pred (linear: used only on a miss).
  template <typename Pred>
  const Key* find_oldest_if(Pred pred) const {
    for (auto it = order_.rbegin(); it != order_.rend(); ++it)
      if (pred(it->first)) return &it->first;
    return nullptr;
  }

  /// Moves old_key's value to new_key (e.g. after an in-place update); marks it used.
  /// Returns the value that new_key held before, if any.
  std::vector<Value> rekey(const Key& old_key, const Key& new_key) {
    auto it = index_.find(old_key);
    if (it == index_.end()) return {};
    Value v = std::move(it->second->second);
    order_.erase(it->second);
    index_.erase(it);
    return insert(new_key, std::move(v));
  }

  /// Empties the cache, handing every value back.
  std::vector<Value> take_all() {
    std::vector<Value> all;
    for (auto& kv : order_) all.push_back(std::move(kv.second));
    order_.clear();
    index_.clear();
    return all;
  }

 private:
  using entry = std::pair<Key, Value>;
  std::size_t capacity_;
  std::list<entry> order_;  // front = most recently used
  std::unordered_map<Key, typename std::list<entry>::iterator, Hash> index_;
};

}  // namespace dualgpu
