// Trainer::run driven in-process, without the command line: a pipeline, the
// gradient learner, the scalar problem, a Trainer and observers of our own
// (train/run_loop.h) give the same -p lines as the learner binary, and the
// observers see, skip and stop as the contract says.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "learner/learners/gd/config.h"
#include "learner/learners/gd/label_range.h"
#include "learner/learners/gd/model.h"
#include "learner/loss/loss.h"
#include "learner/reduction/scalar.h"
#include "learner/stream/pipeline.h"
#include "learner/train/trainer.h"
#include "support/files.h"
#include "learners/gd/fixed_config.h"

namespace learner {
namespace {

std::string data_text() {
  std::string text;
  for (int i = 0; i < 40; ++i)
    text += std::to_string(i % 4) + " 't" + std::to_string(i) + " |a x:" + std::to_string(i % 5) + " y |b z" +
            std::to_string(i % 3) + "\n";
  return text;
}

class Counter final : public RunObserver {
 public:
  explicit Counter(uint64_t stop_after = 0, uint64_t skip_every = 0) : stop_after_(stop_after), skip_(skip_every) {}
  bool before(const ParsedExample& slot) override {
    ++seen;
    return skip_ == 0 || slot.ex.line % skip_ != 0;
  }
  void after(const ParsedExample&, const Outcome& outcome) override {
    ++processed;
    last_prediction = outcome.prediction;
  }
  bool stop() const override { return stop_after_ > 0 && processed >= stop_after_; }
  uint64_t seen = 0, processed = 0;
  double last_prediction = 0.0;

 private:
  uint64_t stop_after_, skip_;
};

struct Trained {
  std::string predictions;
  RunEnd end;
  RunStats stats;
};

// One run of the gradient learner with its defaults over `path`.
Trained train(const std::string& path, std::vector<RunObserver*> observers, unsigned passes = 1) {
  InputSpec in;
  in.data = path;
  PipelineOwner pipe(in);
  StreamOptions stream_options;
  stream_options.passes = passes;
  std::unique_ptr<CacheReader> cache;
  open_cache(in, stream_options, cache);
  const std::unique_ptr<Loss> loss = make_loss(LossSpec{});
  CoreConfig core = fixed_config();
  Model model(core, *loss);
  LabelRange range;
  range.min = loss->initial_range().min;
  range.max = loss->initial_range().max;
  ReductionSpec spec;
  Scalar scalar(spec, model, range);
  const std::string out = test::temp_path("run_loop.pred");
  PredictionWriter predictions(out), raw;
  ProgressOptions quiet;
  quiet.quiet = true;
  ProgressTable progress(stderr, quiet);
  Trainer trainer(model, scalar, TrainerOptions{}, progress, predictions, raw);
  for (RunObserver* o : observers) trainer.add_observer(*o);
  pipe->stream = std::make_unique<ExampleStream>(*pipe->reader, *pipe->parser, pipe->builder,
                                                 std::move(stream_options), std::move(cache));
  Trained r;
  r.end = trainer.run(*pipe->stream, RunLoopOptions{});
  while (!r.end.early_stop && !r.end.stopped && trainer.pass() + 1 < passes) trainer.next_pass(r.end.source);
  if (!r.end.stopped) trainer.finish(r.end.source);
  pipe.finish();
  predictions.close();
  r.predictions = test::slurp(out);
  r.stats = trainer.stats();
  return r;
}

TEST(RunLoop, DrivesATrainerAsTheCommandLineDoes) {
  const std::string data = test::temp_path("run_loop.vw"), cli_out = test::temp_path("run_loop_cli.pred");
  test::write_file(data, data_text());
  Counter counter;
  const Trained run = train(data, {&counter});
  EXPECT_TRUE(run.end.any);
  EXPECT_FALSE(run.end.stopped);
  EXPECT_EQ(counter.seen, 40u);
  EXPECT_EQ(counter.processed, 40u);
  EXPECT_EQ(run.stats.examples, 40u);
  const std::string command = std::string(LEARNER_BINARY) + " --quiet -d " + data + " -p " + cli_out;
  ASSERT_EQ(std::system(command.c_str()), 0);
  EXPECT_EQ(run.predictions, test::slurp(cli_out));  // the same bytes as the binary's -p
}

TEST(RunLoop, ObserversSkipAndStop) {
  const std::string data = test::temp_path("run_loop.vw");
  test::write_file(data, data_text());
  Counter skipper(0, 4);   // skips lines 4, 8, ...: not processed, no -p line
  Counter later;           // added after the skipper: does not see skipped examples
  const Trained skipped = train(data, {&skipper, &later});
  EXPECT_EQ(skipper.seen, 40u);
  EXPECT_EQ(later.seen, 30u);
  EXPECT_EQ(skipped.stats.examples, 30u);
  EXPECT_EQ(std::count(skipped.predictions.begin(), skipped.predictions.end(), '\n'), 30);

  Counter stopper(7);
  const Trained stopped = train(data, {&stopper}, 3);
  EXPECT_TRUE(stopped.end.stopped);
  EXPECT_EQ(stopper.processed, 7u);
  EXPECT_EQ(stopped.stats.examples, 7u);
}

TEST(RunLoop, PassesAreClosedBetweenSlots) {
  const std::string data = test::temp_path("run_loop.vw");
  test::write_file(data, data_text());
  Counter counter;
  const Trained run = train(data, {&counter}, 3);
  EXPECT_EQ(counter.processed, 120u);  // three passes, no holdout (TrainerOptions{})
  EXPECT_FALSE(run.end.early_stop);
}

// An observer that counts every call and wants only the hooks it is given.
class HookCounter final : public RunObserver {
 public:
  explicit HookCounter(unsigned hooks, uint64_t stop_after = 0) : hooks_(hooks), stop_after_(stop_after) {}
  unsigned hooks() const override { return hooks_; }
  bool before(const ParsedExample&) override {
    ++befores;
    return true;
  }
  void after(const ParsedExample&, const Outcome&) override { ++afters; }
  bool stop() const override {
    ++stops;
    return stop_after_ > 0 && afters >= stop_after_;
  }
  uint64_t befores = 0, afters = 0;
  mutable uint64_t stops = 0;

 private:
  unsigned hooks_;
  uint64_t stop_after_;
};

TEST(RunLoop, ObserversAreCalledOnlyForTheHooksTheyName) {
  const std::string data = test::temp_path("run_loop.vw");
  test::write_file(data, data_text());
  HookCounter all(RunObserver::kAllHooks), after_only(RunObserver::kAfter), none(0);
  HookCounter stopper(RunObserver::kAfter | RunObserver::kStop, 7);
  const Trained run = train(data, {&all, &after_only, &none, &stopper});
  EXPECT_TRUE(run.end.stopped);  // the last observer's stop() is still asked
  EXPECT_EQ(all.befores, 7u);
  EXPECT_EQ(all.afters, 7u);
  EXPECT_EQ(all.stops, 7u);
  EXPECT_EQ(after_only.afters, 7u);
  EXPECT_EQ(after_only.befores, 0u);
  EXPECT_EQ(after_only.stops, 0u);
  EXPECT_EQ(none.befores + none.afters + none.stops, 0u);
  EXPECT_EQ(stopper.stops, 7u);
  EXPECT_EQ(run.stats.examples, 7u);
}

}  // namespace
}  // namespace learner
