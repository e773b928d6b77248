// Trainer::run over multi-line examples, in-process (run_loop.h, "Multi-line
// examples"): the seam a GroupReduction (contextual-bandit ADF reductions
// later) plugs into. A recording GroupReduction over a learner that learns
// nothing sees each group once, whole (the shared line first), with the
// last group closed by the end of the data, blank lines in a row making no
// empty group, holdout holding out whole groups (the N-th of a pass),
// observers' after_group() once per group and stop() between groups.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "learner/loss/loss.h"
#include "learner/stream/pipeline.h"
#include "learner/train/trainer.h"
#include "support/files.h"

namespace learner {
namespace {

// A learner that predicts 0 and learns nothing: the test is about the loop.
class NullLearner final : public Learner {
 public:
  NullLearner() : loss_(make_loss(LossSpec{})) {}
  std::string_view name() const override { return "null"; }
  const Loss& loss() const override { return *loss_; }
  double predict(const Example&, const std::vector<Feature>&, Parts) override { return 0.0; }
  void learn(const Example&, const std::vector<Feature>&, Parts, double, double, double) override {}
  void save(ModelWriter&, bool) const override {}
  void load(ModelReader&) override {}
  void write_text(std::FILE*, const NameMap*) const override {}

 private:
  std::unique_ptr<Loss> loss_;
};

// Records each group: its lines' tags ("S:" for the shared line) and whether it was learned.
class Recorder final : public GroupReduction {
 public:
  const Outcome& process(const ExampleGroup& group, bool learn) override {
    std::string g;
    for (std::size_t i = 0; i < group.size(); ++i) g += (group[i].ex.shared ? "S:" : "") + group[i].ex.tag + " ";
    groups.push_back(g + (learn ? "learn" : "predict"));
    outcome_.labeled = true;
    outcome_.loss = 1.0;
    return outcome_;
  }
  void prediction_text(const ExampleGroup& group, std::string& out) const override {
    out = std::to_string(group.actions()) + "\n\n";
  }
  void raw_text(const ExampleGroup&, std::string& out) const override { out.clear(); }
  void row_text(std::string& label, std::string& prediction) const override {
    label.assign(3, 'k');  // (GCC 12 warns, wrongly, on assigning a literal here)
    prediction.assign(1, '1');
  }
  double line_score(std::size_t) const override { return 0.0; }
  std::vector<std::string> groups;

 private:
  Outcome outcome_;
};

class GroupCounter final : public RunObserver {
 public:
  explicit GroupCounter(uint64_t stop_after = 0) : stop_after_(stop_after) {}
  void after_group(const ExampleGroup&, const Outcome&) override { ++groups; }
  bool stop() const override { return stop_after_ > 0 && groups >= stop_after_; }
  uint64_t groups = 0;

 private:
  uint64_t stop_after_;
};

struct GroupRunResult {
  std::vector<std::string> groups;
  std::string predictions;
  RunEnd end;
  RunStats stats;
};

GroupRunResult run_groups(const std::string& text, TrainerOptions options, unsigned passes,
                          std::vector<RunObserver*> observers) {
  const std::string path = test::temp_path("groups_loop.vw");
  test::write_file(path, text);
  InputSpec in;
  in.data = path;
  in.parse.labels = LabelFormat::kLabelDependent;
  PipelineOwner pipe(in);
  StreamOptions stream_options;
  stream_options.passes = passes;
  stream_options.multiline = true;
  NullLearner learner;
  Recorder reduction;
  const std::string out = test::temp_path("groups_loop.pred");
  PredictionWriter predictions(out), raw;
  ProgressOptions quiet;
  quiet.quiet = true;
  ProgressTable progress(stderr, quiet);
  Trainer trainer(learner, reduction, options, progress, predictions, raw);
  for (RunObserver* o : observers) trainer.add_observer(*o);
  pipe->stream = std::make_unique<ExampleStream>(*pipe->reader, *pipe->parser, pipe->builder, stream_options);
  GroupRunResult r;
  r.end = trainer.run(*pipe->stream, RunLoopOptions{});
  if (!r.end.stopped) trainer.finish(r.end.source);
  pipe.finish();
  predictions.close();
  r.groups = reduction.groups;
  r.predictions = test::slurp(out);
  r.stats = trainer.stats();
  return r;
}

const char* const kText =
    "shared 'g1 |s u\n1:0 'a |x a\n2:1 'b |x b\n\n\n"  // two blank lines: one group end
    "1:1 'c |x c\n2:0 'd |x d\n\n"
    "shared 'g3 |s v\n1:0 'e |x e\n";  // the last group: no blank line after it

TEST(RunGroups, EachGroupOnceAndWhole) {
  GroupCounter counter;
  const GroupRunResult r = run_groups(kText, TrainerOptions{}, 1, {&counter});
  EXPECT_EQ(r.groups, (std::vector<std::string>{"S:g1 a b learn", "c d learn", "S:g3 e learn"}));
  EXPECT_EQ(counter.groups, 3u);
  EXPECT_EQ(r.stats.examples, 3u);
  EXPECT_EQ(r.predictions, "2\n\n2\n\n1\n\n");
}

TEST(RunGroups, HoldoutHoldsOutWholeGroupsAndPassesRestart) {
  TrainerOptions holdout;
  holdout.holdout = true;
  holdout.holdout_period = 2;
  const GroupRunResult r = run_groups(kText, holdout, 2, {});
  EXPECT_EQ(r.groups, (std::vector<std::string>{"S:g1 a b learn", "c d predict", "S:g3 e learn", "S:g1 a b learn",
                                                "c d predict", "S:g3 e learn"}));
  EXPECT_EQ(r.stats.holdout_examples, 2u);
}

TEST(RunGroups, ObserversStopBetweenGroups) {
  GroupCounter stopper(2);
  const GroupRunResult r = run_groups(kText, TrainerOptions{}, 3, {&stopper});
  EXPECT_TRUE(r.end.stopped);
  EXPECT_EQ(r.groups.size(), 2u);
  EXPECT_EQ(r.stats.examples, 2u);
}

}  // namespace
}  // namespace learner
