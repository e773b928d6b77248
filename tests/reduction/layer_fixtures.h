// Pieces for testing a layer (plugin.h's LayerPlugin) in isolation: option
// values from a map, and a learner below it that predicts a fixed score per
// sub-model and records every learn().
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "learner/learner.h"
#include "learner/loss/loss.h"
#include "learner/model/model_file.h"
#include "learner/plugin.h"

namespace learner::test {

class MapValues final : public OptionValues {
 public:
  explicit MapValues(std::map<std::string, std::string, std::less<>> values) : values_(std::move(values)) {}
  bool given(std::string_view name) const override { return values_.count(name) > 0; }
  bool flag(std::string_view name) const override { return given(name); }
  double number(std::string_view name) const override { return std::stod(text(name)); }
  std::string text(std::string_view name) const override {
    auto it = values_.find(name);
    if (it != values_.end()) return it->second;
    return "";
  }
  std::vector<std::string> list(std::string_view) const override { return {}; }

 private:
  std::map<std::string, std::string, std::less<>> values_;
};

// Predicts `scores[sub]` for a one-part call; records every learn().
class Recorder final : public Learner {
 public:
  struct Learned {
    uint32_t sub;
    double p_hat, label, importance;
  };
  explicit Recorder(std::vector<double> scores) : scores_(std::move(scores)), loss_(make_loss(LossSpec{})) {}
  std::string_view name() const override { return "recorder"; }
  const Loss& loss() const override { return *loss_; }
  double predict(const Example&, const std::vector<Feature>&, Parts parts) override {
    predicted.push_back(parts[0].index);
    return scores_.at(parts[0].index);
  }
  void learn(const Example&, const std::vector<Feature>&, Parts parts, double p_hat, double label,
             double importance) override {
    learned.push_back({parts[0].index, p_hat, label, importance});
  }
  void save(ModelWriter& out, bool) const override { out.begin_section("recorder", 1); }
  void load(ModelReader& in) override { in.section("recorder", 1); }
  void write_text(std::FILE*, const NameMap*) const override {}

  std::vector<uint32_t> predicted;
  std::vector<Learned> learned;

 private:
  std::vector<double> scores_;
  std::unique_ptr<Loss> loss_;
};

}  // namespace learner::test
