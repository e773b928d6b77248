// Cold start of the dyadic model (dotproduct.h, "Unseen features"): the
// trained slots of every side, their mean vector, and how both reach model
// files, text models and the other --allreduce ranks.
#include <cmath>
#include <span>
#include <string>

#include "learner/learners/gd/dotproduct.h"
#include "learner/error.h"
#include "learner/model/model_file.h"
#include "learner/parallel/allreduce.h"

namespace learner {

void DotProduct::refresh_unseen() {
  const unsigned k = rank_;
  const std::size_t stride = latent_.stride();
  std::vector<double> sum(k);
  for (std::size_t i = 0; i < sides_.size(); ++i) {
    Side& side = sides_[i];
    side.mean_linear = 0.0f;
    if (side.slots.empty()) {
      side.mean.clear();
      continue;
    }
    const uint32_t salt = keys_[(i / 2) % pairs_.size()].salt[i % 2];
    std::fill(sum.begin(), sum.end(), 0.0);
    double linear = 0.0;
    for (const uint32_t slot : side.slots) {
      const float* v = latent_.data() + static_cast<std::size_t>(slot) * stride;
      for (unsigned j = 0; j < k; ++j) sum[j] += v[j];
      if (const float* w = linear_weight(v, salt)) linear += *w;
    }
    side.mean.resize(k);
    const double n = static_cast<double>(side.slots.size());
    for (unsigned j = 0; j < k; ++j) side.mean[j] = static_cast<float>(sum[j] / n);
    side.mean_linear = static_cast<float>(linear / n);
  }
}

void DotProduct::write_unseen(ModelWriter& out) const {
  out.put(static_cast<uint64_t>(sides_.size()));
  for (const Side& side : sides_) {
    out.put(static_cast<uint64_t>(side.slots.size()));
    out.put_bytes(side.slots.data(), side.slots.size() * sizeof(uint32_t));
  }
  out.put(static_cast<uint8_t>(unseen_active_));
  for (int s = 0; s < 2; ++s) {
    out.put(distinct_[s]);
    out.put(occurrences_[s]);
  }
}

void DotProduct::read_unseen(ModelReader& in) {
  const uint64_t n = in.get<uint64_t>();
  if (n != sides_.size())
    throw Error(in.path() + ": the model keeps trained features for " + std::to_string(n) +
                " sides of dot-product pairs, this run's options have " + std::to_string(sides_.size()) +
                " (corrupt model)");
  const uint64_t slots = latent_.slots();
  for (Side& side : sides_) {
    side.slots.resize(in.get_count(slots, "the trained latent features of a side"));
    in.get_bytes(side.slots.data(), side.slots.size() * sizeof(uint32_t));
    for (const uint32_t slot : side.slots)
      if (slot >= slots)
        throw Error(in.path() + ": a trained latent feature at slot " + std::to_string(slot) + " of " +
                    std::to_string(slots) + " (corrupt model)");
  }
  unseen_active_ = in.get<uint8_t>() != 0 || unseen_active_;  // a test-only run uses them anyway
  for (int s = 0; s < 2; ++s) {
    distinct_[s] = in.get<uint64_t>();
    occurrences_[s] = in.get<double>();
    if (!(occurrences_[s] >= 0 && std::isfinite(occurrences_[s])))
      throw Error(in.path() + ": a side's count of latent occurrences is not a finite sum (corrupt model)");
  }
  refresh_unseen();
}

void DotProduct::write_unseen_text(std::FILE* out) const {
  for (uint32_t sub = 0; sub < sub_models_; ++sub)
    for (std::size_t p = 0; p < pairs_.size(); ++p)
      for (int s = 0; s < (keys_[p].self ? 1 : 2); ++s) {
        const float* mean = unseen(sub, p, s);
        if (!mean) continue;
        // A field-aware pair's side keeps one vector per other field: name it.
        const DotProductPair& pair = pairs_[p];
        std::string name = "unseen(";
        name.append(s == 0 ? pair.left : pair.right);
        if (keys_[p].salt[s] != 0 && !keys_[p].self) name.append(",").append(s == 0 ? pair.right : pair.left);
        name.append(")");
        if (sub_models_ > 1) name.append("[").append(std::to_string(sub)).append("]");
        if (linear_ && keys_[p].salt[s] == 0) std::fprintf(out, "%s:%.9g\n", name.c_str(), unseen_linear(sub, p, s));
        for (unsigned j = 0; j < rank_; ++j) std::fprintf(out, "%s@%u:%.9g\n", name.c_str(), j, mean[j]);
      }
}

void DotProduct::merge_unseen(AllReduce& group) {
  // Per slot: the sum over ranks of (side + 1) of the ranks that trained it,
  // and how many did. Ranks agree on a slot's side unless two sides collide
  // in one slot (hashing), and then the nearest side takes it.
  const std::size_t slots = latent_.slots();
  std::vector<float> owner(2 * slots, 0.0f);
  for (std::size_t i = 0; i < sides_.size(); ++i)
    for (const uint32_t slot : sides_[i].slots) {
      owner[slot] = static_cast<float>(i + 1);
      owner[slots + slot] = 1.0f;
    }
  group.sum(std::span<float>(owner));
  for (Side& side : sides_) side.slots.clear();
  for (std::size_t slot = 0; slot < slots; ++slot) {
    const float ranks = owner[slots + slot];
    if (!(ranks > 0)) continue;
    const auto i = static_cast<std::size_t>(std::lround(owner[slot] / ranks)) - 1;
    if (i < sides_.size()) sides_[i].slots.push_back(static_cast<uint32_t>(slot));
  }
}

}  // namespace learner
