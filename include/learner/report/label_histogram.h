// The weighted distribution of the labels a run has seen, for the best
// constant (best_constant.h), in bounded memory and time per example.
//
// Contract:
//  * Exact while at most kExactLabels distinct labels have been seen (class
//    labels, ratings, counts): bins() is then every distinct label with its
//    summed importance, ascending.
//  * Past that (real-valued targets), a bounded summary: values are buffered
//    and, kBuffer at a time, merged with the bins and cut back to groups of
//    about 1/kBins of the total weight (at most 2 kBins groups; a label
//    heavier than that stays alone), each holding the weighted mean of its
//    values and their summed weight: an equal-weight histogram, so a
//    tau-quantile read from it is off by at most one group's mass.
//    exact() turns false.
//  * Always exact, whatever the mode: total weight, weighted mean and the
//    weighted sum of squared deviations (West's incremental update, Comm.
//    ACM 22(9), 1979: no cancellation), minimum and maximum.
//  * add() costs a lookup in a small direct-mapped table of recently met
//    labels (by the label's bits) and one comparison when the label is
//    there (a few distinct labels, as ratings or classes: always), a binary
//    search over at most kExactLabels bins otherwise; in the bounded
//    mode a buffer append and, every kBuffer values, one sort (O(log kBuffer)
//    per value amortized). Memory stays under kExactLabels + kBuffer bins.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace learner {

class LabelHistogram {
 public:
  static constexpr std::size_t kExactLabels = 4096;
  static constexpr std::size_t kBins = 1024;
  static constexpr std::size_t kBuffer = 8192;

  struct Bin {
    double value;
    double weight;
  };

  // importance > 0 (others are ignored).
  void add(double label, double importance);

  bool empty() const { return total_ == 0.0; }
  bool exact() const { return exact_; }
  double total() const { return total_; }
  double mean() const { return mean_; }
  // sum w (y - mean)^2 / sum w.
  double variance() const { return total_ > 0 ? deviations_ / total_ : 0.0; }
  double min() const { return min_; }
  double max() const { return max_; }
  // The bins, ascending by value (the buffer merged in, not cut back).
  std::vector<Bin> bins() const;

 private:
  void compress();  // bounded mode: buffer into bins, cut back to kBins

  bool exact_ = true;
  std::vector<Bin> bins_;     // ascending by value
  std::vector<Bin> buffer_;   // bounded mode: values not yet merged
  // Exact mode: recent_[key(label)] is 1 + the index of a bin met lately
  // (0: none); an entry is a hint, checked against the bin's value.
  static constexpr std::size_t kRecent = 64;
  std::array<uint32_t, kRecent> recent_{};
  double total_ = 0.0, mean_ = 0.0, deviations_ = 0.0;
  double min_ = 0.0, max_ = 0.0;
};

}  // namespace learner
