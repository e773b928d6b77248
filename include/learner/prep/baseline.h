// Baseline rating predictor b_ui = mu + b_u + b_i for data preparation (the
// neighbour feature of rating_neighbors), not part of the learner's pipeline.
//
// Fitted as Koren's "baseline estimates" (Koren 2010, "Factor in the neighbors:
// scalable and accurate collaborative filtering", TKDD 4(1), section 2.1): regularised
// means taken in alternating rounds, items first,
//   b_i = sum_{u rated i} (r_ui - mu - b_u) / (item_reg + n_i)
//   b_u = sum_{i rated by u} (r_ui - mu - b_i) / (user_reg + n_u)
// with mu the mean rating. Users and items without ratings keep bias 0.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace learner::prep {

// One rating with dense ids (user < n_users, item < n_items).
struct Rating {
  std::uint32_t user;
  std::uint32_t item;
  float value;
};

struct BaselineOptions {
  // Koren 2010 tunes the two regularisers by cross-validation on Netflix; 15 (users)
  // and 10 (items), with 10 rounds, are the defaults of the Surprise library's
  // baseline, kept here untuned.
  double user_reg = 15.0;
  double item_reg = 10.0;
  int rounds = 10;
};

struct Baseline {
  double mean = 0.0;
  std::vector<double> user_bias;
  std::vector<double> item_bias;

  double predict(std::uint32_t user, std::uint32_t item) const {
    return mean + user_bias[user] + item_bias[item];
  }
};

// Requires every rating's ids below n_users / n_items. Empty input: mean 0, biases 0.
Baseline fit_baseline(std::span<const Rating> ratings, std::size_t n_users, std::size_t n_items,
                      const BaselineOptions& options);

}  // namespace learner::prep
