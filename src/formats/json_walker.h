// Reads one VW JSON example body (the object of a --json line, or a --dsjson
// event's "c") into an Example: namespaces, features, _label, _tag, _text, as
// described in json_reader.h, from simdjson's DOM. Private to
// the formats stage.
//
// The walker keeps the JSON path of the member being read (a stack of keys and
// array indices), so every error names where it happened: fail() throws
// InputError("<file>:<line>: <path>: <reason>"). Its buffers keep their
// capacity from example to example.
#pragma once

#include <simdjson.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "learner/example.h"
#include "learner/parse/parse_detail.h"

namespace learner {

enum class JsonKind { kNumber, kString, kBool, kNull, kObject, kArray };
[[gnu::always_inline]] inline JsonKind kind(const simdjson::dom::element& e) {
  switch (e.type()) {
    case simdjson::dom::element_type::ARRAY: return JsonKind::kArray;
    case simdjson::dom::element_type::OBJECT: return JsonKind::kObject;
    case simdjson::dom::element_type::STRING: return JsonKind::kString;
    case simdjson::dom::element_type::BOOL: return JsonKind::kBool;
    case simdjson::dom::element_type::NULL_VALUE: return JsonKind::kNull;
    default: return JsonKind::kNumber;  // INT64, UINT64, DOUBLE
  }
}

class JsonWalker {
 public:
  explicit JsonWalker(const ParseOptions& options) : options_(options) {}

  // Starts an example: `ex` (already cleared) receives what the walk finds.
  void begin(Example& ex, const LineContext& ctx);
  // The members of `body` as the default namespace (hash of " ", as VW).
  void body(simdjson::dom::object body);
  // A "_label" value (also a dsjson event's), and a "_label_<property>" value.
  void label(simdjson::dom::element value);
  void label_property(std::string_view property, simdjson::dom::element value);
  // Ends the example: applies the label properties read (Label, Weight, Initial).
  void finish();

  // The path stack: callers reading their own keys (the dsjson event) push them.
  void push_key(std::string_view key) { path_.push_back({key, -1}); }
  void push_index(int64_t index) { path_.push_back({{}, index}); }
  // Contextual-bandit examples (json_bandit.h): the keys its reader reads
  // itself ("_multi", "_labelIndex", "_label*", "_a", "_p",
  // "_original_label_cost") are passed over instead of refused.
  void set_bandit(bool bandit) { bandit_ = bandit; }
  void pop() { path_.pop_back(); }
  std::string path() const;
  [[noreturn]] void fail(const std::string& reason) const;
  // Rethrows an InputError raised by the shared label grammar with the path added.
  [[noreturn]] void fail_with_path(const std::exception& e) const;

 private:
  struct Step {
    std::string_view key;
    int64_t index;  // >= 0: an array element
  };
  struct Open {
    std::string_view name;
    uint32_t hash;
    uint32_t begin;  // first feature of the namespace's current run
  };

  void members(simdjson::dom::object object);
  void member(std::string_view key, simdjson::dom::element value);
  void reserved(std::string_view key, simdjson::dom::element value);
  void array(std::string_view key, simdjson::dom::array array);
  void text(std::string_view words);
  void string_feature(std::string_view key, std::string_view value);
  void label_object(simdjson::dom::object object);
  float number(simdjson::dom::element value, const char* what);

  // A namespace named `name` whose hash is VW's hash of `hashed` (" " for the top level).
  void open(std::string_view name, std::string_view hashed);
  void close();
  void end_run();  // the open namespace's features so far become one NamespaceSpan
  // One feature of the open namespace. With ParseOptions::keep_tokens its raw
  // name `feature` (empty for an `anonymous` array element) is kept for
  // --affix, --spelling and --dictionary, as the text parser keeps the text
  // before ':'.
  // Inline: once per feature, most runs keep neither tokens nor names.
  [[gnu::always_inline]] void add(float value, uint32_t index, std::string_view feature,
                                  std::string_view string_value, bool anonymous = false) {
    ex_->features.push_back(Feature{value, index});
    if (options_.keep_tokens || options_.keep_names) add_names(feature, string_value, anonymous);
  }
  // add()'s raw token (keep_tokens) and audit name (keep_names) of the feature just added.
  void add_names(std::string_view feature, std::string_view string_value, bool anonymous);

  struct PendingLabel {
    float label = 0.0f, weight = 1.0f, initial = 0.0f;
    bool has_label = false, any = false;
    bool label_key = false;  // a "_label" key was read (the example's one label)
    unsigned given = 0;      // the properties read: bit 0 Label, 1 Weight, 2 Initial
  };

  const ParseOptions& options_;
  bool bandit_ = false;
  Example* ex_ = nullptr;
  const LineContext* ctx_ = nullptr;
  std::vector<Step> path_;
  std::vector<Open> open_;
  PendingLabel pending_;
  std::string scratch_, concat_, label_scratch_;
};

}  // namespace learner
