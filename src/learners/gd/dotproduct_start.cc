// The latent weights' start vectors, given lazily (dotproduct.h,
// latent_slot): a row of the latent table gets its start the first time an
// example gathers it, instead of all 2^bits rows when the model is made
// (rank 5, -b 18: 57M instructions, more than a 200,000-line pass's
// gathering). The start is a function of (--random_seed, slot, dimension)
// alone, so a row started late holds the values it would have held from the
// start: models, predictions and model files are those of eager starts. Every
// reader of the whole table (latent(): model files, text models, --allreduce,
// the ranking tools) first starts the rows not started yet; a model file
// being read overwrites every row, so none needs a start (latent_to_overwrite).
#include <algorithm>
#include <bit>

#include "learner/learners/gd/dotproduct.h"
#include "latent_hash.h"

namespace learner {

void DotProduct::initial_vector(std::size_t slot, float* out) const {
  double u[256];
  double mean = 0.0;
  for (unsigned j = 0; j < rank_; ++j) {
    const uint64_t h =
        detail::splitmix64((static_cast<uint64_t>(seed_) << 40) ^ (static_cast<uint64_t>(slot) << 8) ^ j);
    // h >> 11 < 2^53 converts exactly, as a signed integer (one instruction).
    u[j] = static_cast<double>(static_cast<int64_t>(h >> 11)) * (1.0 / 9007199254740992.0) * 2.0 - 1.0;
    mean += u[j];
  }
  // With a centre the noise sums to 0 over the dimensions: 1.V = k c, so the
  // start adds nothing linear in the noise to A.B - k c^2 s_a s_b (which
  // would be a random linear model, c s_b 1.noise_A, as large as the side's
  // feature count times c).
  mean = center_ > 0 ? mean / rank_ : 0.0;
  for (unsigned j = 0; j < rank_; ++j) out[j] = static_cast<float>(center_ + init_scale_ * (u[j] - mean));
}

// Out of line and cold: after the first examples almost every row gathered
// has its start.
[[gnu::noinline, gnu::cold]] void DotProduct::start_row(uint32_t row) const {
  initial_vector(row, latent_.data() + static_cast<std::size_t>(row) * latent_.stride());
  started_[row >> 6] |= uint64_t{1} << (row & 63);
}

void DotProduct::start_all_rows() const {
  if (all_started_) return;
  const std::size_t slots = latent_.slots();
  for (std::size_t w = 0; w < started_.size(); ++w) {
    if (started_[w] == ~uint64_t{0}) continue;
    const std::size_t end = std::min(slots, (w + 1) * 64);
    for (std::size_t row = w * 64; row < end; ++row)
      if (!(started_[w] >> (row & 63) & 1u)) initial_vector(row, latent_.data() + row * latent_.stride());
    started_[w] = ~uint64_t{0};
  }
  all_started_ = true;
}

std::size_t DotProduct::rows_started() const {
  if (all_started_) return latent_.slots();
  std::size_t n = 0;
  for (const uint64_t word : started_) n += static_cast<std::size_t>(std::popcount(word));
  return n;
}

float* DotProduct::latent_to_overwrite() {
  std::fill(started_.begin(), started_.end(), ~uint64_t{0});
  all_started_ = true;
  return latent_.data();
}

}  // namespace learner
