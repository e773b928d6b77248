#include "learner/learners/struct_svm/cost_weights.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "kappa_cosine.h"
#include "objective10.h"
#include "simplex_projection.h"
#include "learner/error.h"
#include "learner/model/model_file.h"

namespace learner {

CostLearning parse_cost_learning(std::string_view text) {
  if (text == "fixed") return CostLearning::kFixed;
  if (text == "objective1") return CostLearning::kObjective1;
  if (text == "objective10") return CostLearning::kObjective10;
  if (text == "objective10_gradient") return CostLearning::kObjective10Gradient;
  if (text == "kappa_cosine") return CostLearning::kKappaCosine;
  throw UsageError("unknown cost learning '" + std::string(text) +
                   "' (expected fixed, objective1, objective10, objective10_gradient or kappa_cosine)");
}

std::string_view to_string(CostLearning learning) {
  switch (learning) {
    case CostLearning::kFixed:
      return "fixed";
    case CostLearning::kObjective1:
      return "objective1";
    case CostLearning::kObjective10:
      return "objective10";
    case CostLearning::kObjective10Gradient:
      return "objective10_gradient";
    case CostLearning::kKappaCosine:
      return "kappa_cosine";
  }
  return "fixed";
}

CostWeights::CostWeights(const CostWeightsConfig& config) : config_(config), factors_(config.factors, config.classes) {
  if (!(std::isfinite(config.scale) && config.scale > 0.0)) throw Error("the cost scale K must be finite and positive");
  if (!(std::isfinite(config.rate) && config.rate > 0.0)) throw Error("the cost learning rate must be finite and positive");
  if (!(std::isfinite(config.initial) && config.initial >= 0.0))
    throw Error("the initial cost weight must be finite and non-negative");
  const std::size_t n = factors_.size();
  double start = 1.0;
  if (config.learning == CostLearning::kFixed) start = config.initial;
  if (config.learning == CostLearning::kObjective1 || config.learning == CostLearning::kKappaCosine)
    start = 1.0 / static_cast<double>(n);
  v_.assign(n, start);
  m_.assign(n, 0.0);
  n_.assign(n, 1.0);
  sum_sq_.assign(n, 0.0);
  scratch_u_.assign(n, 0.0);
  scratch_d_.assign(n, 0.0);
  truth_counts_.assign(config.classes, 0.0);
  predicted_counts_.assign(config.classes, 0.0);
  pair_counts_.assign(n, 0.0);
  difficulty_.assign(n, 0.0);
}

void CostWeights::set_label_counts(std::span<const double> counts) {
  n_ = learner::normalisers(factors_, config_.norm, counts);
  total_ = 0.0;
  for (double c : counts) total_ += c;
  counted_ = true;
}

void CostWeights::costs(uint32_t truth, std::span<double> out) const {
  for (uint32_t k = 0; k < out.size(); ++k) out[k] = k == truth ? 0.0 : config_.scale * v_[factors_.index(truth, k)];
}

void CostWeights::observe(uint32_t truth, uint32_t argmax, double importance, uint32_t predicted) {
  if (!(importance > 0.0)) return;
  if (truth >= factors_.classes() || argmax >= factors_.classes())
    throw Error("cost weights: class out of range");
  const bool obj10 =
      config_.learning == CostLearning::kObjective10 || config_.learning == CostLearning::kObjective10Gradient;
  if (obj10 && !counted_) throw Error("objective 10 needs the label counts (set_label_counts) before learning");
  const uint32_t hit = factors_.index(truth, argmax);
  if (hit != CostFactors::kNoFactor) m_[hit] += importance;
  const double k = config_.scale, eta = config_.rate;
  switch (config_.learning) {
    case CostLearning::kFixed:
    case CostLearning::kObjective10:
      return;
    case CostLearning::kKappaCosine: {
      if (predicted >= factors_.classes())
        throw Error("kappa_cosine cost learning needs each example's prediction");
      truth_counts_[truth] += importance;
      predicted_counts_[predicted] += importance;
      const uint32_t s = factors_.index(truth, predicted);
      if (s != CostFactors::kNoFactor) pair_counts_[s] += importance;
      return;
    }
    case CostLearning::kObjective1: {
      if (hit == CostFactors::kNoFactor) return;  // zero gradient
      const double g = importance * k;
      sum_sq_[hit] += g * g;
      std::copy(v_.begin(), v_.end(), scratch_u_.begin());
      scratch_u_[hit] -= eta * g / std::sqrt(sum_sq_[hit]);
      for (std::size_t s = 0; s < sum_sq_.size(); ++s) scratch_d_[s] = std::sqrt(sum_sq_[s]);
      project_weighted_simplex(scratch_u_, scratch_d_, 1.0, v_, scratch_);
      return;
    }
    case CostLearning::kObjective10Gradient: {
      const double share = total_ > 0.0 ? importance * k / total_ : 0.0;
      for (std::size_t s = 0; s < v_.size(); ++s) {
        const double g = share * (n_[s] * v_[s] - n_[s]) + (s == hit ? importance * k : 0.0);
        if (g == 0.0) continue;
        sum_sq_[s] += g * g;
        v_[s] = std::max(0.0, v_[s] - eta * g / std::sqrt(sum_sq_[s]));
      }
      return;
    }
  }
}

void CostWeights::end_pass() {
  if (config_.learning == CostLearning::kObjective10) v_ = objective10_closed_form(m_, n_);
  if (config_.learning == CostLearning::kKappaCosine) {
    difficulty_ = kappa_difficulty(factors_, truth_counts_, predicted_counts_, pair_counts_);
    min_cosine_on_simplex(difficulty_, v_);
  }
  for (auto* tally : {&m_, &truth_counts_, &predicted_counts_, &pair_counts_}) std::fill(tally->begin(), tally->end(), 0.0);
}

void CostWeights::write_table(std::FILE* out) const {
  const bool ordered = factors_.kind() == FactorKind::kOrdered;
  const bool kappa = config_.learning == CostLearning::kKappaCosine;
  std::fprintf(out, "%-12s %12s %12s %12s%s\n", "factor", "v_S", "|S_M|", "n_S", kappa ? "          D_S" : "");
  for (uint32_t s = 0; s < factors_.size(); ++s) {
    const auto [a, b] = factors_.pair(s);
    const std::string name = std::to_string(a + 1) + (ordered ? "->" : "-") + std::to_string(b + 1);
    std::fprintf(out, "%-12s %12.6g %12.6g %12.6g", name.c_str(), v_[s], m_[s], n_[s]);
    if (kappa) std::fprintf(out, " %12.6g", difficulty_[s]);
    std::fprintf(out, "\n");
  }
}

void CostWeights::save(ModelWriter& out) const {
  out.begin_section("costs", 1);
  out.put<uint8_t>(factors_.kind() == FactorKind::kOrdered ? 1 : 0);
  out.put<uint32_t>(factors_.classes());
  out.put<uint8_t>(static_cast<uint8_t>(config_.learning));
  out.put<uint8_t>(static_cast<uint8_t>(config_.norm));
  out.put<double>(config_.scale);
  out.put<double>(total_);
  out.put<uint8_t>(counted_ ? 1 : 0);
  for (const auto* table : {&v_, &n_, &sum_sq_, &m_, &difficulty_}) {
    out.put<uint64_t>(table->size());
    out.put_bytes(table->data(), table->size() * sizeof(double));
  }
}

void CostWeights::load(ModelReader& in) {
  in.section("costs", 1);
  const auto kind = in.get<uint8_t>();
  const auto classes = in.get<uint32_t>();
  const auto learning = in.get<uint8_t>();
  const auto norm = in.get<uint8_t>();
  const auto scale = in.get<double>();
  const auto total = in.get<double>();
  const auto counted = in.get<uint8_t>();
  if (kind != (factors_.kind() == FactorKind::kOrdered ? 1 : 0) || classes != factors_.classes())
    throw Error(in.path() + ": the model's cost factors (" + std::string(kind ? "ordered" : "unordered") + ", " +
                std::to_string(classes) + " classes) differ from the learner's");
  if (learning > 4 || norm > 2 || counted > 1 || !(std::isfinite(scale) && scale > 0.0) ||
      !(std::isfinite(total) && total >= 0.0))
    throw Error(in.path() + ": corrupt costs section");
  if (learning != static_cast<uint8_t>(config_.learning) || norm != static_cast<uint8_t>(config_.norm) ||
      scale != config_.scale)
    throw Error(in.path() + ": the model's cost learning (" +
                std::string(to_string(static_cast<CostLearning>(learning))) + ", norm " +
                std::string(to_string(static_cast<CostNorm>(norm))) + ", scale " + std::to_string(scale) +
                ") differs from the learner's");
  for (auto* table : {&v_, &n_, &sum_sq_, &m_, &difficulty_}) {
    const uint64_t n = in.get_count(factors_.size(), "cost weights");
    if (n != table->size()) throw Error(in.path() + ": corrupt costs section");
    in.get_bytes(table->data(), n * sizeof(double));
    const bool signed_ok = table == &difficulty_;  // D_S may be negative
    for (double x : *table)
      if (!(std::isfinite(x) && (signed_ok || x >= 0.0))) throw Error(in.path() + ": corrupt costs section");
  }
  total_ = total;
  counted_ = counted == 1;
}

}  // namespace learner
