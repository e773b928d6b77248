// Shared by the learners' tests: small generated data sets, probes and a
// save/load helper.
#pragma once

#include <cmath>
#include <cstdio>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "learner/example.h"
#include "learner/learner.h"
#include "learner/model/model_file.h"
#include "learner/parse/hash.h"
#include "support/files.h"

namespace learner::test {

struct Data {
  std::vector<std::vector<Feature>> x;
  std::vector<double> y;  // -1/+1, or a class 0..K-1
};

// Dense x in [-1, 1]^d at indices 0..d-1, plus the constant feature.
inline std::vector<Feature> dense(const std::vector<double>& v, bool constant = true) {
  std::vector<Feature> x;
  for (std::size_t i = 0; i < v.size(); ++i) x.push_back(Feature{static_cast<float>(v[i]), static_cast<uint32_t>(i)});
  if (constant) x.push_back(Feature{1.0f, kConstantIndex});
  return x;
}

// Linearly separable data: y (w*.x + b*) >= rho with |w*| = 1; r is max |x|.
struct Separable {
  Data data;
  double rho, b_star, r;
};
inline Separable separable(int n, int d, double rho, double b_star, unsigned seed) {
  std::mt19937 rng(seed);
  std::normal_distribution<double> normal;
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  std::vector<double> w(d);
  double norm = 0.0;
  for (double& v : w) {
    v = normal(rng);
    norm += v * v;
  }
  for (double& v : w) v /= std::sqrt(norm);
  Separable s{{}, rho, b_star, 0.0};
  while (static_cast<int>(s.data.x.size()) < n) {
    std::vector<double> v(d);
    double m = b_star, sq = 0.0;
    for (int i = 0; i < d; ++i) {
      v[i] = uniform(rng);
      m += w[i] * v[i];
      sq += v[i] * v[i];
    }
    if (std::fabs(m) < rho) continue;
    s.r = std::max(s.r, std::sqrt(sq));
    s.data.x.push_back(dense(v));
    s.data.y.push_back(m > 0 ? 1.0 : -1.0);
  }
  return s;
}

// Gaussian blobs, one per class 0..k-1, in d dimensions (overlapping a bit).
inline Data blobs(int n, int d, int k, double spread, unsigned seed) {
  std::mt19937 rng(seed);
  std::normal_distribution<double> normal;
  std::vector<std::vector<double>> centre(k, std::vector<double>(d));
  for (auto& c : centre)
    for (double& v : c) v = normal(rng);
  Data data;
  for (int e = 0; e < n; ++e) {
    const int c = e % k;
    std::vector<double> v(d);
    for (int i = 0; i < d; ++i) v[i] = centre[c][i] + spread * normal(rng);
    data.x.push_back(dense(v));
    data.y.push_back(c);
  }
  return data;
}

// Noisy XOR: clusters at (+-1, +-1), y = sign(x1 x2).
inline Data xor_data(int n, unsigned seed) {
  std::mt19937 rng(seed);
  std::normal_distribution<double> noise(0.0, 0.2);
  Data data;
  for (int e = 0; e < n; ++e) {
    const double a = (e & 1) ? 1.0 : -1.0, b = (e & 2) ? 1.0 : -1.0;
    data.x.push_back(dense({a + noise(rng), b + noise(rng)}));
    data.y.push_back(a * b);
  }
  return data;
}

// Writes `l` to a temporary model file and returns its path.
inline std::string save_model(const Learner& l, const std::string& name, bool with_state) {
  const std::string path = temp_path("learners_" + name);
  ModelWriter out(path, {}, l.name());
  l.save(out, with_state);
  out.commit();
  return path;
}

// Loads the file at `path` into `l` (checking the learner name).
inline void load_model(Learner& l, const std::string& path) {
  ModelReader in(path);
  if (in.learner() != l.name()) throw std::runtime_error("wrong learner " + in.learner());
  l.load(in);
  in.finish();
}

// write_text() into a string.
inline std::string text_of(const Learner& l, const NameMap* names = nullptr) {
  std::FILE* f = std::tmpfile();
  l.write_text(f, names);
  std::rewind(f);
  std::string s;
  char buf[4096];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) s.append(buf, n);
  std::fclose(f);
  return s;
}

}  // namespace learner::test
