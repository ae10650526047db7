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

class graph_key {
 public:
  /// A value that changes what the graph is (a size, a flag, a scalar baked into a kernel).
  template <typename T>
  graph_key& param(const T& value) {
    static_assert(std::is_trivially_copyable<T>::value, "graph_key::param needs a trivially copyable value");
    append_bytes(structure_, &value, sizeof(T));
    return *this;
  }
  graph_key& shape(std::initializer_list<std::int64_t> dims) { return shape(dims.begin(), dims.size()); }
  graph_key& shape(const std::int64_t* dims, std::size_t n) {
    structure_.push_back(0x5348415045ull ^ n);  // tag + rank: shapes (2,3)+(4) != (2)+(3,4)
    for (std::size_t i = 0; i < n; ++i) structure_.push_back(static_cast<std::uint64_t>(dims[i]));
    return *this;
  }
  /// Anything with data() and size() of int64 (std::vector, c10::IntArrayRef).
  template <typename Dims, typename = decltype(std::declval<const Dims&>().data())>
  graph_key& shape(const Dims& dims) {
    return shape(reinterpret_cast<const std::int64_t*>(dims.data()), static_cast<std::size_t>(dims.size()));
  }
  /// An address the captured kernels read or write.
  graph_key& pointer(const void* p) {
    addresses_.push_back(static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(p)));
    return *this;
  }

  /// The same key without its addresses: names the structure alone.
  graph_key structure_only() const {
    graph_key k;
    k.structure_ = structure_;
    return k;
  }

  bool same_structure(const graph_key& o) const { return structure_ == o.structure_; }
  bool operator==(const graph_key& o) const { return structure_ == o.structure_ && addresses_ == o.addresses_; }
  bool operator!=(const graph_key& o) const { return !(*this == o); }

  std::size_t structure_hash() const { return hash_words(structure_, 0x9e3779b97f4a7c15ull); }
  std::size_t hash() const { return hash_words(addresses_, structure_hash()); }

 private:
  static void append_bytes(std::vector<std::uint64_t>& out, const void* data, std::size_t n) {
    out.push_back(0x504152414dull ^ n);  // tag + length: params of different sizes never alias
    const auto* bytes = static_cast<const unsigned char*>(data);
    for (std::size_t i = 0; i < n; i += 8) {
      std::uint64_t word = 0;
      std::memcpy(&word, bytes + i, n - i < 8 ? n - i : 8);
      out.push_back(word);
    }
  }
  static std::size_t hash_words(const std::vector<std::uint64_t>& words, std::uint64_t seed) {
    std::uint64_t h = seed ^ words.size();
    for (std::uint64_t w : words) {  // splitmix64-style mixing: cheap and well spread
      h ^= w + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
      h ^= h >> 31;
      h *= 0xbf58476d1ce4e5b9ull;
    }
    return static_cast<std::size_t>(h ^ (h >> 29));
  }

  std::vector<std::uint64_t> structure_;
  std::vector<std::uint64_t> addresses_;
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
