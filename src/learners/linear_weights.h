// Private to src/learners: the flat weight array of the linear learners,
// with VW's sub-model interleaving and the lazy averaging sums of
// linear_learner.h. No allocation per example once the gradient scratch has
// reached the largest example's size.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "learner/learner.h"

namespace learner::detail {

class LinearWeights {
 public:
  LinearWeights(uint32_t bits, uint32_t sub_models, bool averaged);

  uint64_t slot(uint32_t h, uint32_t sub_model) const {
    return (static_cast<uint64_t>(h) * k_ + sub_model) & mask_;
  }
  // base + sum_c s_c w_c.x with the current weights, or with the average.
  double predict(const Example& ex, const std::vector<Feature>& x, Parts parts, bool average) const;
  // Builds g = sum_c s_c x at sub-model c, merged per slot, in the scratch;
  // returns |g|^2.
  double gradient(const std::vector<Feature>& x, Parts parts);
  // w += scale g (and the averaging sum). Changes nothing and returns false
  // when a weight would become non-finite.
  bool add(double scale);
  // Ends one step of the weight sequence (one learn() call).
  void tick() { steps_ += 1.0; }

  // The weight a test-time prediction uses: w, or the average rounded to
  // float (as saved, so a saved model predicts exactly as before saving).
  float final_weight(uint64_t s) const {
    if (!averaged_ || steps_ <= 0.0) return w_[s];
    return static_cast<float>(w_[s] - u_[s] / steps_);
  }
  uint64_t size() const { return w_.size(); }

  // Sections "<name>.config", "<name>.weights", ["<name>.average"].
  void save(ModelWriter& out, const std::string& name, bool with_state) const;
  void load(ModelReader& in, const std::string& name);
  // "slot:weight" per non-zero final weight; "name:slot:weight" (name[i] for
  // sub-model i when K > 1) for the slots `names` reaches.
  void write_text(std::FILE* out, const NameMap* names) const;

 private:
  uint32_t bits_, k_;
  uint64_t mask_;
  bool averaged_;
  std::vector<float> w_;
  std::vector<double> u_;  // sum of (t - 1) delta_t per slot, when averaged
  double steps_ = 0.0;     // T, learn() calls so far
  std::vector<std::pair<uint64_t, double>> g_;  // scratch: merged gradient
  // A 2^16-bit filter of the slots in g_ (low bits): when no two slots of an
  // example share a bit there is nothing to merge and the sort is skipped
  // (a shared bit, about 6% of R8's examples, falls back to sort and merge).
  std::vector<uint64_t> seen_ = std::vector<uint64_t>(1024, 0);
};

}  // namespace learner::detail
