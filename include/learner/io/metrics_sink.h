// The object --extra_metrics FILE writes (VW 9.11.2's metric_sink and its
// JSON writer, reductions/metrics.cc): named counts, numbers and texts, and
// named blocks (a reduction's own object). Each stage that keeps VW metrics
// (the --dsjson reader, the ADF explorers, the run's call counts) is a
// MetricsSource; the driver asks each source of the run to write into one
// sink and writes its json() through OutputFile.
//
// Layout, as VW's writer gives it: the counts, then the numbers, the texts
// and the blocks, each kind in key order. A number is VW's float written as
// a double, shortest round-trip text with ".0" for a whole number
// ("12.0", "0.10000000149011612"); a non-finite one is written null (VW's
// writer has no text for it). Texts are JSON-escaped. Setting a key again
// replaces its value; block() returns the block of that name, created empty.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>

namespace learner {

class MetricsSink {
 public:
  MetricsSink();
  ~MetricsSink();
  MetricsSink(MetricsSink&&) noexcept;
  MetricsSink& operator=(MetricsSink&&) noexcept;

  void set_count(const std::string& key, uint64_t value) { counts_[key] = value; }
  void set_number(const std::string& key, float value) { numbers_[key] = value; }
  void set_text(const std::string& key, std::string value) { texts_[key] = std::move(value); }
  MetricsSink& block(const std::string& key);
  bool empty() const { return counts_.empty() && numbers_.empty() && texts_.empty() && blocks_.empty(); }
  // The object as one line of JSON (no newline).
  std::string json() const;

 private:
  void append_json(std::string& out) const;

  std::map<std::string, uint64_t> counts_;
  std::map<std::string, float> numbers_;
  std::map<std::string, std::string> texts_;
  std::map<std::string, std::unique_ptr<MetricsSink>> blocks_;
};

// A stage that contributes to --extra_metrics: writes its keys (or its block)
// into `sink` at the end of the run.
class MetricsSource {
 public:
  virtual ~MetricsSource() = default;
  // Called before the run when --extra_metrics is given: a source on a hot
  // path (the --dsjson reader) counts only once asked.
  virtual void collect() {}
  virtual void write_metrics(MetricsSink& sink) const = 0;
};

}  // namespace learner
