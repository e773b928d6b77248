#include "learner/cli/driver.h"

#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <memory>

#include "learner/cache/cache_file.h"
#include "learner/cli/example_stream.h"
#include "learner/cli/output.h"
#include "learner/core/label_range.h"
#include "learner/core/model.h"
#include "learner/error.h"
#include "learner/features/feature_builder.h"
#include "learner/io/line_reader.h"
#include "learner/model/model_io.h"
#include "learner/parse/text_parser.h"
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
void check_writable(const std::string& path) {
  if (path.empty()) return;
  const std::string probe = path + ".tmp." + std::to_string(::getpid());
  std::FILE* f = std::fopen(probe.c_str(), "w");
  if (!f) throw Error("cannot write " + path + ": " + std::strerror(errno));
  std::fclose(f);
  std::remove(probe.c_str());
}

double apply_link(const CoreConfig& c, double p) {
  if (c.binary) return p > 0 ? 1.0 : -1.0;
  switch (c.link) {
    case Link::kLogistic: return 1.0 / (1.0 + std::exp(-p));
    case Link::kPoisson: return std::exp(p);
    case Link::kIdentity: break;
  }
  return p;
}

std::string reduction_name(const ReductionSpec& r) {
  switch (r.kind) {
    case ReductionKind::kOaa: return "oaa " + std::to_string(r.classes);
    case ReductionKind::kCsoaa: return "csoaa " + std::to_string(r.classes);
    case ReductionKind::kFilterTree: return "filter_tree " + std::to_string(r.classes);
    case ReductionKind::kScoringFilterTree: return "scoring_filter_tree " + std::to_string(r.classes);
    case ReductionKind::kMultilabel:
      return "multilabel " + std::to_string(r.classes) +
             (r.multilabel_loss == MultilabelLoss::kZeroOne ? " (zero_one chain)" : " (hamming)");
    case ReductionKind::kActive: return r.simulation ? "active (simulation)" : "active";
    case ReductionKind::kNone: break;
  }
  return "none";
}

enum class CacheUse { kNone, kRead, kWrite };

void print_preamble(const Options& o, const Model& model, CacheUse cache) {
  if (o.progress.quiet) return;
  if (!o.predictions.empty()) std::fprintf(stderr, "predictions = %s\n", o.predictions.c_str());
  if (!o.final_regressor.empty()) std::fprintf(stderr, "final_regressor = %s\n", o.final_regressor.c_str());
  std::fprintf(stderr, "Num weight bits = %u\nlearning rate = %g\ninitial_t = %g\npower_t = %g\n", o.core.bits,
               model.learning_rate(), o.core.initial_t, o.core.power_t);
  if (o.passes > 1) std::fprintf(stderr, "decay_learning_rate = %g\n", o.decay_learning_rate);
  std::fprintf(stderr, "loss = %s\n", std::string(model.loss().name()).c_str());
  if (o.reduction.kind != ReductionKind::kNone) std::fprintf(stderr, "reduction = %s\n", reduction_name(o.reduction).c_str());
  if (!o.core.dotproducts.empty())
    std::fprintf(stderr, "dotproduct = %s%s%s, rank = %u\n", o.core.dotproducts[0].left.c_str(),
                 o.core.dotproducts[0].by_full_name ? "," : "", o.core.dotproducts[0].right.c_str(), o.core.rank);
  switch (cache) {
    case CacheUse::kNone: std::fprintf(stderr, "using no cache\n"); break;
    case CacheUse::kRead:
      std::fprintf(stderr, "using cache_file = %s\nignoring text input in favor of cache input\n", o.cache_path.c_str());
      break;
    case CacheUse::kWrite: std::fprintf(stderr, "creating cache_file = %s\n", o.cache_path.c_str()); break;
  }
  std::fprintf(stderr, "Reading datafile = %s\nnum sources = 1\n",
               o.data == "-" || o.data.empty() ? "stdin" : o.data.c_str());
  if (o.holdout) {
    if (o.holdout_after > 0)
      std::fprintf(stderr, "holdout_after = %llu\n", static_cast<unsigned long long>(o.holdout_after));
    else
      std::fprintf(stderr, "holdout_period = %u\n", o.holdout_period);
    std::fprintf(stderr, "early_terminate = %u\n", o.early_terminate);
  }
}

// --save_on_signal: the handler only records the signal; the loop checks it
// after each example. SA_RESETHAND: a second signal has its default effect.
std::atomic<int> g_signal{0};
std::atomic<bool> g_cancel{false};
static_assert(std::atomic<int>::is_always_lock_free && std::atomic<bool>::is_always_lock_free);

extern "C" void on_signal(int sig) {
  g_signal.store(sig);
  g_cancel.store(true);
}

class SignalGuard {
 public:
  explicit SignalGuard(bool active) : active_(active) {
    if (!active_) return;
    g_signal = 0;
    g_cancel = false;
    struct sigaction sa {};
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESETHAND | SA_RESTART;
    // A signal ignored at startup (SIGINT of a background job) stays ignored.
    ::sigaction(SIGINT, nullptr, &old_int_);
    ::sigaction(SIGTERM, nullptr, &old_term_);
    if (old_int_.sa_handler != SIG_IGN) ::sigaction(SIGINT, &sa, nullptr);
    if (old_term_.sa_handler != SIG_IGN) ::sigaction(SIGTERM, &sa, nullptr);
  }
  ~SignalGuard() {
    if (!active_) return;
    ::sigaction(SIGINT, &old_int_, nullptr);
    ::sigaction(SIGTERM, &old_term_, nullptr);
  }
  SignalGuard(const SignalGuard&) = delete;
  SignalGuard& operator=(const SignalGuard&) = delete;

 private:
  bool active_;
  struct sigaction old_int_ {}, old_term_ {};
};

// The reading side of a run. When its producer thread cannot be stopped
// (blocked reading an idle pipe after the run ended early) it is kept alive,
// reachable from g_abandoned, until the process exits.
struct Pipeline {
  std::unique_ptr<LineReader> reader;
  TextParser parser;
  FeatureBuilder builder;
  std::unique_ptr<ExampleStream> stream;

  explicit Pipeline(const Options& o) : reader(LineReader::open(o.data)), parser(o.parse), builder(o.features) {}
};
Pipeline* g_abandoned = nullptr;

class PipelineOwner {
 public:
  explicit PipelineOwner(const Options& o) : p_(std::make_unique<Pipeline>(o)) {}
  ~PipelineOwner() { finish(); }
  PipelineOwner(const PipelineOwner&) = delete;
  PipelineOwner& operator=(const PipelineOwner&) = delete;
  Pipeline* operator->() { return p_.get(); }
  void finish() {
    if (p_ && p_->stream && !p_->stream->stop(std::chrono::milliseconds(300))) {
      g_abandoned = p_.release();
      return;
    }
    p_.reset();
  }

 private:
  std::unique_ptr<Pipeline> p_;
};

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
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

  // A reduction replaces the single-model step below (learner/reduction).
  const std::unique_ptr<Reduction> reduction =
      o.reduction.kind == ReductionKind::kNone ? nullptr : make_reduction(o.reduction, model, range);
  std::string line;  // a reduction's -p / -r line, reused

  PredictionWriter predictions(o.predictions);
  PredictionWriter raw_predictions(o.raw_predictions);
  check_writable(o.final_regressor);
  check_writable(o.readable_model);
  check_writable(o.invert_hash);

  PipelineOwner pipe(o);
  LineReader& reader = *pipe->reader;
  if (o.passes > 1 && !reader.seekable() && o.cache_path.empty())
    throw UsageError("--passes " + std::to_string(o.passes) + " needs a data file that can be re-read; " +
                     reader.name() + " is a pipe or standard input (give --cache_file FILE to train several passes "
                     "from it)");

  const bool want_names = !o.invert_hash.empty();
  StreamOptions stream_options;
  stream_options.passes = o.passes;
  stream_options.want_names = want_names;
  stream_options.lenient = o.lenient;
  stream_options.compressed = o.compressed;
  std::unique_ptr<CacheReader> cache;
  CacheUse cache_use = CacheUse::kNone;
  if (!o.cache_path.empty()) {
    stream_options.cache_path = o.cache_path;
    stream_options.cache_key = make_cache_key(o.data, o.parse);
    std::string why;
    if (!o.kill_cache) {
      cache = CacheReader::open(o.cache_path, stream_options.cache_key, why);
      if (cache && !o.lenient && cache->info().skipped > 0) {
        why = "it was made with --lenient and skipped " + std::to_string(cache->info().skipped) +
              " malformed lines (strict parsing reports them)";
        cache.reset();
      }
      if (!cache && !why.empty()) std::fprintf(stderr, "rebuilding cache %s: %s\n", o.cache_path.c_str(), why.c_str());
    }
    cache_use = cache ? CacheUse::kRead : CacheUse::kWrite;
  }
  print_preamble(o, model, cache_use);

  const SignalGuard signals(o.save_on_signal);
  if (o.save_on_signal) stream_options.cancel = &g_cancel;

  const bool learning = !o.testonly;
  NameMap linear_names, latent_names;
  const uint32_t mask = model.weights().mask();
  ProgressOptions progress_options = o.progress;
  progress_options.show_pass = o.passes > 1;
  progress_options.holdout = o.holdout;
  ProgressTable progress(stderr, progress_options);
  RunStats stats;
  HoldoutTracker holdout(o.early_terminate);

  // -f, --readable_model and --invert_hash: at the end, or with holdout at
  // each pass that improves the holdout loss (VW), so they hold the best pass.
  auto save_outputs = [&] {
    if (!o.final_regressor.empty())
      save_model(o.final_regressor, model, o.model_options, range, !o.predict_only_model);
    if (!o.readable_model.empty())
      write_readable_model(o.readable_model, model, o.model_options, range, nullptr, nullptr);
    if (!o.invert_hash.empty())
      write_readable_model(o.invert_hash, model, o.model_options, range, &linear_names, &latent_names);
  };
  std::vector<PassTime> pass_times;
  auto pass_start = std::chrono::steady_clock::now();
  bool pass_cached = false;
  // Closes pass p (0-based); true when early termination stops the run.
  auto end_pass = [&](unsigned p) {
    pass_times.push_back({seconds_since(pass_start), pass_cached});
    pass_start = std::chrono::steady_clock::now();
    bool stop = false;
    if (o.holdout) {
      if (holdout.end_pass(p) == HoldoutTracker::Verdict::kImproved) save_outputs();
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
        if (!o.lenient) std::rethrow_exception(slot->error);
        if (slot->pass > 0) continue;  // counted and reported on the first pass only
        ++stats.skipped_lines;
        if (stats.skipped_lines <= kMaxWarnings) {
          try {
            std::rethrow_exception(slot->error);
          } catch (const std::exception& e) {
            std::fprintf(stderr, "warning: skipping malformed line: %s\n", e.what());
          }
        }
        if (stats.skipped_lines == kMaxWarnings)
          std::fprintf(stderr, "warning: further malformed lines are skipped silently and counted in the summary\n");
        continue;
      }
      ++in_pass;
      const bool held_out =
          o.holdout && (o.holdout_after > 0 ? in_pass > o.holdout_after : in_pass % o.holdout_period == 0);
      const Example& ex = slot->ex;
      const std::vector<Feature>& features = slot->features;
      // Start fetching the next example's weights while this one is learned
      // (the core prefetches only within an example).
      if (const ParsedExample* ahead = stream.peek()) model.prefetch(ahead->ex, ahead->features);
      if (want_names && slot->pass == 0) {
        for (std::size_t i = 0; i < features.size() && i < slot->names.size(); ++i)
          linear_names[features[i].index & mask].insert(slot->names[i]);
        if (const DotProduct* dot = model.dotproduct())
          for (const NamespaceSpan& ns : ex.namespaces)
            if (dot->side(ns) >= 0)
              for (uint32_t i = ns.begin; i < ns.end && i < ex.names.size(); ++i)
                latent_names[ex.features[i].index & mask].insert(ex.names[i]);
      }
      bool labeled = ex.has_label;
      double label = ex.label, weight = ex.importance, shown = 0.0, example_loss = 0.0;
      if (reduction) {
        const Outcome& r = reduction->process(ex, features, learning && ex.importance > 0 && !held_out);
        labeled = r.labeled;
        label = r.label;
        weight = r.weight;
        shown = r.prediction;
        example_loss = r.loss;
        if (predictions.active()) {
          reduction->prediction_text(ex.tag, line);
          predictions.write_line(line);
        }
        if (raw_predictions.active()) {
          reduction->raw_text(ex.tag, line);
          raw_predictions.write_line(line);
        }
      } else {
        const double raw = model.predict(ex, features);
        const bool learn = learning && labeled && ex.importance > 0 && !held_out;
        if (learn) range.widen(ex.label);
        const double p_hat = range.clip(raw);
        if (labeled)
          example_loss =
              o.core.binary ? ((p_hat > 0 ? 1.0 : -1.0) != ex.label ? 1.0 : 0.0) : loss->loss(p_hat, ex.label);
        if (learn)
          model.learn(features, p_hat, ex.label, ex.importance,
                      o.core.binary ? std::numeric_limits<double>::quiet_NaN() : example_loss);
        shown = apply_link(o.core, p_hat);
        predictions.write(shown, ex.tag);
        raw_predictions.write(raw, ex.tag);
      }
      if (held_out && labeled) {
        stats.add_holdout(weight, example_loss);
        holdout.add(weight, example_loss);
      } else {
        stats.add(labeled, label, weight, example_loss, features.size());
      }
      progress.after_example(stats, labeled, label, shown, features.size());
      ++seen;
      if (o.max_examples >= 0 && seen >= static_cast<uint64_t>(o.max_examples)) break;
      if (g_signal.load(std::memory_order_relaxed) != 0) break;
    }
    stats.skipped_lines += stream.cached_skipped();
    bytes = stream.bytes_read();
  }
  const int signal = g_signal.load();
  if (signal == 0 && any && !early_stop) end_pass(pass);
  pipe.finish();
  predictions.close();
  raw_predictions.close();
  if (model.state().nan_updates > 0)
    std::fprintf(stderr, "warning: %llu updates were not finite and were replaced by 0\n",
                 static_cast<unsigned long long>(model.state().nan_updates));

  if (signal != 0) {
    save_outputs();  // the model as it is now, to resume from
    std::fprintf(stderr, "learner: stopped by %s after %llu examples%s%s\n", signal == SIGINT ? "SIGINT" : "SIGTERM",
                 static_cast<unsigned long long>(seen),
                 o.final_regressor.empty() ? "" : "; model written to ", o.final_regressor.c_str());
  } else if (!(o.holdout && holdout.has_best())) {
    save_outputs();
  } else if (!o.progress.quiet && holdout.best_pass() + 1 != pass_times.size() &&
             !(o.final_regressor.empty() && o.readable_model.empty() && o.invert_hash.empty())) {
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
