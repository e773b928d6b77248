// Feature crossing for one interaction (private to the features stage).
//
// Each term lists positions into Example::features (the features of every
// namespace the term's character selects, in input order). The generated
// features are all picks of one position per term, the first term varying
// slowest: index = interaction_hash chained left to right, value = product.
// A term with `same_as_previous` shares the previous term's list and only
// picks positions at or after the previous pick (VW's i <= j rule).
// generate_interaction_names walks the same picks in the same order and
// appends "n1*n2*..." from `names` (parallel to the features).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "learner/example.h"

namespace learner {

struct InteractionTerm {
  const uint32_t* positions;
  uint32_t size;
  bool same_as_previous;
};

// How many features generate_interaction would append (exact, without
// generating them; saturates at UINT64_MAX).
uint64_t interaction_count(const InteractionTerm* terms, std::size_t count);

void generate_interaction(const Feature* features, const InteractionTerm* terms, std::size_t count,
                          std::vector<Feature>& out);

void generate_interaction_names(const std::vector<std::string>& names, const InteractionTerm* terms,
                                std::size_t count, std::vector<std::string>& out);

}  // namespace learner
