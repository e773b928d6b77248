// Interaction files for top-N recommendation (learner-topn): one observed
// user-item pair a line, a rating and a timestamp optional:
//
//   blanks  user item [rating [timestamp [...]]]      tabs and/or spaces (MovieLens 100K u.data)
//   dcolon  user::item[::rating[::timestamp]]          (MovieLens 1M ratings.dat)
//   csv     user,item[,rating[,timestamp]]             a first line whose third field is not a
//                                                      number is a header and skipped
//
//  * The format is decided from the first line: "::" -> dcolon, else a tab or a space ->
//    blanks, else a comma -> csv. A trailing '\r' is stripped; an empty line is an error.
//  * Ids are kept as written (IdMap: dense indices 0.. in order of first appearance), so
//    every output names users and items as the input did.
//  * A missing rating is 1 (implicit feedback); a missing timestamp is the line number.
//  * A rating or timestamp that is not a finite number is an InputError "<file>:<line>: ...".
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace learner::topn {

// Names <-> dense indices, in order of first appearance.
class IdMap {
 public:
  uint32_t intern(std::string_view name);
  // The index of `name`, or kNone.
  uint32_t find(std::string_view name) const;
  const std::string& name(uint32_t index) const { return names_[index]; }
  std::size_t size() const { return names_.size(); }
  static constexpr uint32_t kNone = 0xffffffffu;

 private:
  std::vector<std::string> names_;
  std::unordered_map<std::string, uint32_t> index_;
};

struct Interaction {
  uint32_t user, item;
  float rating;
  double time;
};

// Users, items and the interactions read so far. Reading a second file into
// the same set (a test after its training file) keeps the indices of known
// ids and gives new ids the next indices.
struct InteractionSet {
  IdMap users, items;
  std::vector<Interaction> rows;
};

// Appends the interactions of `path` ("-" for stdin; plain or gzip) to `set`.
// Every line of a file carries the columns of its first data line (up to four read: a
// missing rating reads 1, a missing time the line number, so a mix is refused).
// Throws learner::InputError on a malformed line, learner::Error if unreadable.
void read_interactions(const std::string& path, InteractionSet& set);
// The same from in-memory text (tests).
void read_interactions_text(const std::string& text, InteractionSet& set, const std::string& name = "<text>");

// Each user's distinct items, sorted (compressed rows). Items with index >=
// n_items and rows with rating < min_rating are left out.
class UserItems {
 public:
  UserItems() = default;
  UserItems(std::size_t n_users, std::size_t n_items, std::span<const Interaction> rows,
            float min_rating = -3.4e38f);
  std::span<const uint32_t> items(uint32_t user) const {
    if (user + 1 >= offsets_.size()) return {};
    return {items_.data() + offsets_[user], items_.data() + offsets_[user + 1]};
  }
  bool contains(uint32_t user, uint32_t item) const;
  std::size_t users() const { return offsets_.empty() ? 0 : offsets_.size() - 1; }
  std::size_t items_count() const { return n_items_; }
  std::size_t pairs() const { return items_.size(); }

 private:
  std::vector<std::size_t> offsets_;
  std::vector<uint32_t> items_;
  std::size_t n_items_ = 0;
};

}  // namespace learner::topn
