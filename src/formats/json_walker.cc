// The members of a VW JSON example, VW 9.11's way (json_parser/src/
// parse_example_json.cc: namespace_builder, DefaultState, ArrayState,
// TextState, LabelObjectState), written for simdjson's DOM API.
#include "json_walker.h"

#include <array>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "label_text.h"
#include "learner/error.h"
#include "learner/parse/hash_inline.h"

namespace learner {
namespace {


// The bytes _text's words care about, one table lookup a byte: blanks end a word, ':' and '|'
// become '_'.
constexpr unsigned kTextBlank = 1, kTextSpecial = 2;
constexpr std::array<uint8_t, 256> kTextByteClass = [] {
  std::array<uint8_t, 256> t{};
  t[' '] = t['\t'] = kTextBlank;
  t[':'] = t['|'] = kTextSpecial;
  return t;
}();
inline unsigned text_byte_class(char c) { return kTextByteClass[static_cast<unsigned char>(c)]; }

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    char x = a[i], y = b[i];
    if (x >= 'A' && x <= 'Z') x = static_cast<char>(x - 'A' + 'a');
    if (y >= 'A' && y <= 'Z') y = static_cast<char>(y - 'A' + 'a');
    if (x != y) return false;
  }
  return true;
}

const char* type_name(JsonKind t) {
  switch (t) {
    case JsonKind::kArray: return "an array";
    case JsonKind::kObject: return "an object";
    case JsonKind::kNumber: return "a number";
    case JsonKind::kString: return "a string";
    case JsonKind::kBool: return "a boolean";
    case JsonKind::kNull: return "null";
  }
  return "?";
}

// VW's contextual-bandit, CCB and slates keys inside an example.
bool is_bandit_key(std::string_view key) {
  for (const char* k : {"_multi", "_slots", "_graph", "_inc", "_a", "_p", "_slot_id", "_original_label_cost",
                        "_definitely_bad"})
    if (key == k) return true;
  return iequals(key, "__aid") || iequals(key, "_labelIndex");
}

// Label properties of VW's bandit labels (LabelObjectState).
bool is_bandit_property(std::string_view p) {
  return iequals(p, "Action") || iequals(p, "Cost") || iequals(p, "Probability") || iequals(p, "Pdf_value") ||
         (p.size() >= 2 && p.substr(0, 2) == "ca");
}

// A number element's value as simdjson's get_double() reads it, with that call inlined
// (flatten): GCC kept it out of line, a call per numeric member.
[[gnu::flatten]] inline double json_number(const simdjson::dom::element& e) { return e.get_double().value_unsafe(); }

}  // namespace

void JsonWalker::begin(Example& ex, const LineContext& ctx) {
  ex_ = &ex;
  ctx_ = &ctx;
  path_.clear();
  open_.clear();
  pending_ = PendingLabel{};
}

void JsonWalker::body(simdjson::dom::object body) {
  open("", " ");
  members(body);
  close();
}

std::string JsonWalker::path() const {
  std::string p;
  for (const Step& s : path_) {
    if (s.index >= 0) {
      p.push_back('[');
      p.append(std::to_string(s.index));
      p.push_back(']');
    } else {
      if (!p.empty()) p += '.';
      p.append(s.key);
    }
  }
  return p;
}

void JsonWalker::fail(const std::string& reason) const {
  const std::string where = path();
  throw InputError(ctx_->file, ctx_->line, where.empty() ? reason : where + ": " + reason);
}

void JsonWalker::fail_with_path(const std::exception& e) const {
  std::string what = e.what();
  const std::string prefix = ctx_->file + ":" + std::to_string(ctx_->line) + ": ";
  if (what.compare(0, prefix.size(), prefix) == 0) what.erase(0, prefix.size());
  fail(what);
}

void JsonWalker::members(simdjson::dom::object object) {
  for (const simdjson::dom::key_value_pair& field : object) member(field.key, field.value);
}

// The key goes on the path only where something can fail: numbers push it when they overflow,
// booleans, strings and nulls cannot fail.
void JsonWalker::member(std::string_view key, simdjson::dom::element value) {
  if (!key.empty() && key[0] == '_') {
    path_.push_back({key, -1});
    reserved(key, value);
    path_.pop_back();
    return;
  }
  const JsonKind type = kind(value);
  switch (type) {
    case JsonKind::kNumber: {
      const float f = static_cast<float>(json_number(value));  // a number: no error
      if (!std::isfinite(f)) {
        path_.push_back({key, -1});
        fail("feature value overflows a float (largest about 3.4e38)");
      }
      if (f != 0.0f) add(f, hash_feature_inline(key, open_.back().hash, options_.hash_all), key, {});
      break;
    }
    case JsonKind::kBool:
      if (value.get_bool().value_unsafe()) add(1.0f, hash_feature_inline(key, open_.back().hash, options_.hash_all), key, {});
      break;
    case JsonKind::kString:
      string_feature(key, value.get_string().value_unsafe());
      break;
    case JsonKind::kNull:
      break;
    case JsonKind::kObject:
      path_.push_back({key, -1});
      open(key, key);
      members(value.get_object().value_unsafe());
      close();
      path_.pop_back();
      break;
    case JsonKind::kArray:
      path_.push_back({key, -1});
      array(key, value.get_array().value_unsafe());
      path_.pop_back();
      break;
  }
}

void JsonWalker::reserved(std::string_view key, simdjson::dom::element value) {
  if (bandit_ && (key == "_multi" || key == "_a" || key == "_p" || key == "_original_label_cost" ||
                  key.substr(0, 6) == "_label"))
    return;  // read by the contextual-bandit reader (json_bandit.cc)
  if (key.substr(0, 6) == "_label") {
    if (key.size() == 6) return label(value);
    if (key[6] == '_') return label_property(key.substr(7), value);
    if (!iequals(key, "_labelIndex")) fail("unsupported key (VW's label keys are _label and _label_<property>)");
  }
  if (is_bandit_key(key))
    fail(bandit_ ? "CCB, slates or graph-feedback content; learner reads contextual-bandit events with _multi, "
                   "_labelIndex and _label_cost / _label_probability"
                 : "contextual-bandit, CCB or slates content: --cb_adf and --cb_explore_adf read contextual-bandit "
                   "events; other reductions read simple, multiclass and cost-sensitive labels");
  if (key == "_text") {
    if (kind(value) != JsonKind::kString) fail("_text must be a string, not " + std::string(type_name(kind(value))));
    return text(value.get_string());
  }
  if (iequals(key, "_tag")) {
    if (kind(value) != JsonKind::kString) fail("_tag must be a string, not " + std::string(type_name(kind(value))));
    const std::string_view tag = value.get_string();
    ex_->tag.append(tag);
    return;
  }
  // Any other "_..." key is ignored, as in VW.
}

void JsonWalker::array(std::string_view key, simdjson::dom::array array) {
  open(key, key);
  const uint32_t base = open_.back().hash;
  uint32_t k = 0;  // VW counts the numbers of the array, zeros included
  int64_t i = 0;
  for (simdjson::dom::element element : array) {
    path_.push_back({{}, i++});
    const JsonKind type = kind(element);
    switch (type) {
      case JsonKind::kNumber: {
        const float f = number(element, "array element");
        if (f != 0.0f) {
          if (options_.keep_names) {
            label_scratch_.assign(1, '[');
            label_scratch_.append(std::to_string(k)).push_back(']');
            add(f, base + k, label_scratch_, {}, true);
          } else {
            add(f, base + k, {}, {}, true);
          }
        }
        ++k;
        break;
      }
      case JsonKind::kNull:
        break;
      case JsonKind::kObject:
        open(key, key);
        members(element.get_object());
        close();
        break;
      default:
        fail("an array holds numbers, objects or nulls (VW), not " + std::string(type_name(type)));
    }
    path_.pop_back();
  }
  close();
}

void JsonWalker::text(std::string_view words) {
  const uint32_t ns = open_.back().hash;
  const std::size_t n = words.size();
  std::size_t i = 0;
  while (i < n) {
    while (i < n && text_byte_class(words[i]) == kTextBlank) ++i;
    const std::size_t start = i;
    unsigned special = 0;  // kTextSpecial: a ':' or '|', which the text format's name cannot hold
    for (unsigned c; i < n && (c = text_byte_class(words[i])) != kTextBlank; ++i) special |= c;
    if (i == start) break;
    // A word holding no ':' or '|' is its own feature name: hashed in place, not copied.
    std::string_view word = words.substr(start, i - start);
    if (special) {
      scratch_.assign(word);
      for (char& c : scratch_)
        if (c == ':' || c == '|') c = '_';
      word = scratch_;
    }
    add(1.0f, hash_feature_inline(word, ns, options_.hash_all), word, {});
  }
}

void JsonWalker::string_feature(std::string_view key, std::string_view value) {
  if (options_.ignored_json && options_.ignored_json->ignored(open_.back().name, key)) return;
  // Copied only when a byte must become '_'.
  bool special = false;
  for (const char c : value) special |= c == ' ' || c == '\t' || c == '|' || c == ':';
  if (special) {
    scratch_.assign(value);
    for (char& c : scratch_)
      if (c == ' ' || c == '\t' || c == '|' || c == ':') c = '_';
    value = scratch_;
  }
  const uint32_t ns = open_.back().hash;
  if (options_.chain_hash) {
    add(1.0f, hash_feature_inline(value, hash_feature_inline(key, ns, options_.hash_all), options_.hash_all), key, value);
  } else {
    concat_.assign(key);
    concat_.append(value);
    add(1.0f, hash_feature_inline(concat_, ns, options_.hash_all), concat_, {});
  }
}

float JsonWalker::number(simdjson::dom::element value, const char* what) {
  const double d = value.get_double();
  const float f = static_cast<float>(d);
  if (!std::isfinite(f)) fail(std::string(what) + " overflows a float (largest about 3.4e38)");
  return f;
}

void JsonWalker::label(simdjson::dom::element value) {
  // One label per example: VW keeps the last of several silently.
  if (pending_.label_key || pending_.any)
    fail("the label is given twice (once per example: one \"_label\", or \"_label_<property>\" keys, each once)");
  const JsonKind type = kind(value);
  if (type != JsonKind::kObject) pending_.label_key = true;  // an object's properties are read first
  switch (type) {
    case JsonKind::kNumber:
      try {
        label_from_number(value.get_double(), options_, *ex_, *ctx_, label_scratch_);
      } catch (const InputError& e) {
        fail_with_path(e);
      }
      return;
    case JsonKind::kString:
      try {
        label_from_text(value.get_string(), options_, *ex_, *ctx_, label_scratch_);
      } catch (const InputError& e) {
        fail_with_path(e);
      }
      return;
    case JsonKind::kObject:
      if (options_.labels != LabelFormat::kSimple)
        fail("a label object {\"Label\", \"Weight\", \"Initial\"} is a simple label; give this label as a string");
      label_object(value.get_object());
      pending_.label_key = true;
      return;
    case JsonKind::kNull:
      return;
    default:
      fail("_label must be a number, a string or an object, not " + std::string(type_name(type)));
  }
}

void JsonWalker::label_object(simdjson::dom::object object) {
  for (const simdjson::dom::key_value_pair& field : object) {
    const std::string_view key = field.key;
    path_.push_back({key, -1});
    label_property(key, field.value);
    path_.pop_back();
  }
}

void JsonWalker::label_property(std::string_view property, simdjson::dom::element value) {
  if (is_bandit_property(property))
    fail("a contextual-bandit label property: --cb_adf and --cb_explore_adf read these; other reductions read "
         "simple, multiclass and cost-sensitive labels");
  float* slot = iequals(property, "Label")     ? &pending_.label
                : iequals(property, "Weight")  ? &pending_.weight
                : iequals(property, "Initial") ? &pending_.initial
                                               : nullptr;
  if (slot == nullptr) fail("unsupported label property (VW's simple label object has Label, Weight, Initial)");
  const unsigned bit = slot == &pending_.label ? 1u : slot == &pending_.weight ? 2u : 4u;
  if (pending_.label_key || (pending_.given & bit) != 0)
    fail("the label is given twice (once per example: one \"_label\", or \"_label_<property>\" keys, each once)");
  pending_.given |= bit;
  if (options_.labels != LabelFormat::kSimple)
    fail("label properties (Label, Weight, Initial) make a simple label; give this label as a string");
  if (kind(value) != JsonKind::kNumber)
    fail("a label property must be a number, not " + std::string(type_name(kind(value))));
  *slot = number(value, "label property");
  if (slot == &pending_.label) pending_.has_label = true;
  pending_.any = true;
}

void JsonWalker::finish() {
  if (!pending_.any) return;
  if (!pending_.has_label) {  // VW: an unlabeled example keeps its weight and initial prediction
    ex_->base = pending_.initial;
    return;
  }
  char text[96];
  std::snprintf(text, sizeof text, "%.9g %.9g %.9g", static_cast<double>(pending_.label),
                static_cast<double>(pending_.weight), static_cast<double>(pending_.initial));
  path_.clear();
  path_.push_back({"_label", -1});
  try {
    label_from_text(text, options_, *ex_, *ctx_, label_scratch_);
  } catch (const InputError& e) {
    fail_with_path(e);
  }
}

void JsonWalker::open(std::string_view name, std::string_view hashed) {
  if (!open_.empty()) end_run();
  open_.push_back({name, hash_feature_inline(hashed, options_.hash_seed, options_.hash_all),
                   static_cast<uint32_t>(ex_->features.size())});
}

void JsonWalker::close() {
  end_run();
  open_.pop_back();
  if (!open_.empty()) open_.back().begin = static_cast<uint32_t>(ex_->features.size());
}

void JsonWalker::end_run() {
  Open& top = open_.back();
  const auto end = static_cast<uint32_t>(ex_->features.size());
  if (end > top.begin) {
    NamespaceSpan& span = ex_->namespaces.emplace_back();
    span.name.assign(top.name);
    span.first = top.name.empty() ? ' ' : top.name[0];
    span.hash = top.hash;
    span.begin = top.begin;
    span.end = end;
  }
  top.begin = end;
}

void JsonWalker::add_names(std::string_view feature, std::string_view string_value, bool anonymous) {
  if (options_.keep_tokens) {  // the text format's raw name: what --affix, --spelling, --dictionary read
    if (!anonymous) ex_->tokens.append(feature);
    ex_->token_ends.push_back(static_cast<uint32_t>(ex_->tokens.size()));
  }
  if (!options_.keep_names) return;
  std::string& name = ex_->names.emplace_back();
  if (!open_.back().name.empty()) name.append(open_.back().name).append(1, '^');  // VW: "f", not "^f", at the top level
  name.append(feature);
  if (!string_value.empty()) name.append(1, '^').append(string_value);
}

}  // namespace learner
