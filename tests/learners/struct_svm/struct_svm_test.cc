#include "learner/learners/struct_svm/struct_svm.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <random>
#include <vector>

#include "learner/learners/struct_svm/struct_hinge.h"
#include "learner/error.h"
#include "learners/perceptrons/fixtures.h"

namespace learner {
namespace {

const Example kSvmEx;

// The reduction's protocol (struct_svm.h): scores, loss-augmented argmax
// with costs `scale * v` for every mistake (v uniform), one learn() call.
// Returns the hinge value before the step.
double train_one(StructSvm& l, const std::vector<Feature>& x, uint32_t y, uint32_t k, double cost,
                 double importance = 1.0) {
  std::vector<Part> all(k);
  for (uint32_t c = 0; c < k; ++c) all[c] = {c, 1.0};
  std::vector<double> s(k), costs(k, cost);
  costs[y] = 0.0;
  l.predict_each(kSvmEx, x, all, s.data());
  const HingeResult r = loss_augmented_max(s, y, costs);
  const Part parts[2] = {{y, 1.0}, {r.argmax, -1.0}};
  l.learn(kSvmEx, x, parts, s[y] - s[r.argmax], costs[r.argmax], importance);
  return r.value;
}

std::vector<double> scores(StructSvm& l, const std::vector<Feature>& x, uint32_t k) {
  std::vector<Part> all(k);
  for (uint32_t c = 0; c < k; ++c) all[c] = {c, 1.0};
  std::vector<double> s(k);
  l.predict_each(kSvmEx, x, all, s.data());
  return s;
}

TEST(StructSvm, OneCompositeStepGolden) {
  // x = 2 at feature 3, truth 0 against class 1, margin 1, p_hat 0:
  // G = -2 at (3, class 0) and +2 at (3, class 1); S = 4, h = 2,
  // z = h w - eta G = +-2 eta = +-1 (eta 0.5), w = sign(z) max(0, |z| - eta l1) / (h + 2 eta l2).
  const std::vector<Feature> x = {{2.0f, 3}};
  const Part parts[2] = {{0, 1.0}, {1, -1.0}};
  const Part zero[1] = {{0, 1.0}}, one[1] = {{1, 1.0}};
  struct Case {
    double l1, l2, w;
  };
  for (const Case& c : {Case{0.0, 0.0, 0.5}, Case{0.2, 0.0, 0.45}, Case{0.2, 0.1, 0.9 / 2.1}, Case{3.0, 0.0, 0.0}}) {
    auto l = make_struct_svm({.bits = 10, .classes = 2, .rate = 0.5, .l1 = c.l1, .l2 = c.l2});
    l->learn(kSvmEx, x, parts, 0.0, 1.0, 1.0);
    EXPECT_NEAR(l->predict(kSvmEx, x, zero), 2.0 * c.w, 1e-15) << c.l1 << " " << c.l2;
    EXPECT_NEAR(l->predict(kSvmEx, x, one), -2.0 * c.w, 1e-15);
    EXPECT_EQ(l->steps(), 1u);
    EXPECT_EQ(l->updates(), 1u);  // the step ran, even where L1 truncated the result to 0
  }
}

TEST(StructSvm, MarginMetOrNoImportanceChangesNothing) {
  auto l = make_struct_svm({.bits = 10, .classes = 3});
  const std::vector<Feature> x = {{1.0f, 5}};
  const Part parts[2] = {{0, 1.0}, {2, -1.0}};
  l->learn(kSvmEx, x, parts, 1.5, 1.0, 1.0);  // margin 1.5 >= 1: no loss
  l->learn(kSvmEx, x, parts, 0.0, 1.0, 0.0);  // importance 0: no-op
  EXPECT_EQ(test::text_of(*l), "");
  EXPECT_EQ(l->steps(), 1u);
  EXPECT_EQ(l->updates(), 0u);
}

// An eager reference: every slot ever seen takes the composite step at every
// learn() call (G = 0 outside the example), iterated, not in closed form.
struct Eager {
  double rate, l1, l2;
  std::map<uint64_t, std::pair<double, double>> slots;  // w, S
  std::vector<uint64_t> free;
  void step(const std::map<uint64_t, double>& grad) {
    for (const auto& [s, g] : grad) slots.try_emplace(s, 0.0, 0.0);
    for (auto& [s, ws] : slots) {
      auto it = grad.find(s);
      const double g = it == grad.end() ? 0.0 : it->second;
      const bool reg = std::find(free.begin(), free.end(), s) == free.end();
      ws.second += g * g;
      const double h = std::sqrt(ws.second);
      if (h == 0.0) continue;
      const double z = h * ws.first - rate * g;
      const double m = std::max(0.0, std::fabs(z) - rate * (reg ? l1 : 0.0));
      ws.first = m > 0 ? std::copysign(m / (h + 2 * rate * (reg ? l2 : 0.0)), z) : 0.0;
    }
  }
  double weight(uint64_t s) const {
    auto it = slots.find(s);
    return it == slots.end() ? 0.0 : it->second.first;
  }
};

TEST(StructSvm, LazyRegularisationEqualsTheEagerSteps) {
  const uint32_t k = 3, bits = 12;
  auto slot = [&](uint32_t h, uint32_t c) { return (static_cast<uint64_t>(h) * k + c) & ((1u << bits) - 1); };
  for (auto [l1, l2] : {std::pair{0.01, 0.0}, std::pair{0.0, 0.05}, std::pair{0.02, 0.03}}) {
    auto l = make_struct_svm({.bits = bits, .classes = k, .rate = 0.7, .l1 = l1, .l2 = l2});
    Eager ref{0.7, l1, l2, {}, {}};
    for (uint32_t c = 0; c < k; ++c) ref.free.push_back(slot(kConstantIndex, c));
    std::mt19937 rng(99);
    std::normal_distribution<double> normal;
    std::uniform_int_distribution<uint32_t> feature(0, 7), klass(0, k - 1);
    for (int t = 0; t < 300; ++t) {
      // A sparse example: 1-3 of 8 features and the constant.
      std::vector<Feature> x;
      for (int j = 0, n = 1 + t % 3; j < n; ++j) x.push_back({static_cast<float>(normal(rng)), feature(rng)});
      x.push_back({1.0f, kConstantIndex});
      const uint32_t y = klass(rng), other = (y + 1 + t % (k - 1)) % k;
      const Part parts[2] = {{y, 1.0}, {other, -1.0}};
      const double p = l->predict(kSvmEx, x, parts);
      const double margin = 1.0;
      std::map<uint64_t, double> grad;
      if (p < margin)
        for (const Part& part : parts)
          for (const Feature& f : x) grad[slot(f.index, part.index)] += -part.sign * f.value;
      ref.step(grad);
      l->learn(kSvmEx, x, parts, p, margin, 1.0);
      for (uint32_t h = 0; h < 8; ++h)
        for (uint32_t c = 0; c < k; ++c) {
          const std::vector<Feature> probe = {{1.0f, h}};
          const Part part[1] = {{c, 1.0}};
          ASSERT_NEAR(l->predict(kSvmEx, probe, part), ref.weight(slot(h, c)), 1e-12) << "step " << t;
        }
    }
    // The biases are not regularised: with l1 they still hold non-zero values.
    const std::vector<Feature> constant = {{1.0f, kConstantIndex}};
    double bias = 0.0;
    for (uint32_t c = 0; c < k; ++c) {
      const Part part[1] = {{c, 1.0}};
      bias += std::fabs(l->predict(kSvmEx, constant, part));
      EXPECT_NEAR(l->predict(kSvmEx, constant, part), ref.weight(slot(kConstantIndex, c)), 1e-12);
    }
    EXPECT_GT(bias, 0.0);
  }
}

TEST(StructSvm, LearnsASeparableSetWithUniformCosts) {
  const uint32_t k = 4;
  const test::Data d = test::blobs(200, 3, k, 0.05, 12);
  auto l = make_struct_svm({.bits = 14, .classes = k, .rate = 0.5});
  double last_pass_loss = 0.0;
  for (int pass = 0; pass < 30; ++pass) {
    last_pass_loss = 0.0;
    for (std::size_t e = 0; e < d.x.size(); ++e)
      last_pass_loss += train_one(*l, d.x[e], static_cast<uint32_t>(d.y[e]), k, 1.0);
  }
  int correct = 0;
  for (std::size_t e = 0; e < d.x.size(); ++e)
    correct += predict_class(scores(*l, d.x[e], k)) == static_cast<uint32_t>(d.y[e]);
  EXPECT_EQ(correct, 200);
  EXPECT_EQ(last_pass_loss, 0.0);  // every margin met: s_y >= s_k + 1
}

TEST(StructSvm, L1ZeroesIrrelevantFeatures) {
  // Class = sign of feature 0; features 1..6 are rare noise.
  const uint32_t k = 2;
  std::mt19937 rng(4);
  std::normal_distribution<double> normal;
  std::bernoulli_distribution rare(0.2);
  std::vector<std::vector<Feature>> xs;
  std::vector<uint32_t> ys;
  for (int e = 0; e < 400; ++e) {
    const double signal = normal(rng);
    std::vector<Feature> x = {{static_cast<float>(signal), 0}, {1.0f, kConstantIndex}};
    for (uint32_t j = 1; j < 7; ++j)  // each noise feature in one example of five
      if (rare(rng)) x.push_back({static_cast<float>(normal(rng)), j});
    xs.push_back(x);
    ys.push_back(signal > 0 ? 1 : 0);
  }
  auto noise_weights = [&](StructSvm& l) {
    int nonzero = 0;
    for (uint32_t h = 1; h < 7; ++h) {
      const std::vector<Feature> probe = {{1.0f, h}};
      for (uint32_t c = 0; c < k; ++c) {
        const Part part[1] = {{c, 1.0}};
        nonzero += l.predict(kSvmEx, probe, part) != 0.0;
      }
    }
    return nonzero;
  };
  auto plain = make_struct_svm({.bits = 12, .classes = k});
  auto sparse = make_struct_svm({.bits = 12, .classes = k, .l1 = 0.05});
  for (int pass = 0; pass < 5; ++pass)
    for (std::size_t e = 0; e < xs.size(); ++e) {
      train_one(*plain, xs[e], ys[e], k, 1.0);
      train_one(*sparse, xs[e], ys[e], k, 1.0);
    }
  EXPECT_EQ(noise_weights(*plain), 12);
  const int noisy = noise_weights(*sparse);
  EXPECT_LT(noisy, 12);
  // A pass without the noise: every idle step truncates the noise weights by
  // eta lambda_1 / h (lazily), which drives them to exactly 0; without L1
  // nothing moves them.
  for (std::size_t e = 0; e < xs.size(); ++e) {
    const std::vector<Feature> signal(xs[e].begin(), xs[e].begin() + 2);
    train_one(*plain, signal, ys[e], k, 1.0);
    train_one(*sparse, signal, ys[e], k, 1.0);
  }
  EXPECT_EQ(noise_weights(*plain), 12);
  EXPECT_EQ(noise_weights(*sparse), 0);
  const std::vector<Feature> probe = {{1.0f, 0}};
  const Part one[1] = {{1, 1.0}};
  EXPECT_GT(sparse->predict(kSvmEx, probe, one), 0.0);  // the signal survives
}

TEST(StructSvm, ModelFileRoundTrip) {
  const uint32_t k = 3;
  const test::Data d = test::blobs(150, 4, k, 0.8, 31);
  for (bool with_state : {false, true}) {
    SCOPED_TRACE(with_state ? "with state" : "without state");
    StructSvmConfig config{.bits = 11, .classes = k, .rate = 0.3, .l1 = 0.001, .l2 = 0.002};
    auto a = make_struct_svm(config);
    for (std::size_t e = 0; e < 100; ++e) train_one(*a, d.x[e], static_cast<uint32_t>(d.y[e]), k, 1.0);
    const std::string path = test::save_model(*a, "struct_svm", with_state);
    auto b = make_struct_svm(config);
    test::load_model(*b, path);
    for (const auto& x : d.x) EXPECT_EQ(scores(*a, x, k), scores(*b, x, k));
    EXPECT_EQ(test::text_of(*a), test::text_of(*b));
    if (with_state) {  // training continues identically
      for (std::size_t e = 100; e < 150; ++e) {
        train_one(*a, d.x[e], static_cast<uint32_t>(d.y[e]), k, 1.0);
        train_one(*b, d.x[e], static_cast<uint32_t>(d.y[e]), k, 1.0);
      }
      EXPECT_EQ(test::text_of(*a), test::text_of(*b));
      EXPECT_EQ(a->steps(), b->steps());
    }
    auto other = make_struct_svm({.bits = 11, .classes = k + 1});
    EXPECT_THROW(test::load_model(*other, path), Error);
    std::remove(path.c_str());
  }
}

TEST(StructSvm, BadConfigurationsAreErrors) {
  EXPECT_THROW(make_struct_svm({.bits = 0}), Error);
  EXPECT_THROW(make_struct_svm({.bits = 33}), Error);
  EXPECT_THROW(make_struct_svm({.bits = 10, .classes = 0}), Error);
  EXPECT_THROW(make_struct_svm({.bits = 10, .classes = 2, .rate = 0.0}), Error);
  EXPECT_THROW(make_struct_svm({.bits = 10, .classes = 2, .rate = 1.0, .l1 = -1.0}), Error);
  EXPECT_THROW(make_struct_svm({.bits = 10, .classes = 2, .rate = 1.0, .l1 = 0.0, .l2 = NAN}), Error);
}

}  // namespace
}  // namespace learner
