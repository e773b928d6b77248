// --json / --dsjson: one line, one JSON object, parsed and validated by
// simdjson's DOM parser (it picks the CPU's fastest kernel at run time; the
// On-Demand API would pick at compile time, i.e. the portable fallback for a
// generic x86-64 build), then walked by JsonWalker. The line is copied into a
// padded buffer: simdjson reads up to SIMDJSON_PADDING bytes past the end.
// Concurrent (issue 32): each thread parses with a simdjson parser, buffer and
// walker of its own (PerThread), so --threads parses JSON on the parser
// threads as it does text.
#include "json_reader.h"

#include <simdjson.h>

#include <string>

#include "json_line.h"
#include "json_walker.h"
#include "per_thread.h"
#include "learner/error.h"

namespace learner {
namespace {

// One thread's scratch: kept from line to line (the parser's capacity, the walker's stacks).
struct JsonScratch {
  explicit JsonScratch(const ParseOptions& options) : walker(options) {}
  simdjson::dom::parser parser;
  std::string buffer;
  JsonWalker walker;
};

class JsonReader : public ExampleParser {
 public:
  JsonReader(const ParseOptions& options, bool decision_service)
      : options_(options),
        decision_service_(decision_service),
        scratch_([this] { return std::make_unique<JsonScratch>(options_); }) {}

  bool concurrent() const override { return true; }

  bool parse(std::string_view line, Example& ex, const std::string& file, uint64_t line_no) const override {
    JsonScratch& s = scratch_.get();
    JsonWalker& walker = s.walker;
    ex.clear();
    ex.line = line_no;
    const LineContext ctx{file, line_no};
    line = json_line_text(line, ctx);
    if (line.empty()) return false;
    walker.begin(ex, ctx);
    const simdjson::dom::element doc = parse_json_line(line, s.parser, s.buffer, ctx);
    if (kind(doc) != JsonKind::kObject) ctx.fail("a JSON example is an object {...} on one line");
    bool keep = true;
    try {
      if (decision_service_) {
        keep = event(doc.get_object(), walker);
      } else {
        walker.body(doc.get_object());
      }
    } catch (const simdjson::simdjson_error& e) {  // not expected: every access is type-checked first
      const std::string where = walker.path();
      ctx.fail("invalid JSON" + (where.empty() ? std::string() : " at " + where) + ": " + e.what());
    }
    walker.finish();
    return keep;
  }

 private:
  // A decision-service event: "c" holds the example; see json_reader.h.
  static bool event(simdjson::dom::object root, JsonWalker& walker) {
    bool keep = true;
    for (const simdjson::dom::key_value_pair& field : root) {
      const std::string_view key = field.key;
      const simdjson::dom::element value = field.value;
      walker.push_key(key);
      if (key == "c") {
        if (kind(value) != JsonKind::kObject) walker.fail("the context \"c\" must be an object");
        walker.body(value.get_object());
      } else if (key == "_label") {
        walker.label(value);
      } else if (key.substr(0, 7) == "_label_") {
        walker.label_property(key.substr(7), value);
      } else if (key == "_skipLearn") {
        if (kind(value) != JsonKind::kBool) walker.fail("_skipLearn must be true or false");
        if (bool(value.get_bool())) keep = false;
      } else if (key == "a" || key == "p" || key == "_p" || key == "o" || key == "pdf" || key == "_outcomes" ||
                 key == "_ba" || key == "_labelIndex") {
        walker.fail(
            "contextual-bandit content: --cb_adf and --cb_explore_adf read these events; with other reductions "
            "--dsjson reads events with a simple label (\"c\", \"_label\")");
      }
      walker.pop();
    }
    return keep;
  }

  ParseOptions options_;
  bool decision_service_;
  PerThread<JsonScratch> scratch_;
};

}  // namespace

std::unique_ptr<ExampleParser> make_json_reader(const ParseOptions& options, bool decision_service) {
  return std::make_unique<JsonReader>(options, decision_service);
}

}  // namespace learner
