#include "driver.h"

#include <cmath>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <memory>

#include "preamble.h"
#include "rank_agreement.h"
#include "signals.h"
#include "learner/learners/gd/label_range.h"
#include "learner/error.h"
#include "learner/io/output_file.h"
#include "learner/parallel/allreduce.h"
#include "learner/parallel/peer_failed.h"
#include "learner/parse/line_bytes.h"
#include "learner/reduction/reduction.h"
#include "learner/reduction/scalar.h"
#include "learner/report/progress.h"
#include "learner/report/summary.h"
#include "learner/stream/pipeline.h"
#include "learner/train/audit.h"
#include "learner/train/summary_json.h"
#include "learner/train/model_output.h"
#include "learner/train/prediction_writer.h"
#include "learner/train/trainer.h"
#include "namespace_check.h"
#include "auto_cache.h"
#include "vw_adf_route_metrics.h"
#include "vw_indexing_log.h"
#include "vw_metrics.h"
#include "vw_text_header_of.h"
#include "rank_setup.h"
#include "run_observers.h"


namespace learner {
namespace {

LabelRange initial_range(const Options& o, const Loss& loss) {
  LabelRange range;
  const Range start = loss.initial_range();
  range.min = start.min;
  range.max = start.max;
  if (o.min_prediction) {
    range.min = *o.min_prediction;
    range.fixed_min = true;
  }
  if (o.max_prediction) {
    range.max = *o.max_prediction;
    range.fixed_max = true;
  }
  if (range.min > range.max) throw UsageError("--min_prediction is larger than --max_prediction");
  return range;
}

// The model files a run writes: -f, --readable_model and --invert_hash (at
// the end, or with holdout after each pass that improves the holdout loss, as
// VW does, so that they hold the best pass), with the feature names
// --invert_hash collects. Paths are checked for writability before training.
class ModelOutputs final : public RunObserver {
 public:
  ModelOutputs(const Options& o, const Learner& learner, const LabelRange& range, const ReductionState* reduction)
      : o_(o), learner_(learner), range_(range), reduction_(reduction) {
    check_output_writable(o.final_regressor);  // fail before training, not after
    check_output_writable(o.readable_model);
    check_output_writable(o.invert_hash);
  }
  bool want_names() const { return !o_.invert_hash.empty(); }
  unsigned hooks() const override { return want_names() ? unsigned{kBefore} : 0u; }
  bool any() const { return !o_.final_regressor.empty() || !o_.readable_model.empty() || !o_.invert_hash.empty(); }

  // Remembers the name each feature index is first seen with, and in which order (first pass only).
  bool before(const ParsedExample& slot) override {
    if (!want_names() || slot.pass != 0) return true;
    for (std::size_t i = 0; i < slot.features.size() && i < slot.names.size(); ++i)
      if (names_.try_emplace(slot.features[i].index, FeatureName{slot.names[i], names_seen_}).second) ++names_seen_;
    return true;
  }

  // The run's counters for the text models' save_resume block (vw_resume_block.h), read when they
  // are written; without them (or with --predict_only_model) the text holds the weights alone.
  void count_with(const Trainer& trainer, const ProgressTable& progress) {
    trainer_ = &trainer;
    progress_ = &progress;
  }

  void save() const {
    if (!o_.final_regressor.empty())
      save_model(o_.final_regressor, o_.model_options, learner_, range_, !o_.predict_only_model, reduction_);
    if (o_.readable_model.empty() && o_.invert_hash.empty()) return;
    RunCounters run;
    const bool resume = !o_.predict_only_model && trainer_ && progress_;
    if (resume) run = run_counters(trainer_->stats(), *progress_, trainer_->pass_times().size());
    // VW sums weighted_labels for simple (scalar) labels only, not for classes, costs or actions.
    if (o_.parse.labels != LabelFormat::kSimple) run.weighted_labels = 0.0;
    if (!o_.readable_model.empty())
      write_readable_model(o_.readable_model, detail::vw_text_header_of(o_), learner_, range_, reduction_, nullptr,
                           resume ? &run : nullptr);
    if (!o_.invert_hash.empty())
      write_readable_model(o_.invert_hash, detail::vw_text_header_of(o_), learner_, range_, reduction_, &names_,
                           resume ? &run : nullptr);
  }
  void save_pass(unsigned pass) const {
    save_model(o_.final_regressor + "." + std::to_string(pass + 1), o_.model_options, learner_, range_,
               !o_.predict_only_model, reduction_);
  }

 private:
  const Options& o_;
  const Learner& learner_;
  const LabelRange& range_;
  const ReductionState* reduction_;  // the reduction's model-file state (nullptr: none)
  const Trainer* trainer_ = nullptr;          // count_with()
  const ProgressTable* progress_ = nullptr;
  NameMap names_;
  uint64_t names_seen_ = 0;  // names_'s entries so far (their `seen` order)
};

InputSpec input_of(const Options& o) {
  InputSpec in;
  in.data = o.data;
  in.parse = o.parse;
  in.features = o.features;
  in.cache_path = o.cache_path;
  in.kill_cache = o.kill_cache;
  in.lenient = o.lenient;
  return in;
}

// RMSE and MAE are measured for regression: the scalar problem with a loss
// whose prediction estimates the label (its mean, a quantile or an
// expectile; poisson's mean through --link poisson), shown as it is.
bool measures_errors(const Options& o, const Learner& learner) {
  if (o.reduction_plugin || o.reduction.binary || learner.classifier()) return false;
  const std::string_view name = learner.loss().name();
  if (name == "poisson") return o.reduction.link == Link::kPoisson;
  return o.reduction.link == Link::kIdentity && (name == "squared" || name == "classic" || name == "quantile" ||
                                                  name == "absolute" || name == "expectile");
}

TrainerOptions trainer_options(const Options& o) {
  TrainerOptions t;
  t.testonly = o.testonly;
  t.holdout = o.holdout;
  t.holdout_period = o.holdout_period;
  t.holdout_after = o.holdout_after;
  t.early_terminate = o.early_terminate;
  return t;
}

}  // namespace

namespace {

// The run itself; `group` is nullptr without --allreduce. `collecting` is
// set to false once this rank has joined the group's last collective.
int run_in(const Options& o, AllReduce* group, bool& collecting) {
  const std::unique_ptr<Loss> loss = make_loss(o.loss);
  const std::unique_ptr<Learner> owned =
      o.learner_setup.make(LearnerContext{*o.values, o.bits, o.sub_models, *loss, group});
  // The layers over the learner, nearest it first (plugin.h's LayerPlugin):
  // the reduction, the model files and the run loop see the top one.
  std::vector<std::unique_ptr<Learner>> layers;
  {
    uint32_t sub = o.sub_models;  // each layer's caller asks for sub / its width
    for (const LayerPlugin* l : o.layers) {
      sub /= l->width(*o.values);
      Learner& below = layers.empty() ? *owned : *layers.back();
      layers.push_back(l->make(LayerContext{*o.values, sub, o.random_seed}, below));
    }
  }
  Learner& learner = layers.empty() ? *owned : *layers.back();
  if (!learner.start_weights(o.weight_init))
    throw UsageError("--initial_weight, --random_weights, --normal_weights, --truncated_normal_weights and "
                     "--constant apply to the gradient learner and the perceptron family, not to the " +
                     std::string(learner.name()) + " learner");
  LabelRange range = initial_range(o, *loss);
  if (o.initial_model) {
    learner.set_restore_rate(!o.learning_rate_given);  // the gradient learner's (learner.h)
    load_model(*o.initial_model, learner, range, false);  // the reduction's state follows, once it is built
    if (learner.loaded_without_state() && !o.testonly)
      std::fprintf(stderr,
                   "warning: %s has no optimizer state (written with --predict_only_model): "
                   "training continues from its weights with fresh adaptive sums and normalisers\n",
                   o.initial_regressor.c_str());
  }

  // A reduction of multi-line examples (plugin.h's make_group) or of single lines, with the
  // layers over a single-line reduction (--classweight).
  const bool multiline = o.reduction_plugin && o.reduction_plugin->make_group;
  const bool json_events = (o.parse.format == InputFormat::kJson || o.parse.format == InputFormat::kDsJson) &&
                           o.parse.labels == LabelFormat::kContextualBanditAdf;  // formats/json_bandit.h
  if (multiline && o.parse.format != InputFormat::kText && !json_events)
    throw UsageError("--" + o.reduction_plugin->name + " reads multi-line examples from VW's text format, not from " +
                     format_name(o.parse.format));
  std::unique_ptr<GroupReduction> group_reduction =
      multiline ? o.reduction_plugin->make_group(*o.values, o.reduction, learner, range) : nullptr;
  if (group_reduction && !o.extra_metrics.empty())  // VW's blocks of the stack (vw_metrics.h)
    group_reduction = std::make_unique<VwGroupMetrics>(vw_group_metrics_spec(o), std::move(group_reduction));
  std::unique_ptr<Reduction> reduction =
      multiline           ? nullptr
      : o.reduction_plugin ? o.reduction_setup.make(o.reduction, learner, range)
                           : std::make_unique<Scalar>(o.reduction, learner, range);
  if (reduction)
    for (const ReductionWrap& wrap : o.reduction_layers) reduction = wrap(std::move(reduction));
  ReductionState* reduction_state = group_reduction ? group_reduction->state() : reduction ? reduction->state() : nullptr;
  if (o.initial_model) load_reduction_state(*o.initial_model, reduction_state);
  PredictionWriter predictions(o.predictions), raw_predictions(o.raw_predictions);
  ModelOutputs models(o, learner, range, reduction_state);
  check_output_writable(o.extra_metrics, "--extra_metrics file");
  check_output_writable(o.summary_json, "--summary_json file");

  InputSpec input = input_of(o);
  if (group && o.shard_by_line && multiline)
    throw UsageError("--shard_by line would split the multi-line examples of --" + o.reduction_plugin->name +
                     " between ranks: give each rank a file of its own");
  if (group && o.shard_by_line) {
    input.shard_rank = static_cast<unsigned>(group->rank());
    input.shard_count = static_cast<unsigned>(group->size());
  }
  PipelineOwner pipe(input);
  if (!o.extra_metrics.empty())  // the reader's counters for --extra_metrics (vw_metrics.h)
    if (auto* source = dynamic_cast<MetricsSource*>(pipe->parser.get())) source->collect();
  LineReader& reader = *pipe->reader;
  if (o.passes > 1 && !reader.seekable() && o.cache_path.empty())
    throw UsageError("--passes " + std::to_string(o.passes) + " needs a data file that can be re-read; " +
                     reader.name() + " is a pipe or standard input (give --cache_file FILE to train several passes "
                     "from it)");

  // --audit_regressor (VW's reduction of that name): lists the -i model's
  // weights by the names met in the data; nothing is learned.
  std::unique_ptr<RegressorAudit> regressor;
  if (!o.audit_regressor.empty()) {
    if (!o.initial_model)
      throw UsageError("--audit_regressor needs -i MODEL (the trained model whose weights it lists by feature name)");
    if (o.passes > 1) throw UsageError("--audit_regressor reads the data once; it cannot be used with --passes > 1");
    if (!o.cache_path.empty())
      throw UsageError("--audit_regressor needs the text data (feature names are not cached): drop -c/--cache_file");
    regressor = std::make_unique<RegressorAudit>(o.audit_regressor, learner, o.sub_models);
  }
  std::unique_ptr<AuditWriter> audit;
  if (o.audit) audit = std::make_unique<AuditWriter>(stdout, learner, o.sub_models, o.testonly);

  StreamOptions stream_options;
  stream_options.passes = o.passes;
  stream_options.want_names = models.want_names() || audit || regressor;
  stream_options.lenient = o.lenient;
  stream_options.compressed = o.compressed;
  stream_options.memory_bytes = static_cast<std::size_t>(o.pass_memory_mib) << 20;
  stream_options.parse_threads = o.threads;
  // the dyadic model reads ex.features; --extra_metrics counts each line's namespaces on every pass (VW's cbea_*)
  stream_options.retain_raw_features = o.learner_setup.raw_features || !o.extra_metrics.empty();
  stream_options.automatic_cache_path = automatic_cache_path(o);  // auto_cache.h
  stream_options.multiline = multiline;
  {
    std::error_code error;  // the size of a plain data file, to see early that pass 1 will not fit
    if (o.data != "-" && std::filesystem::is_regular_file(o.data, error)) {
      const auto size = std::filesystem::file_size(o.data, error);
      if (!error) stream_options.text_bytes = size;
    }
  }
  std::unique_ptr<CacheReader> cache;
  const CacheUse cache_use = open_cache(input, stream_options, cache);
  // A learner without a rate of its own (learner.h: NaN) shows -l as given.
  const double rate = std::isnan(learner.learning_rate()) && o.learning_rate_given
                          ? o.values->number("learning_rate")
                          : learner.learning_rate();
  print_preamble(o, learner, rate, cache_use);
  if (group && o.progress.prints())
    std::fprintf(stderr, "allreduce = %d ranks, %s (progress rows and summary: sums over the ranks)\n",
                 group->size(), o.shard_by_line ? "--shard_by line" : "one file per rank");

  const SignalGuard signals(o.save_on_signal);
  if (o.save_on_signal) stream_options.cancel = cancel_flag();

  ProgressOptions progress_options = o.progress;
  progress_options.show_pass = o.passes > 1;
  progress_options.holdout = o.holdout;
  ProgressTable progress(stderr, progress_options);
  Trainer trainer = multiline
                        ? Trainer(learner, *group_reduction, trainer_options(o), progress, predictions, raw_predictions)
                        : Trainer(learner, *reduction, trainer_options(o), progress, predictions, raw_predictions);
  // Measured only where they are reported: the summary or --extra_metrics, without holdout (whose
  // loss is the average loss then). Under --allreduce every rank measures (rank 0 reports the sums).
  models.count_with(trainer, progress);
  if (measures_errors(o, learner) && !o.holdout && (group || o.progress.prints() || !o.summary_json.empty()))
    trainer.measure_errors(range);
  NamespaceCheck namespaces(o);  // every namespace an option names occurs in pass 1 (namespace_check.h)
  trainer.add_pass_hook([&](const PassEnd& end) {
    if (end.pass == 0) namespaces.verify(group, reader.name());
  });
  if (group) {
    trainer.set_group(*group);  // every rank has opened its input and starts from one model
    trainer.add_pass_hook([&](const PassEnd&) { widen_over_ranks(*group, range); });  // before the saving hooks
  }
  if (o.holdout)
    trainer.add_pass_hook([&](const PassEnd& end) {
      if (end.verdict == HoldoutTracker::Verdict::kImproved) models.save();
    });
  if (o.save_per_pass) trainer.add_pass_hook([&](const PassEnd& end) { models.save_pass(end.pass); });

  // The per-example policies, in the order they act (train/run_loop.h, run_observers.h).
  std::unique_ptr<RegressorObserver> regressor_observer;
  if (regressor) {
    regressor_observer = std::make_unique<RegressorObserver>(*regressor);
    trainer.add_observer(*regressor_observer);
  }
  trainer.add_observer(models);
  NamespaceObserver namespace_observer(namespaces);
  trainer.add_observer(namespace_observer);
  std::unique_ptr<AuditObserver> audit_observer;
  if (audit) {
    audit_observer = std::make_unique<AuditObserver>(*audit, group_reduction.get());
    trainer.add_observer(*audit_observer);
  }
  std::unique_ptr<VwIndexingLog> indexing_log;  // --extra_metrics' total_log_calls (vw_indexing_log.h)
  std::unique_ptr<VwAdfRouteMetrics> adf_route;  // --cb_explore K's explorer block (vw_adf_route_metrics.h)
  if (!o.extra_metrics.empty() && !multiline) {
    indexing_log = std::make_unique<VwIndexingLog>(o);
    trainer.add_observer(*indexing_log);
    adf_route = VwAdfRouteMetrics::make(o, vw_explorer_block(*o.values));
    if (adf_route) trainer.add_observer(*adf_route);
  }
  StopObserver stop(o.max_examples);
  trainer.add_observer(stop);
  RunLoopOptions loop;
  loop.lenient = o.lenient;
  loop.pad_skipped = o.pad_skipped;
  pipe->stream = std::make_unique<ExampleStream>(reader, *pipe->parser, pipe->builder, std::move(stream_options),
                                                 std::move(cache));
  const RunEnd end = trainer.run(*pipe->stream, loop);
  const bool any = end.any;
  bool early_stop = end.early_stop;
  const PassSource source = end.source;
  const uint64_t bytes = end.bytes;
  const uint64_t seen = stop.seen();
  const int signal = pending_signal();
  if (trainer.stats().skipped_lines > 0 && trainer.stats().examples == 0 && trainer.stats().holdout_weight == 0 &&
      signal == 0)
    throw Error("--lenient: all " + std::to_string(trainer.stats().skipped_lines) + " lines were malformed (is " +
                reader.name() + " in " + format_name(o.parse.format) +
                "?); nothing was learned and no output is written");
  if (regressor) {
    regressor->close();
    if (!regressor->done())
      std::fprintf(stderr, "Note: --audit_regressor found %llu of the model's %llu non-zero weights in %s\n",
                   static_cast<unsigned long long>(regressor->found()),
                   static_cast<unsigned long long>(regressor->total()), reader.name().c_str());
    pipe.finish();
    return 0;
  }
  if (group && signal == 0) {
    // Every rank closes every pass, whatever its shard held (an empty shard,
    // --examples): the pass ends are the group's collective points.
    while (!early_stop && trainer.pass() + 1 < o.passes) early_stop = trainer.next_pass(source);
  }
  if (signal == 0 && (any || group) && !early_stop) trainer.finish(source);
  if (group) {
    trainer.sum_stats();
    collecting = false;  // the group's last collective: from here on a failure is this rank's alone
  }
  MetricsSink vw_sink;  // --extra_metrics: gathered while the reader is alive, once its thread has stopped
  if (!o.extra_metrics.empty()) {
    const bool reader_stopped = pipe->stream->stop(std::chrono::milliseconds(300));
    vw_sink = vw_metrics(o,
                         {reader_stopped ? dynamic_cast<const MetricsSource*>(pipe->parser.get()) : nullptr,
                          dynamic_cast<const MetricsSource*>(group_reduction.get()), adf_route.get()},
                         trainer.stats(), multiline);
  }
  pipe.finish();
  predictions.close();
  raw_predictions.close();
  if (learner.dropped_updates() > 0)
    std::fprintf(stderr, "warning: %llu updates were not finite and were replaced by 0\n",
                 static_cast<unsigned long long>(learner.dropped_updates()));

  const HoldoutTracker& holdout = trainer.holdout();
  if (signal != 0) {
    models.save();  // the model as it is now, to resume from
    std::fprintf(stderr, "learner: stopped by %s after %llu examples%s%s\n", signal == SIGINT ? "SIGINT" : "SIGTERM",
                 static_cast<unsigned long long>(seen), o.final_regressor.empty() ? "" : "; model written to ",
                 o.final_regressor.c_str());
  } else if (!(o.holdout && holdout.has_best())) {
    models.save();
  } else if (o.progress.prints() && holdout.best_pass() + 1 != trainer.pass_times().size() && models.any()) {
    std::fprintf(stderr, "model outputs hold pass %u, the best holdout loss (%f)\n", holdout.best_pass() + 1,
                 holdout.best_loss());
  }

  // A reduction's labels are classes or sets: it prints its own best constant.
  // Under --allreduce the label histogram is rank 0's alone: no best constant.
  const bool no_constant =
      multiline || reduction->zero_one_loss() || !reduction->scalar_labels() || (group && group->size() > 1);
  const std::vector<PassTime>& times = trainer.pass_times();
  const RunTiming timing{progress.elapsed_seconds(), static_cast<double>(bytes), static_cast<unsigned>(times.size()),
                         times};
  if (o.progress.prints()) {
    print_summary(stderr, trainer.stats(), *loss, no_constant, timing, o.holdout ? &holdout : nullptr);
    if (multiline)
      group_reduction->print_summary(stderr);
    else
      reduction->print_summary(stderr);
    learner.print_summary(stderr);
  }
  if (!o.extra_metrics.empty() && (!group || group->rank() == 0)) write_vw_metrics(o.extra_metrics, vw_sink);
  if (!o.summary_json.empty() && (!group || group->rank() == 0))
    write_summary_json(o.summary_json, trainer.stats(), *loss, no_constant, timing, o.holdout ? &holdout : nullptr);
  return signal != 0 ? 128 + signal : 0;
}

}  // namespace

// --allreduce: a failure of this rank (bad input, a missing shard) is
// announced to the group at its next collective point (agree_failed(true)
// here, matched by the others' agree_failed(false) at their next pass end),
// so every rank stops there instead of waiting forever; the failing rank's
// message names its rank, the others' say they stopped because of it
// (PeerFailed). Ranks started with different options all fail at the
// first collective with one message. Each rank prints its message here, before telling the group
// (main() then only exits: ReportedFailure). No rank writes -f after a failure: rank 0 writes it only
// after the last collective.
int run(const Options& o) {
  if (!o.allreduce) {
    bool unused = false;
    return run_in(o, nullptr, unused);
  }
  const std::unique_ptr<AllReduce> group = make_group();
  const std::string who =
      group->size() > 1 ? "rank " + std::to_string(group->rank()) + " of " + std::to_string(group->size()) + ": " : "";
  bool collecting = true;
  try {
    // The group's first collective: ranks started with different options
    // all stop here with the same message (rank_agreement.h).
    if (o.values) check_ranks_agree(*group, agreement_text(*o.values));
    return run_in(for_rank(o, *group), group.get(), collecting);
  } catch (const PeerFailed& e) {
    std::fprintf(stderr, "learner: error: %s\n", e.what());
    throw ReportedFailure(1);
  } catch (const UsageError& e) {
    std::fprintf(stderr, "learner: %s%s\nTry 'learner --help' for the list of options.\n", who.c_str(), e.what());
    if (collecting) group->agree_failed(true);
    throw ReportedFailure(2);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "learner: error: %s%s\n", who.c_str(), e.what());
    if (collecting) group->agree_failed(true);
    throw ReportedFailure(1);
  }
}

}  // namespace learner
