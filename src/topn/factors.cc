#include "learner/topn/factors.h"

#include <Eigen/Dense>
#include <charconv>
#include <cmath>
#include <memory>

#include "learner/error.h"
#include "learner/io/line_reader.h"
#include "learner/io/output_file.h"
#include "fields.h"

namespace learner::topn {

void Factors::resize(const IdMap& u, const IdMap& i, unsigned k) {
  users = u;
  items = i;
  rank = k;
  user_bias.assign(u.size(), 0.0f);
  item_bias.assign(i.size(), 0.0f);
  user_vec.assign(u.size() * k, 0.0f);
  item_vec.assign(i.size() * k, 0.0f);
}

double Factors::score(uint32_t user, uint32_t item) const {
  double s = global + user_bias[user] + item_bias[item];
  const float* x = &user_vec[static_cast<std::size_t>(user) * rank];
  const float* y = &item_vec[static_cast<std::size_t>(item) * rank];
  for (unsigned j = 0; j < rank; ++j) s += static_cast<double>(x[j]) * y[j];
  return s;
}

void FactorScorer::score(uint32_t user, std::span<float> out) const {
  const Eigen::Index n = static_cast<Eigen::Index>(f_.items.size()), k = f_.rank;
  Eigen::Map<const Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>> y(f_.item_vec.data(), n, k);
  Eigen::Map<const Eigen::VectorXf> x(f_.user_vec.data() + static_cast<std::size_t>(user) * k, k);
  Eigen::Map<const Eigen::VectorXf> c(f_.item_bias.data(), n);
  Eigen::Map<Eigen::VectorXf> s(out.data(), n);
  const float base = static_cast<float>(f_.global + f_.user_bias[user]);
  if (k > 0) {
    s.noalias() = y * x;
    s += c;
  } else {
    s = c;
  }
  s.array() += base;
}

namespace {

void write_factor_rows(std::FILE* out, char tag, const IdMap& ids, const std::vector<float>& bias,
                       const std::vector<float>& vec, unsigned k) {
  for (uint32_t r = 0; r < ids.size(); ++r) {
    std::fprintf(out, "%c %s %.9g", tag, ids.name(r).c_str(), static_cast<double>(bias[r]));
    for (unsigned j = 0; j < k; ++j) std::fprintf(out, " %.9g", static_cast<double>(vec[std::size_t{r} * k + j]));
    std::fputc('\n', out);
  }
}

using topn_detail::split_blanks;  // fields.h

bool finite_field(std::string_view s, float& out) {
  double d = 0;
  const auto r = std::from_chars(s.data(), s.data() + s.size(), d);
  if (r.ec != std::errc() || r.ptr != s.data() + s.size() || !std::isfinite(d)) return false;
  out = static_cast<float>(d);
  return true;
}

}  // namespace

void save_factors(const Factors& f, const std::string& path) {
  OutputFile out(path, "factors file");
  std::fprintf(out.stream(), "learner-topn factors 1 rank %u global %.17g\n", f.rank, f.global);
  write_factor_rows(out.stream(), 'u', f.users, f.user_bias, f.user_vec, f.rank);
  write_factor_rows(out.stream(), 'i', f.items, f.item_bias, f.item_vec, f.rank);
  out.commit();
}

Factors load_factors(const std::string& path) {
  auto in = LineReader::open(path);
  Factors f;
  std::string_view line;
  std::vector<std::string_view> fields;
  const auto fail = [&](const std::string& why) { throw InputError(in->name(), in->line_number(), why); };
  if (!in->next(line)) throw InputError(path, 0, "empty factors file");
  split_blanks(line, fields);
  float global = 0;
  if (fields.size() != 7 || fields[0] != "learner-topn" || fields[1] != "factors" || fields[2] != "1" ||
      fields[3] != "rank" || fields[5] != "global" || !finite_field(fields[6], global))
    fail("not a learner-topn factors file (version 1)");
  unsigned k = 0;
  const auto r = std::from_chars(fields[4].data(), fields[4].data() + fields[4].size(), k);
  if (r.ec != std::errc() || r.ptr != fields[4].data() + fields[4].size() || k > 4096) fail("bad rank");
  f.rank = k;
  f.global = std::strtod(std::string(fields[6]).c_str(), nullptr);
  while (in->next(line)) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    split_blanks(line, fields);
    if (fields.size() != k + 3 || (fields[0] != "u" && fields[0] != "i"))
      fail("expected 'u|i id bias' and " + std::to_string(k) + " numbers");
    const bool user = fields[0] == "u";
    IdMap& ids = user ? f.users : f.items;
    if (ids.find(fields[1]) != IdMap::kNone) fail("repeated id '" + std::string(fields[1]) + "'");
    ids.intern(fields[1]);
    std::vector<float>& bias = user ? f.user_bias : f.item_bias;
    std::vector<float>& vec = user ? f.user_vec : f.item_vec;
    float v = 0;
    if (!finite_field(fields[2], v)) fail("bias is not a finite number");
    bias.push_back(v);
    for (unsigned j = 0; j < k; ++j) {
      if (!finite_field(fields[3 + j], v)) fail("vector entry is not a finite number");
      vec.push_back(v);
    }
  }
  return f;
}

namespace {

// Reads one learner-bpmf vectors file into the rows of `ids`; returns the rank.
unsigned read_vector_file(const std::string& path, const IdMap& ids, std::vector<float>& bias, std::vector<float>& vec,
                          unsigned rank) {
  auto in = LineReader::open(path);
  std::string_view line;
  std::vector<std::string_view> fields;
  const auto fail = [&](const std::string& why) { throw InputError(in->name(), in->line_number(), why); };
  if (rank > 0) vec.assign(ids.size() * rank, 0.0f);
  while (in->next(line)) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (!line.empty() && line.front() == '#') continue;
    split_blanks(line, fields);
    if (fields.size() < 2) fail("expected 'id bias x_1 .. x_k'");
    const auto k = static_cast<unsigned>(fields.size() - 2);
    if (rank == 0) {
      rank = k;
      vec.assign(ids.size() * k, 0.0f);
    }
    if (k != rank) fail("rank " + std::to_string(k) + " differs from " + std::to_string(rank));
    const uint32_t r = ids.find(fields[0]);
    if (r == IdMap::kNone) continue;
    float v = 0;
    if (!finite_field(fields[1], v)) fail("bias is not a finite number");
    bias[r] = v;
    for (unsigned j = 0; j < k; ++j) {
      if (!finite_field(fields[2 + j], v)) fail("vector entry is not a finite number");
      vec[std::size_t{r} * k + j] = v;
    }
  }
  return rank;
}

}  // namespace

Factors load_vector_files(const std::string& user_file, const std::string& item_file, const IdMap& users,
                          const IdMap& items) {
  Factors f;
  f.resize(users, items, 0);
  const unsigned k = read_vector_file(user_file, users, f.user_bias, f.user_vec, 0);
  if (read_vector_file(item_file, items, f.item_bias, f.item_vec, k) != k)
    throw InputError(item_file, 0, "the item vectors' rank differs from the user vectors'");
  f.rank = k;
  return f;
}

}  // namespace learner::topn
