// posterior_mean() of learner/bayes/bpmf.h.
#pragma once

#include <chrono>
#include <ctime>

#include "learner/bayes/sample_mean.h"

namespace learner::bayes {

template <class OnSweep>
PosteriorMean posterior_mean(Bpmf& sampler, const std::vector<Rating>& queries, const BpmfOptions& options,
                             OnSweep&& on_sweep) {
  SampleMean mean(queries, sampler.global_mean(), sampler.min_value(), sampler.max_value(), false);
  const auto t0 = std::chrono::steady_clock::now();
  const std::clock_t c0 = std::clock();
  for (int s = 1; s <= options.sweeps; ++s) {
    sampler.sweep();
    if (s > options.burn_in) mean.add(sampler.users(), sampler.items());
    on_sweep(s, sampler);
  }
  PosteriorMean out;
  out.mean = mean.predictions();
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  out.cpu_seconds = static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
  return out;
}

}  // namespace learner::bayes
