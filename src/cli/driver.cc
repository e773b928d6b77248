#include "learner/cli/driver.h"

#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>

#include "learner/cli/example_stream.h"
#include "learner/cli/output.h"
#include "learner/core/label_range.h"
#include "learner/core/model.h"
#include "learner/error.h"
#include "learner/features/feature_builder.h"
#include "learner/io/line_reader.h"
#include "learner/model/model_io.h"
#include "learner/parse/text_parser.h"
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

void print_preamble(const Options& o, const Model& model) {
  if (o.progress.quiet) return;
  if (!o.predictions.empty()) std::fprintf(stderr, "predictions = %s\n", o.predictions.c_str());
  if (!o.final_regressor.empty()) std::fprintf(stderr, "final_regressor = %s\n", o.final_regressor.c_str());
  std::fprintf(stderr, "Num weight bits = %u\nlearning rate = %g\ninitial_t = %g\npower_t = %g\n", o.core.bits,
               model.learning_rate(), o.core.initial_t, o.core.power_t);
  if (o.passes > 1) std::fprintf(stderr, "decay_learning_rate = %g\n", o.decay_learning_rate);
  std::fprintf(stderr, "loss = %s\n", std::string(model.loss().name()).c_str());
  if (!o.core.dotproducts.empty())
    std::fprintf(stderr, "dotproduct = %s%s%s, rank = %u\n", o.core.dotproducts[0].left.c_str(),
                 o.core.dotproducts[0].by_full_name ? "," : "", o.core.dotproducts[0].right.c_str(), o.core.rank);
  std::fprintf(stderr, "using no cache\nReading datafile = %s\nnum sources = 1\n",
               o.data == "-" || o.data.empty() ? "stdin" : o.data.c_str());
}

}  // namespace

int run(const Options& o) {
  const std::unique_ptr<Loss> loss = make_loss(o.loss);
  Model model(o.core, *loss);
  LabelRange range = initial_range(o);
  if (o.initial_model) restore(*o.initial_model, model, range, o.initial_regressor);

  PredictionWriter predictions(o.predictions);
  PredictionWriter raw_predictions(o.raw_predictions);
  check_writable(o.final_regressor);
  check_writable(o.readable_model);
  check_writable(o.invert_hash);

  const TextParser parser(o.parse);
  const FeatureBuilder builder(o.features);
  const std::unique_ptr<LineReader> reader = LineReader::open(o.data);
  if (o.passes > 1 && !reader->seekable())
    throw UsageError("--passes " + std::to_string(o.passes) + " needs a data file that can be re-read; " +
                     reader->name() + " is a pipe or standard input");
  print_preamble(o, model);

  const bool learning = !o.testonly;
  const bool want_names = !o.invert_hash.empty();
  NameMap linear_names, latent_names;
  const uint32_t mask = model.weights().mask();
  ProgressTable progress(stderr, o.progress);
  RunStats stats;
  uint64_t seen = 0;
  unsigned pass = 0;
  {
    ExampleStream stream(*reader, parser, builder, o.passes, want_names);
    while (ParsedExample* slot = stream.next()) {
      if (slot->error) {
        if (!o.lenient) std::rethrow_exception(slot->error);
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
      for (; pass < slot->pass; ++pass) model.decay_learning_rate(o.decay_learning_rate);
      const Example& ex = slot->ex;
      const std::vector<Feature>& features = slot->features;
      if (want_names && slot->pass == 0) {
        for (std::size_t i = 0; i < features.size() && i < slot->names.size(); ++i)
          linear_names[features[i].index & mask].insert(slot->names[i]);
        if (const DotProduct* dot = model.dotproduct())
          for (const NamespaceSpan& ns : ex.namespaces)
            if (dot->side(ns) >= 0)
              for (uint32_t i = ns.begin; i < ns.end && i < ex.names.size(); ++i)
                latent_names[ex.features[i].index & mask].insert(ex.names[i]);
      }
      const double raw = model.predict(ex, features);
      const bool labeled = ex.has_label;
      const bool learn = learning && labeled && ex.importance > 0;
      if (learn) range.widen(ex.label);
      const double p_hat = range.clip(raw);
      double example_loss = 0.0;
      if (labeled)
        example_loss = o.core.binary ? ((p_hat > 0 ? 1.0 : -1.0) != ex.label ? 1.0 : 0.0) : loss->loss(p_hat, ex.label);
      if (learn) model.learn(features, p_hat, ex.label, ex.importance);
      const double shown = apply_link(o.core, p_hat);
      predictions.write(shown, ex.tag);
      raw_predictions.write(raw, ex.tag);
      stats.add(labeled, ex.label, ex.importance, example_loss, features.size());
      progress.after_example(stats, labeled, ex.label, shown, features.size());
      if (o.max_examples >= 0 && ++seen >= static_cast<uint64_t>(o.max_examples)) break;
    }
  }
  predictions.close();
  raw_predictions.close();
  if (model.state().nan_updates > 0)
    std::fprintf(stderr, "warning: %llu updates were not finite and were replaced by 0\n",
                 static_cast<unsigned long long>(model.state().nan_updates));

  if (!o.final_regressor.empty())
    write_model_file(o.final_regressor, snapshot(model, o.model_options, range, !o.predict_only_model));
  if (!o.readable_model.empty())
    write_readable_model(o.readable_model, model, o.model_options, range, nullptr, nullptr);
  if (!o.invert_hash.empty())
    write_readable_model(o.invert_hash, model, o.model_options, range, &linear_names, &latent_names);

  if (!o.progress.quiet)
    print_summary(stderr, stats, *loss, o.loss, o.core.binary,
                  RunTiming{progress.elapsed_seconds(), static_cast<double>(reader->bytes_read()), o.passes});
  return 0;
}

}  // namespace learner
