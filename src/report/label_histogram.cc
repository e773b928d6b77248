#include "learner/report/label_histogram.h"

#include <algorithm>
#include <bit>
#include <iterator>

namespace learner {
namespace {

// The slot of `label` in LabelHistogram::recent_ (64 entries): the top bits
// of its bits times a golden-ratio constant (Knuth's multiplicative hash).
std::size_t recent_key(double label) { return (std::bit_cast<uint64_t>(label) * 0x9E3779B97F4A7C15ull) >> 58; }

bool by_value(const LabelHistogram::Bin& a, const LabelHistogram::Bin& b) { return a.value < b.value; }

// Sorted merge of two ascending runs, equal values summed.
std::vector<LabelHistogram::Bin> merged(const std::vector<LabelHistogram::Bin>& a,
                                        std::vector<LabelHistogram::Bin> b) {
  std::sort(b.begin(), b.end(), by_value);
  std::vector<LabelHistogram::Bin> all;
  all.reserve(a.size() + b.size());
  std::merge(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(all), by_value);
  std::vector<LabelHistogram::Bin> out;
  out.reserve(all.size());
  for (const LabelHistogram::Bin& bin : all) {
    if (!out.empty() && out.back().value == bin.value)
      out.back().weight += bin.weight;
    else
      out.push_back(bin);
  }
  return out;
}

}  // namespace

void LabelHistogram::add(double label, double importance) {
  if (!(importance > 0)) return;
  // West (1979): weighted running mean and sum of squared deviations.
  if (total_ == 0.0) {
    min_ = max_ = label;
  } else {
    min_ = std::min(min_, label);
    max_ = std::max(max_, label);
  }
  total_ += importance;
  const double delta = label - mean_;
  mean_ += delta * importance / total_;
  deviations_ += importance * delta * (label - mean_);

  if (!exact_) {
    buffer_.push_back({label, importance});
    if (buffer_.size() >= kBuffer) compress();
    return;
  }
  uint32_t& recent = recent_[recent_key(label)];
  if (recent != 0 && bins_[recent - 1].value == label) {
    bins_[recent - 1].weight += importance;
    return;
  }
  const auto it = std::lower_bound(bins_.begin(), bins_.end(), Bin{label, 0.0}, by_value);
  if (it != bins_.end() && it->value == label) {
    it->weight += importance;
    recent = static_cast<uint32_t>(it - bins_.begin()) + 1;
    return;
  }
  if (bins_.size() < kExactLabels) {
    // The bins after the new one move: their entries in recent_ then miss (the value check) until met again.
    const auto at = bins_.insert(it, Bin{label, importance});  // before begin(): insert may reallocate
    recent = static_cast<uint32_t>(at - bins_.begin()) + 1;
    return;
  }
  // One distinct label too many: the bounded summary from here on.
  exact_ = false;
  buffer_.reserve(kBuffer);
  buffer_.push_back({label, importance});
  compress();
}

void LabelHistogram::compress() {
  std::vector<Bin> all = merged(bins_, std::move(buffer_));
  buffer_.clear();
  if (all.size() <= kBins) {
    bins_ = std::move(all);
    return;
  }
  // Cut into about kBins groups of equal weight; a bin heavier than a group
  // stays alone (no label's weight is ever split).
  double weight = 0.0;
  for (const Bin& b : all) weight += b.weight;
  const double per_bin = weight / static_cast<double>(kBins);
  bins_.clear();
  double group_weight = 0.0, group_sum = 0.0;
  for (const Bin& b : all) {
    if (group_weight > 0.0 && group_weight + b.weight > per_bin) {
      bins_.push_back({group_sum / group_weight, group_weight});
      group_weight = group_sum = 0.0;
    }
    group_weight += b.weight;
    group_sum += b.weight * b.value;
  }
  if (group_weight > 0.0) bins_.push_back({group_sum / group_weight, group_weight});
}

std::vector<LabelHistogram::Bin> LabelHistogram::bins() const {
  if (buffer_.empty()) return bins_;
  return merged(bins_, buffer_);
}

}  // namespace learner
