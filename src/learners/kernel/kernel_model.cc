// The kernel perceptron's model file sections and text dump.
#include <cmath>
#include <cstdio>

#include "kernel_learner.h"
#include "learner/error.h"
#include "learner/model/model_file.h"

namespace learner::detail {

void KernelPerceptron::save(ModelWriter& out, bool with_state) const {
  const bool state = with_state && config_.averaged;
  // Without state an averaged model holds the average (as predict shows it).
  const double steps = config_.averaged && !state ? steps_ : 0.0;
  out.begin_section("kernel.config", 1);
  out.put<uint8_t>(static_cast<uint8_t>(config_.kernel));
  out.put<int32_t>(config_.degree);
  out.put<double>(config_.coef0);
  out.put<double>(config_.gamma);
  out.put<uint32_t>(config_.bits);
  out.put<uint32_t>(config_.sub_models);
  out.put<uint8_t>(state ? 1 : 0);
  out.begin_section("kernel.support", 1);
  support_.save(out, steps);
  if (state) {
    out.begin_section("kernel.average", 1);
    out.put<double>(steps_);
    support_.save_sums(out);
  }
}

void KernelPerceptron::load(ModelReader& in) {
  in.section("kernel.config", 1);
  const auto kind = in.get<uint8_t>();
  const auto degree = in.get<int32_t>();
  const auto coef0 = in.get<double>();
  const auto gamma = in.get<double>();
  const auto bits = in.get<uint32_t>();
  const auto k = in.get<uint32_t>();
  const auto state = in.get<uint8_t>();
  // The kernel's parameters matter only where the kernel uses them.
  const bool poly = config_.kernel == KernelKind::kPoly;
  const bool uses_gamma = config_.kernel != KernelKind::kLinear;
  if (kind != static_cast<uint8_t>(config_.kernel) || bits != config_.bits || k != config_.sub_models ||
      (poly && (degree != config_.degree || coef0 != config_.coef0)) || (uses_gamma && gamma != config_.gamma))
    throw Error(in.path() + ": the model's kernel, its parameters, -b or sub-models differ from the learner's");
  if (state > 1) throw Error(in.path() + ": corrupt kernel.config");
  in.section("kernel.support", 1);
  // Any count the file holds (it grows with the data read); a smaller
  // --budget is applied below.
  support_.load(in, mask_, uint64_t{1} << 40);
  steps_ = 0.0;
  if (state) {
    in.section("kernel.average", 1);
    const auto steps = in.get<double>();
    if (!(steps >= 0.0 && std::isfinite(steps))) throw Error(in.path() + ": corrupt kernel.average");
    support_.load_sums(in);
    if (config_.averaged) {
      steps_ = steps;
    } else {  // continued without averaging: the sums are not used
      support_.clear_sums();
    }
  }
  valid_ = false;
  if (config_.budget > 0 && support_.size() > config_.budget) {
    const uint64_t held = support_.size();
    while (support_.size() > config_.budget) evict();
    std::fprintf(stderr,
                 "note: %s holds %llu support vectors, more than --budget %llu: cut to %llu by --budget_policy %s\n",
                 in.path().c_str(), static_cast<unsigned long long>(held),
                 static_cast<unsigned long long>(config_.budget), static_cast<unsigned long long>(config_.budget),
                 eviction_name(config_.eviction));
  }
}

void KernelPerceptron::write_text(std::FILE* out, const NameMap* names) const {
  // The model as saved: per vector j "sv<j>[c]:a" per non-zero coefficient
  // and "sv<j>: index:value ... [constant:x0]".
  const double steps = config_.averaged ? steps_ : 0.0;
  for (uint64_t j = 0; j < support_.size(); ++j) {
    const auto jj = static_cast<unsigned long long>(j);
    for (uint32_t c = 0; c < config_.sub_models; ++c)
      if (const float a = support_.coef_at(j, c, steps); a != 0.0f) std::fprintf(out, "sv%llu[%u]:%.9g\n", jj, c, a);
    const SparseView v = support_.view(j);
    std::fprintf(out, "sv%llu:", jj);
    for (uint32_t i = 0; i < v.n; ++i) std::fprintf(out, " %u:%.9g", v.idx[i], v.val[i]);
    if (v.x0 != 0.0f) std::fprintf(out, " constant:%.9g", v.x0);
    std::fprintf(out, "\n");
  }
}

}  // namespace learner::detail
