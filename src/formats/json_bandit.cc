// --json / --dsjson contextual-bandit events (json_bandit.h): one line, one
// multi-line example. parse() reads and checks the whole event into the
// kept examples (shared, then the actions); parse_pending() hands them out by
// swapping, so once the buffers have grown to the largest event nothing is
// allocated.
#include "learner/formats/json_bandit.h"

#include <simdjson.h>

#include <cmath>
#include <memory>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "dsjson_metrics.h"
#include "json_line.h"
#include "json_walker.h"
#include "label_text.h"
#include "learner/error.h"

namespace learner {
namespace {

bool bandit_iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    char x = a[i], y = b[i];
    if (x >= 'A' && x <= 'Z') x = static_cast<char>(x - 'A' + 'a');
    if (y >= 'A' && y <= 'Z') y = static_cast<char>(y - 'A' + 'a');
    if (x != y) return false;
  }
  return true;
}

// The logged action's label as read from the event's keys.
struct BanditLabel {
  bool has_index = false, has_cost = false, has_probability = false, has_action = false;
  uint64_t index = 0;
  float cost = 0.0f, probability = 0.0f;
  uint32_t action = 0;
};

class JsonBanditReader : public ExampleParser, public MetricsSource {
 public:
  JsonBanditReader(const ParseOptions& options, bool decision_service)
      : options_(options), decision_service_(decision_service), walker_(options_) {
    walker_.set_bandit(true);
  }

  bool parse(std::string_view line, Example& ex, const std::string& file, uint64_t line_no) const override {
    ex.clear();
    ex.line = line_no;
    lines_ = 0;
    next_ = 0;
    const LineContext ctx{file, line_no};
    ctx_ = &ctx;
    line = json_line_text(line, ctx);
    if (line.empty()) return false;
    if (decision_service_ && line[line.find_first_not_of(" \t")] != '{') return false;  // VW skips these
    try {
      const simdjson::dom::element doc = parse_json_line(line, parser_, buffer_, ctx);
      if (kind(doc) != JsonKind::kObject) ctx.fail("a JSON example is an object {...} on one line");
      try {
        if (!read_line(doc.get_object())) return false;
      } catch (const simdjson::simdjson_error& e) {  // not expected: every access is type-checked first
        const std::string where = walker_.path();
        ctx.fail("invalid JSON" + (where.empty() ? std::string() : " at " + where) + ": " + e.what());
      }
    } catch (const InputError&) {
      if (metrics_) metrics_->parse_error();
      throw;
    }
    std::swap(ex, examples_[0]);
    next_ = 1;
    return true;
  }

  bool pending() const override { return next_ > 0 && next_ <= lines_; }

  // --dsjson: the reader's counters (dsjson_metrics.h), once asked; --json keeps none.
  void collect() override {
    if (decision_service_ && !metrics_) metrics_ = std::make_unique<DsjsonMetrics>();
  }
  void write_metrics(MetricsSink& sink) const override {
    if (metrics_) metrics_->write_metrics(sink);
  }

  bool parse_pending(Example& ex) const override {
    if (next_ < lines_) {
      std::swap(ex, examples_[next_++]);
      return true;
    }
    ex.clear();  // the end of the group
    ex.line = examples_[0].line;
    next_ = 0;
    return false;
  }

 private:
  // The whole event into examples_[0, lines_); false: skipped.
  bool read_line(simdjson::dom::object root) const {
    label_ = BanditLabel{};
    walker_.begin(scratch_, *ctx_);
    if (!decision_service_) {
      read_label_keys(root);
      return read_context(root, false, 1.0f);
    }
    bool skip = false, has_actions = false;
    float pdrop = 0.0f, original_cost = 0.0f;
    uint64_t first_action = 0;
    std::string_view event_id, timestamp;
    simdjson::dom::element context;
    bool has_context = false;
    for (const simdjson::dom::key_value_pair& field : root) {
      const std::string_view key = field.key;
      const simdjson::dom::element value = field.value;
      walker_.push_key(key);
      if (key == "c") {
        if (kind(value) != JsonKind::kObject) walker_.fail("the context \"c\" must be an object");
        context = value;
        has_context = true;
      } else if (key == "_skipLearn") {
        if (kind(value) != JsonKind::kBool) walker_.fail("_skipLearn must be true or false");
        skip = skip || bool(value.get_bool());
      } else if (key == "a") {
        has_actions = read_ids(value, first_action);
      } else if (metrics_ && (key == "EventId" || key == "Timestamp")) {  // read for --extra_metrics only
        if (kind(value) == JsonKind::kString) (key == "EventId" ? event_id : timestamp) = value.get_string().value();
      } else if (metrics_ && key == "_original_label_cost") {
        if (kind(value) == JsonKind::kNumber) original_cost += static_cast<float>(double(value.get_double()));
      } else if (key == "p") {
        read_probabilities(value);
      } else if (key == "pdrop") {
        pdrop = read_number(value, "pdrop");
        if (!(pdrop >= 0.0f && pdrop < 1.0f))
          walker_.fail("pdrop (the probability that the event was dropped) must be in [0, 1): VW refuses 1");
      } else if (key == "_outcomes" || key == "_slots") {
        walker_.fail("CCB / slates content; --cb_adf reads contextual-bandit events");
      } else {
        read_label_key(key, value);
      }
      walker_.pop();
    }
    if (metrics_) metrics_->event(event_id, timestamp, original_cost, has_actions && first_action == 1);
    if (skip) {  // VW: _skipLearn, then no logged actions "a"
      if (metrics_) metrics_->skipped();
      return false;
    }
    if (!has_actions) {
      if (metrics_) metrics_->zero_actions();
      return false;
    }
    if (!has_context) walker_.fail("a decision-service event needs its context \"c\": {...}");
    walker_.push_key("c");
    read_label_keys(context.get_object());
    walker_.pop();
    return read_context(context.get_object(), true, 1.0f / (1.0f - pdrop));
  }

  // `context`'s members: the shared example, then one per "_multi" object.
  bool read_context(simdjson::dom::object context, bool nested, float importance) const {
    simdjson::dom::element multi;
    multi_path_.clear();
    if (nested) multi_path_.push_back("c");
    walker_.begin(scratch_, *ctx_);
    for (const std::string_view key : multi_path_) walker_.push_key(key);
    const bool has_multi = find_multi(context, multi);
    // Every slot first, so references into examples_ stay valid.
    const std::size_t lines = 1 + (has_multi && kind(multi) == JsonKind::kArray ? multi.get_array().size() : 0);
    if (examples_.size() < lines) examples_.resize(lines);
    Example& shared = example(0);
    walker_.begin(shared, *ctx_);
    if (nested) walker_.push_key("c");
    walker_.body(context);
    if (!has_multi)
      walker_.fail("a --cb_adf example needs \"_multi\": [{...}, ...], one object per action");
    walker_.begin(shared, *ctx_);
    for (const std::string_view key : multi_path_) walker_.push_key(key);
    if (kind(multi) != JsonKind::kArray) walker_.fail("_multi must be an array of objects, one per action");
    try {
      label_from_text("shared", options_, shared, *ctx_, label_scratch_);
    } catch (const InputError& e) {
      walker_.fail_with_path(e);
    }
    std::size_t n = 0;
    for (const simdjson::dom::element action : multi.get_array()) {
      walker_.push_index(static_cast<int64_t>(n));
      if (kind(action) != JsonKind::kObject) walker_.fail("an action of _multi must be an object");
      check_action(action.get_object());
      walker_.pop();
      ++n;
      Example& line = example(n);
      walker_.begin(line, *ctx_);
      for (const std::string_view key : multi_path_) walker_.push_key(key);
      walker_.push_index(static_cast<int64_t>(n - 1));
      walker_.body(action.get_object());
      line.importance = importance;
    }
    if (n == 0) walker_.fail("_multi has no action");
    shared.importance = importance;
    lines_ = n + 1;
    apply_label(n, nested);
    return true;
  }

  // The "_multi" member of `object` or of an object nested in it, as VW finds it at any depth (a
  // --json line of a decision-service event: "c":{"_multi":...}); its path goes to multi_path_.
  // Two are an error.
  bool find_multi(simdjson::dom::object object, simdjson::dom::element& multi) const {
    bool found = false;
    for (const simdjson::dom::key_value_pair& field : object) {
      const std::string_view key = field.key;
      if (key == "_multi") {
        if (found) {
          walker_.push_key(key);
          walker_.fail("a second _multi (one example has one list of actions)");
        }
        multi = field.value;
        multi_path_.push_back(key);
        found = true;
      } else if (kind(field.value) == JsonKind::kObject && !(key.size() > 0 && key[0] == '_')) {
        const std::size_t depth = multi_path_.size();
        multi_path_.push_back(key);
        walker_.push_key(key);
        simdjson::dom::element inner;
        if (find_multi(field.value.get_object(), inner)) {
          if (found) walker_.fail("a second _multi (one example has one list of actions)");
          multi = inner;
          found = true;
        } else {
          multi_path_.resize(depth);
        }
        walker_.pop();
      }
    }
    return found;
  }

  // An action holds no "_multi" and no label keys, at any depth.
  void check_action(simdjson::dom::object action) const {
    for (const simdjson::dom::key_value_pair& field : action) {
      const std::string_view key = field.key;
      walker_.push_key(key);
      if (key == "_multi") walker_.fail("_multi inside an action (nested _multi is not supported, as in VW)");
      if (bandit_iequals(key, "_labelIndex") || key.substr(0, 7) == "_label_" || key == "_label")
        walker_.fail(std::string(key) + " inside an action: the label belongs to the " +
                     (decision_service_ ? "event" : "example's top level") + " (_labelIndex picks the action)");
      if (kind(field.value) == JsonKind::kObject) check_action(field.value.get_object());
      walker_.pop();
    }
  }

  void apply_label(std::size_t actions, bool nested) const {
    const BanditLabel& l = label_;
    walker_.begin(scratch_, *ctx_);
    if (!l.has_cost && !l.has_probability) return;  // unlabelled (an index alone carries no label, as in VW)
    if (l.has_cost != l.has_probability)
      walker_.fail(l.has_cost ? "_label_cost without _label_probability (a logged action needs both)"
                              : "_label_probability without _label_cost (a logged action needs both)");
    if (!l.has_index)
      walker_.fail("_label_cost and _label_probability without _labelIndex (the logged action's place in _multi)");
    if (l.index >= actions) {
      walker_.push_key("_labelIndex");
      walker_.fail("_labelIndex " + std::to_string(l.index) + " is beyond the last action (" +
                   std::to_string(actions) + " in _multi, counted from 0)");
    }
    char text[80];
    std::snprintf(text, sizeof text, "%u:%.9g:%.9g", l.action, static_cast<double>(l.cost),
                  static_cast<double>(l.probability));
    Example& logged = examples_[l.index + 1];
    if (nested) walker_.push_key("c");
    walker_.push_key("_labelIndex");
    try {
      label_from_text(text, options_, logged, *ctx_, label_scratch_);
    } catch (const InputError& e) {
      walker_.fail_with_path(e);
    }
  }

  // The label keys of `object` and of the objects nested in it (VW reads them at any depth), the
  // actions of "_multi" excepted (check_action refuses them there).
  void read_label_keys(simdjson::dom::object object) const {
    for (const simdjson::dom::key_value_pair& field : object) {
      walker_.push_key(field.key);
      read_label_key(field.key, field.value);
      if (kind(field.value) == JsonKind::kObject && field.key != "_multi") read_label_keys(field.value.get_object());
      walker_.pop();
    }
  }

  // One key of the label (others are left alone); its path is pushed.
  void read_label_key(std::string_view key, simdjson::dom::element value) const {
    BanditLabel& l = label_;
    if (key == "_label")
      walker_.fail("a text or simple _label; a contextual-bandit event gives _labelIndex, _label_cost and "
                   "_label_probability");
    if (bandit_iequals(key, "_labelIndex")) {
      once(l.has_index);
      if (!(value.is_uint64() || (value.is_int64() && int64_t(value.get_int64()) >= 0)))
        walker_.fail("_labelIndex must be a non-negative integer (the logged action's place in _multi, from 0)");
      l.index = value.is_uint64() ? uint64_t(value.get_uint64()) : static_cast<uint64_t>(int64_t(value.get_int64()));
      return;
    }
    if (key.substr(0, 7) != "_label_") return;
    const std::string_view property = key.substr(7);
    if (bandit_iequals(property, "cost")) {
      once(l.has_cost);
      l.cost = read_number(value, "_label_cost");
    } else if (bandit_iequals(property, "probability")) {
      once(l.has_probability);
      l.probability = read_number(value, "_label_probability");
      if (!(l.probability >= 0.0f && l.probability <= 1.0f)) walker_.fail("a probability must be in [0, 1]");
    } else if (bandit_iequals(property, "action")) {
      once(l.has_action);
      const float a = read_number(value, "_label_Action");
      if (!(a >= 0.0f && a < 4294967296.0f)) walker_.fail("_label_Action must be a non-negative action id");
      l.action = static_cast<uint32_t>(a);
    } else {
      walker_.fail("unsupported label property of a contextual-bandit event (_label_cost, _label_probability, "
                   "_label_Action)");
    }
  }

  void once(bool& seen) const {
    if (seen) walker_.fail("the label property is given twice");
    seen = true;
  }

  float read_number(simdjson::dom::element value, const char* what) const {
    if (kind(value) != JsonKind::kNumber) walker_.fail(std::string(what) + " must be a number");
    const float f = static_cast<float>(double(value.get_double()));
    if (!std::isfinite(f)) walker_.fail(std::string(what) + " is not a finite float");
    return f;
  }

  // "a": the logged ranking's action ids; true when it holds any (the first one to `first`).
  bool read_ids(simdjson::dom::element value, uint64_t& first) const {
    if (kind(value) != JsonKind::kArray) walker_.fail("\"a\" must be an array of action ids");
    std::size_t n = 0;
    for (const simdjson::dom::element id : value.get_array()) {
      if (!(id.is_uint64() || (id.is_int64() && int64_t(id.get_int64()) >= 0))) {
        walker_.push_index(static_cast<int64_t>(n));
        walker_.fail("an action id must be a non-negative integer");
      }
      if (n == 0 && metrics_)  // --extra_metrics' baseline: the first id only
        first = id.is_uint64() ? uint64_t(id.get_uint64()) : static_cast<uint64_t>(int64_t(id.get_int64()));
      ++n;
    }
    return n > 0;
  }

  void read_probabilities(simdjson::dom::element value) const {
    if (kind(value) != JsonKind::kArray) walker_.fail("\"p\" must be an array of probabilities");
    int64_t i = 0;
    for (const simdjson::dom::element p : value.get_array()) {
      walker_.push_index(i++);
      const float f = read_number(p, "a probability");
      if (!(f >= 0.0f && f <= 1.0f)) walker_.fail("a probability must be in [0, 1]");
      walker_.pop();
    }
  }

  // The kept example `i` (examples_ already holds it), cleared, its capacity kept.
  Example& example(std::size_t i) const {
    Example& ex = examples_[i];
    ex.clear();
    ex.line = ctx_->line;
    return ex;
  }

  ParseOptions options_;
  bool decision_service_;
  mutable simdjson::dom::parser parser_;
  mutable std::string buffer_, label_scratch_;
  mutable JsonWalker walker_;
  mutable std::vector<Example> examples_;  // [0] shared, then the actions
  mutable Example scratch_;                // the walker's example while the event's own keys are read
  mutable BanditLabel label_;
  mutable std::size_t lines_ = 0, next_ = 0;
  mutable std::vector<std::string_view> multi_path_;  // the keys down to "_multi" (into parser_'s document)
  mutable const LineContext* ctx_ = nullptr;
  std::unique_ptr<DsjsonMetrics> metrics_;  // --dsjson with --extra_metrics (collect())
};

}  // namespace

std::unique_ptr<ExampleParser> make_json_bandit_reader(const ParseOptions& options, bool decision_service) {
  return std::make_unique<JsonBanditReader>(options, decision_service);
}

}  // namespace learner
