#include "learner/cli/driver.h"

#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <limits>
#include <memory>

#include "learner/cli/output.h"
#include "learner/cli/pipeline.h"
#include "learner/cli/preamble.h"
#include "learner/cli/signals.h"
#include "learner/core/label_range.h"
#include "learner/core/model.h"
#include "learner/error.h"
#include "learner/io/output_file.h"
#include "learner/model/model_io.h"
#include "learner/reduction/reduction.h"
#include "learner/report/holdout.h"
#include "learner/report/progress.h"
#include "learner/report/summary.h"

namespace learner {
namespace {

constexpr uint64_t kMaxWarnings = 10;

LabelRange initial_range(const Options& o) {
  LabelRange range;
  if (o.loss.name == "logistic" || o.loss.name == "poisson") {
    range.min = -50;
    range.max = 50;
  }
  if (o.core.min_prediction) {
    range.min = *o.core.min_prediction;
    range.fixed_min = true;
  }
  if (o.core.max_prediction) {
    range.max = *o.core.max_prediction;
    range.fixed_max = true;
  }
  if (range.min > range.max) throw UsageError("--min_prediction is larger than --max_prediction");
  return range;
}

// Fails before training when an output file cannot be written.
void check_writable(const std::string& path) { check_output_writable(path); }

double apply_link(const CoreConfig& c, double p) {
  if (c.binary) return p > 0 ? 1.0 : -1.0;
  switch (c.link) {
    case Link::kLogistic: return 1.0 / (1.0 + std::exp(-p));
    case Link::kPoisson: return std::exp(p);
    case Link::kIdentity: break;
  }
  return p;
}

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

// What a run writes besides stderr: -p and -r (per example), and the model
// files -f, --readable_model and --invert_hash (at the end, or with holdout
// after each pass that improves the holdout loss, as VW does, so that they
// hold the best pass), with the feature names --invert_hash collects.
// Every path is checked for writability before training starts.
class Outputs {
 public:
  PredictionWriter predictions, raw_predictions;

  explicit Outputs(const Options& o) : predictions(o.predictions), raw_predictions(o.raw_predictions), o_(o) {
    check_writable(o.final_regressor);
    check_writable(o.readable_model);
    check_writable(o.invert_hash);
  }
  bool want_names() const { return !o_.invert_hash.empty(); }
  bool any_model_file() const {
    return !o_.final_regressor.empty() || !o_.readable_model.empty() || !o_.invert_hash.empty();
  }

  // Remembers the names of the features of `slot` (first pass only) under
  // their weight slots, linear and latent.
  void record_names(const ParsedExample& slot, const Model& model) {
    if (!want_names() || slot.pass != 0) return;
    const uint32_t mask = model.weights().mask();
    const std::vector<Feature>& features = slot.features;
    for (std::size_t i = 0; i < features.size() && i < slot.names.size(); ++i)
      linear_names_[features[i].index & mask].insert(slot.names[i]);
    const DotProduct* dot = model.dotproduct();
    if (!dot) return;
    const Example& ex = slot.ex;
    for (const NamespaceSpan& ns : ex.namespaces)
      if (dot->side(ns) >= 0)
        for (uint32_t i = ns.begin; i < ns.end && i < ex.names.size(); ++i)
          latent_names_[ex.features[i].index & mask].insert(ex.names[i]);
  }

  void save_models(const Model& model, const LabelRange& range) const {
    if (!o_.final_regressor.empty())
      save_model(o_.final_regressor, model, o_.model_options, range, !o_.predict_only_model);
    if (!o_.readable_model.empty())
      write_readable_model(o_.readable_model, model, o_.model_options, range, nullptr, nullptr);
    if (!o_.invert_hash.empty())
      write_readable_model(o_.invert_hash, model, o_.model_options, range, &linear_names_, &latent_names_);
  }

 private:
  const Options& o_;
  NameMap linear_names_, latent_names_;
};

// A malformed line: an error (rethrown) unless --lenient, which warns about
// the first kMaxWarnings, counts the rest, and reports each line once (pass 0).
void skip_malformed(const ParsedExample& slot, bool lenient, RunStats& stats) {
  if (!lenient) std::rethrow_exception(slot.error);
  if (slot.pass > 0) return;
  ++stats.skipped_lines;
  if (stats.skipped_lines <= kMaxWarnings) {
    try {
      std::rethrow_exception(slot.error);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "warning: skipping malformed line: %s\n", e.what());
    }
  }
  if (stats.skipped_lines == kMaxWarnings)
    std::fprintf(stderr, "warning: further malformed lines are skipped silently and counted in the summary\n");
}

// One example through the single model: predict, clip to the label range
// (widened by the labels learned from), learn when `may_learn` and the
// example is labeled with positive importance, write -p and -r.
Outcome single_model_step(const Options& o, const Loss& loss, Model& model, LabelRange& range,
                          const ParsedExample& slot, bool may_learn, Outputs& out) {
  const Example& ex = slot.ex;
  Outcome r;
  r.labeled = ex.has_label;
  r.label = ex.label;
  r.weight = ex.importance;
  const double raw = model.predict(ex, slot.features);
  const bool learn = may_learn && ex.has_label && ex.importance > 0;
  if (learn) range.widen(ex.label);
  const double p_hat = range.clip(raw);
  if (ex.has_label)
    r.loss = o.core.binary ? ((p_hat > 0 ? 1.0 : -1.0) != ex.label ? 1.0 : 0.0) : loss.loss(p_hat, ex.label);
  if (learn)
    model.learn(slot.features, p_hat, ex.label, ex.importance,
                o.core.binary ? std::numeric_limits<double>::quiet_NaN() : r.loss);
  r.prediction = apply_link(o.core, p_hat);
  out.predictions.write(r.prediction, ex.tag);
  out.raw_predictions.write(raw, ex.tag);
  return r;
}

// One example through a reduction, which formats its own -p / -r lines
// (`line` is reused between examples).
Outcome reduction_step(Reduction& reduction, const ParsedExample& slot, bool may_learn, Outputs& out,
                       std::string& line) {
  const Example& ex = slot.ex;
  const Outcome r = reduction.process(ex, slot.features, may_learn && ex.importance > 0);
  if (out.predictions.active()) {
    reduction.prediction_text(ex.tag, line);
    out.predictions.write_line(line);
  }
  if (out.raw_predictions.active()) {
    reduction.raw_text(ex.tag, line);
    out.raw_predictions.write_line(line);
  }
  return r;
}

}  // namespace

int run(const Options& o) {
  const std::unique_ptr<Loss> loss = make_loss(o.loss);
  Model model(o.core, *loss);
  LabelRange range = initial_range(o);
  if (o.initial_model) {
    restore(*o.initial_model, model, range, o.initial_regressor, !o.learning_rate_given);
    if (!o.initial_model->has_state && !o.testonly)
      std::fprintf(stderr,
                   "warning: %s has no optimizer state (written with --predict_only_model): training continues from "
                   "its weights with fresh adaptive sums and normalisers\n",
                   o.initial_regressor.c_str());
  }

  // A reduction replaces the single-model step (learner/reduction).
  const std::unique_ptr<Reduction> reduction =
      o.reduction.kind == ReductionKind::kNone ? nullptr : make_reduction(o.reduction, model, range);
  std::string line;  // a reduction's -p / -r line, reused
  Outputs out(o);

  PipelineOwner pipe(o);
  LineReader& reader = *pipe->reader;
  if (o.passes > 1 && !reader.seekable() && o.cache_path.empty())
    throw UsageError("--passes " + std::to_string(o.passes) + " needs a data file that can be re-read; " +
                     reader.name() + " is a pipe or standard input (give --cache_file FILE to train several passes "
                     "from it)");

  StreamOptions stream_options;
  stream_options.passes = o.passes;
  stream_options.want_names = out.want_names();
  stream_options.lenient = o.lenient;
  stream_options.compressed = o.compressed;
  std::unique_ptr<CacheReader> cache;
  const CacheUse cache_use = open_cache(o, stream_options, cache);
  print_preamble(o, model, cache_use);

  const SignalGuard signals(o.save_on_signal);
  if (o.save_on_signal) stream_options.cancel = cancel_flag();

  ProgressOptions progress_options = o.progress;
  progress_options.show_pass = o.passes > 1;
  progress_options.holdout = o.holdout;
  ProgressTable progress(stderr, progress_options);
  RunStats stats;
  HoldoutTracker holdout(o.early_terminate);

  std::vector<PassTime> pass_times;
  auto pass_start = std::chrono::steady_clock::now();
  bool pass_cached = false;
  // Closes pass p (0-based); true when early termination stops the run.
  auto end_pass = [&](unsigned p) {
    pass_times.push_back({seconds_since(pass_start), pass_cached});
    pass_start = std::chrono::steady_clock::now();
    bool stop = false;
    if (o.holdout) {
      if (holdout.end_pass(p) == HoldoutTracker::Verdict::kImproved) out.save_models(model, range);
      stop = holdout.should_stop();
    }
    if (o.save_per_pass)
      save_model(o.final_regressor + "." + std::to_string(p + 1), model, o.model_options, range, !o.predict_only_model);
    return stop;
  };

  uint64_t seen = 0;     // examples processed, all passes (--examples)
  uint64_t in_pass = 0;  // examples of the current pass, for the holdout rule
  unsigned pass = 0;
  bool any = false, early_stop = false;
  uint64_t bytes = 0;
  {
    pipe->stream = std::make_unique<ExampleStream>(reader, pipe->parser, pipe->builder, std::move(stream_options),
                                                   std::move(cache));
    ExampleStream& stream = *pipe->stream;
    while (ParsedExample* slot = stream.next()) {
      if (slot->pass != pass) {
        if (end_pass(pass)) {
          early_stop = true;
          break;
        }
        for (; pass < slot->pass; ++pass) model.decay_learning_rate(o.decay_learning_rate);
        progress.start_pass(pass);
        in_pass = 0;
      }
      any = true;
      pass_cached = slot->cached;
      if (slot->error) {
        skip_malformed(*slot, o.lenient, stats);
        continue;
      }
      ++in_pass;
      const bool held_out =
          o.holdout && (o.holdout_after > 0 ? in_pass > o.holdout_after : in_pass % o.holdout_period == 0);
      // Start fetching the next example's weights while this one is learned
      // (the core prefetches only within an example).
      if (const ParsedExample* ahead = stream.peek()) model.prefetch(ahead->ex, ahead->features);
      out.record_names(*slot, model);
      const bool may_learn = !o.testonly && !held_out;
      const Outcome r = reduction ? reduction_step(*reduction, *slot, may_learn, out, line)
                                  : single_model_step(o, *loss, model, range, *slot, may_learn, out);
      const std::size_t n_features = slot->features.size();
      if (held_out && r.labeled) {
        stats.add_holdout(r.weight, r.loss);
        holdout.add(r.weight, r.loss);
      } else {
        stats.add(r.labeled, r.label, r.weight, r.loss, n_features);
      }
      progress.after_example(stats, r.labeled, r.label, r.prediction, n_features);
      ++seen;
      if (o.max_examples >= 0 && seen >= static_cast<uint64_t>(o.max_examples)) break;
      if (pending_signal() != 0) break;
    }
    stats.skipped_lines += stream.cached_skipped();
    bytes = stream.bytes_read();
  }
  const int signal = pending_signal();
  if (stats.skipped_lines > 0 && stats.examples == 0 && stats.holdout_weight == 0 && signal == 0)
    throw Error("--lenient: all " + std::to_string(stats.skipped_lines) + " lines were malformed (is " + reader.name() +
                " in VW's text format?); nothing was learned and no output is written");
  if (signal == 0 && any && !early_stop) end_pass(pass);
  pipe.finish();
  out.predictions.close();
  out.raw_predictions.close();
  if (model.state().nan_updates > 0)
    std::fprintf(stderr, "warning: %llu updates were not finite and were replaced by 0\n",
                 static_cast<unsigned long long>(model.state().nan_updates));

  if (signal != 0) {
    out.save_models(model, range);  // the model as it is now, to resume from
    std::fprintf(stderr, "learner: stopped by %s after %llu examples%s%s\n", signal == SIGINT ? "SIGINT" : "SIGTERM",
                 static_cast<unsigned long long>(seen),
                 o.final_regressor.empty() ? "" : "; model written to ", o.final_regressor.c_str());
  } else if (!(o.holdout && holdout.has_best())) {
    out.save_models(model, range);
  } else if (!o.progress.quiet && holdout.best_pass() + 1 != pass_times.size() && out.any_model_file()) {
    std::fprintf(stderr, "model outputs hold pass %u, the best holdout loss (%f)\n", holdout.best_pass() + 1,
                 holdout.best_loss());
  }

  if (!o.progress.quiet) {
    // A reduction's labels are classes or sets: it prints its own best constant.
    const bool scalar = !reduction || reduction->scalar_labels();
    print_summary(stderr, stats, *loss, o.loss, o.core.binary || !scalar,
                  RunTiming{progress.elapsed_seconds(), static_cast<double>(bytes),
                            static_cast<unsigned>(pass_times.size()), pass_times},
                  o.holdout ? &holdout : nullptr);
    if (reduction) reduction->print_summary(stderr);
  }
  return signal != 0 ? 128 + signal : 0;
}

}  // namespace learner
