#include "pseudo.h"
#include "learner/learners/plugins.h"

#include <cstdio>
#include <string>

#include "learner/error.h"
#include "learner/learner.h"
#include "learner/model/model_file.h"

namespace learner {
namespace {

class Pseudo final : public Learner {
 public:
  Pseudo(std::string name, const Loss& loss, unsigned bits, bool print)
      : name_(std::move(name)), loss_(loss), mask_(bits >= 32 ? 0xFFFFFFFFu : (1u << bits) - 1), print_(print) {}

  std::string_view name() const override { return name_; }
  const Loss& loss() const override { return loss_; }
  double predict(const Example& ex, const std::vector<Feature>& x, Parts) override {
    if (print_) write(ex, x);
    return 0.0;
  }
  void learn(const Example&, const std::vector<Feature>&, Parts, double, double, double) override {}
  void save(ModelWriter& out, bool) const override { out.begin_section(name_, 1); }
  void load(ModelReader& in) override { in.section(name_, 1); }
  void write_text(std::FILE*, const NameMap*) const override {}

 private:
  void write(const Example& ex, const std::vector<Feature>& x) const {
    if (ex.has_label) {
      std::fprintf(stderr, "%g ", ex.label);
      if (ex.importance != 1.0f || ex.base != 0.0f) {
        std::fprintf(stderr, "%g ", ex.importance);
        if (ex.base != 0.0f) std::fprintf(stderr, "%g ", ex.base);
      }
    }
    if (!ex.tag.empty()) std::fprintf(stderr, "'%s", ex.tag.c_str());
    std::fputs("| ", stderr);
    for (const Feature& f : x) {
      std::fprintf(stderr, "%u", f.index & mask_);
      if (f.value != 1.0f) std::fprintf(stderr, ":%g", f.value);
      std::fputc(' ', stderr);
    }
    std::fputc('\n', stderr);
  }

  std::string name_;
  const Loss& loss_;
  uint32_t mask_;
  bool print_;
};

LearnerPlugin pseudo_plugin(const char* name, const char* title, const char* help, bool print) {
  LearnerPlugin p;
  p.name = name;
  p.selector = name;
  p.title = title;
  p.options = {switch_option(name, help, true)};
  p.make = [name, print](const LearnerContext& c) -> std::unique_ptr<Learner> {
    if (c.sub_models > 1)
      throw UsageError(std::string("--") + name + " is a base learner for simple labels (as in VW): not under a "
                       "multiclass or multilabel reduction");
    return std::make_unique<Pseudo>(name, c.loss, c.bits, print);
  };
  return p;
}

}  // namespace

const LearnerPlugin& noop_plugin() {
  static const LearnerPlugin plugin =
      pseudo_plugin("noop", "noop (VW's: no learning)", "predict 0 and learn nothing (VW's --noop)", false);
  return plugin;
}

const LearnerPlugin& print_plugin() {
  static const LearnerPlugin plugin = pseudo_plugin(
      "print", "print (VW's: show examples)",
      "write each example's label and hashed features to stderr as VW's --print does; predict 0, learn nothing",
      true);
  return plugin;
}

}  // namespace learner
