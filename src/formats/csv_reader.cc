// --csv: VW 9.11's CSV mode (csv_parser/src/parse_example_csv.cc), strict.
#include "learner/formats/csv_reader.h"

#include <cmath>

#include "csv_split.h"
#include "label_text.h"
#include "learner/error.h"
#include "learner/parse/hash.h"
#include "learner/parse/line_bytes.h"
#include "learner/parse/number.h"

namespace learner {
namespace {

std::string_view trim(std::string_view s, const char* chars) {
  const std::size_t b = s.find_first_not_of(chars);
  if (b == std::string_view::npos) return {};
  return s.substr(b, s.find_last_not_of(chars) - b + 1);
}

// --csv_ns_value "a:0.5,b:2,:8" -> (namespace, factor) pairs.
std::vector<std::pair<std::string, float>> parse_ns_values(std::string_view text) {
  std::vector<std::pair<std::string, float>> out;
  if (text.empty()) return out;
  std::size_t i = 0;
  for (;;) {
    const std::size_t comma = text.find(',', i);
    const std::string_view pair = text.substr(i, comma == std::string_view::npos ? std::string_view::npos : comma - i);
    const std::size_t colon = pair.rfind(':');
    float value = 0.0f;
    if (colon == std::string_view::npos || parse_number(pair.substr(colon + 1), value) != NumberStatus::kOk)
      throw UsageError("--csv_ns_value takes namespace:number pairs separated by ',' (e.g. a:0.5,:2), got '" +
                       std::string(pair) + "'");
    out.emplace_back(std::string(pair.substr(0, colon)), value);
    if (comma == std::string_view::npos) return out;
    i = comma + 1;
  }
}

class CsvReader : public ExampleParser {
 public:
  explicit CsvReader(const ParseOptions& options) : options_(options), ns_values_(parse_ns_values(options.csv.ns_value)) {
    if (options.csv.no_file_header && options.csv.header.empty())
      throw UsageError("--csv_no_file_header needs --csv_header (the column names)");
    if (!options.csv.header.empty()) {
      const std::string file = "--csv_header";
      const LineContext ctx{file, 0};
      split_csv(options.csv.header, ',', cells_, storage_, ctx);
      set_header(ctx);
    }
  }

  bool parse(std::string_view line, Example& ex, const std::string& file, uint64_t line_no) const override {
    ex.clear();
    ex.line = line_no;
    const LineContext ctx{file, line_no};
    line = trim(without_bom(line), "\r\n\f\v");  // VW's CSV trims these ends
    reject_control_bytes(line, ctx);
    const bool header_line = line_no == 1 && !options_.csv.no_file_header;
    if (line.empty()) ctx.fail(header_line ? "empty CSV header line" : "empty line in a CSV file");
    split_csv(line, options_.csv.separator, cells_, storage_, ctx);
    if (header_line && options_.csv.header.empty()) {
      set_header(ctx);
      return false;
    }
    if (columns_.empty()) ctx.fail("no CSV header before the first example");
    if (cells_.size() != columns_.size())
      ctx.fail("the line has " + std::to_string(cells_.size()) + " CSV columns, the header has " +
               std::to_string(columns_.size()));
    if (header_line) return false;  // the file's header, overridden by --csv_header
    example(ex, ctx);
    return true;
  }

 private:
  struct Column {
    std::string header;  // as written, for messages
    std::string name;    // feature name
    int ns = -1;         // index into namespaces_; -1 for _label and _tag
  };
  struct Namespace {
    std::string name;
    uint32_t hash;
    float scale = 1.0f;
    std::vector<std::size_t> columns;
  };

  void set_header(const LineContext& ctx) const {
    columns_.clear();
    namespaces_.clear();
    label_ = tag_ = -1;
    for (std::size_t c = 0; c < cells_.size(); ++c) {
      const std::string_view cell = cells_[c].text;
      Column& col = columns_.emplace_back();
      col.header.assign(cell);
      if (cell == "_label" || cell == "_tag") {
        int& slot = cell == "_label" ? label_ : tag_;
        if (slot >= 0) ctx.fail("two " + std::string(cell) + " columns in the CSV header");
        slot = static_cast<int>(c);
        continue;
      }
      const std::size_t bar = cell.find('|');
      if (bar != std::string_view::npos && cell.find('|', bar + 1) != std::string_view::npos)
        ctx.fail("CSV header cell " + std::to_string(c + 1) + " has more than one '|' (namespace|feature)", cell);
      const std::string_view ns = bar == std::string_view::npos ? std::string_view() : cell.substr(0, bar);
      col.name.assign(bar == std::string_view::npos ? cell : cell.substr(bar + 1));
      col.ns = namespace_index(ns);
      namespaces_[col.ns].columns.push_back(c);
    }
  }

  int namespace_index(std::string_view name) const {
    for (std::size_t i = 0; i < namespaces_.size(); ++i)
      if (namespaces_[i].name == name) return static_cast<int>(i);
    Namespace& ns = namespaces_.emplace_back();
    ns.name.assign(name);
    ns.hash = hash_namespace(name, options_.hash_seed, options_.hash_all);
    for (const auto& [n, v] : ns_values_)
      if (n == name) ns.scale = v;
    return static_cast<int>(namespaces_.size() - 1);
  }

  [[noreturn]] void fail_at(std::size_t c, const std::string& reason, std::string_view token,
                            const LineContext& ctx) const {
    ctx.fail("CSV column " + std::to_string(c + 1) + " '" + columns_[c].header + "': " + reason, token);
  }

  void example(Example& ex, const LineContext& ctx) const {
    if (label_ >= 0) {
      const std::string_view text = trim(cells_[label_].text, " \t");
      try {
        if (!text.empty()) label_from_text(text, options_, ex, ctx, scratch_);
      } catch (const InputError& e) {
        fail_at(label_, e.reason(), text, ctx);
      }
    }
    if (tag_ >= 0) {
      std::string_view tag = cells_[tag_].text;
      if (!tag.empty() && tag.front() == '\'') tag.remove_prefix(1);
      ex.tag.assign(tag);
    }
    for (const Namespace& ns : namespaces_) {
      const auto begin = static_cast<uint32_t>(ex.features.size());
      uint32_t anonymous = 0;
      for (std::size_t c : ns.columns) feature(c, ns, anonymous, ex, ctx);
      if (ex.features.size() == begin) continue;
      NamespaceSpan& span = ex.namespaces.emplace_back();
      span.name = ns.name;
      span.first = ns.name.empty() ? ' ' : ns.name[0];
      span.hash = ns.hash;
      span.begin = begin;
      span.end = static_cast<uint32_t>(ex.features.size());
    }
  }

  void feature(std::size_t c, const Namespace& ns, uint32_t& anonymous, Example& ex, const LineContext& ctx) const {
    const CsvCell& cell = cells_[c];
    const std::string& name = columns_[c].name;
    std::string_view text = cell.quoted ? cell.text : trim(cell.text, " \t");
    if (text.empty()) return;
    float value = 1.0f;
    bool is_string = cell.quoted;
    if (!is_string) {
      switch (parse_number(text, value)) {
        case NumberStatus::kOk: break;
        case NumberStatus::kNotANumber: is_string = true; break;
        case NumberStatus::kNonFinite: fail_at(c, "not a finite number", text, ctx);
        case NumberStatus::kOverflow: fail_at(c, std::string("number ") + kOverflowReason, text, ctx);
        default: fail_at(c, "malformed number (quote the cell to make it a string)", text, ctx);
      }
    }
    uint32_t index;
    if (is_string) {  // VW's chain hash, value 1 (not scaled)
      value = 1.0f;
      index = hash_feature(text, hash_feature(name, ns.hash, options_.hash_all), options_.hash_all);
    } else {
      index = name.empty() ? ns.hash + anonymous++ : hash_feature(name, ns.hash, options_.hash_all);
      value *= ns.scale;
      if (!std::isfinite(value)) fail_at(c, std::string("value times --csv_ns_value ") + kOverflowReason, text, ctx);
      if (value == 0.0f) return;
    }
    ex.features.push_back(Feature{value, index});
    if (options_.keep_tokens) {  // the text format's raw name (name:value): what --affix etc. read
      ex.tokens.append(name);
      ex.token_ends.push_back(static_cast<uint32_t>(ex.tokens.size()));
    }
    if (!options_.keep_names) return;
    std::string& n = ex.names.emplace_back();
    n.append(ns.name).append(1, '^').append(name);
    if (is_string) n.append(1, '^').append(text);
  }

  ParseOptions options_;
  std::vector<std::pair<std::string, float>> ns_values_;
  mutable std::vector<Column> columns_;
  mutable std::vector<Namespace> namespaces_;
  mutable int label_ = -1, tag_ = -1;
  mutable std::vector<CsvCell> cells_;
  mutable std::string storage_, scratch_;
};

}  // namespace

char csv_separator(std::string_view text) {
  char c = 0;
  if (text.size() == 1) c = text[0];
  else if (text == "\\t") c = '\t';
  else throw UsageError("--csv_separator takes one character (or \\t for a tab), got '" + std::string(text) + "'");
  if (c == '"' || c == '|' || c == ':')
    throw UsageError(std::string("--csv_separator cannot be '") + c + "' (reserved: \" | :)");
  const auto u = static_cast<unsigned char>(c);
  if ((u < 0x20 && c != '\t') || u >= 0x7f)
    throw UsageError("--csv_separator cannot be a control byte or a non-ASCII byte (one printable ASCII character, "
                     "or \\t)");
  if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '.' || c == '-' ||
      c == '+' || c == '_')
    throw UsageError(std::string("--csv_separator cannot be '") + c +
                     "': letters, digits, '.', '+', '-' and '_' occur in numbers, words and the _label/_tag "
                     "header (a separator is a mark such as , or ; or \\t)");
  return c;
}

std::unique_ptr<ExampleParser> make_csv_reader(const ParseOptions& options) {
  return std::make_unique<CsvReader>(options);
}

}  // namespace learner
