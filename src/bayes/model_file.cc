#include "learner/bayes/model_file.h"

#include <cmath>
#include <string_view>
#include <unordered_set>

#include "learner/error.h"
#include "learner/ratings/rating_reader.h"

namespace learner::bayes {
namespace {

constexpr char kLearner[] = "bpmf";
constexpr int kMaxRank = 500;  // as BpmfOptions::rank
constexpr std::uint64_t kMaxIds = 0xfffffffeull;  // dense ids are u32; 0xffffffff means "unseen"

// The values of `m` as floats, or an Error for one beyond a float's range.
template <class Matrix>
void to_floats(const Matrix& m, std::vector<float>& out) {
  out.resize(static_cast<std::size_t>(m.size()));
  const double* data = m.data();
  for (std::size_t j = 0; j < out.size(); ++j) {
    out[j] = static_cast<float>(data[j]);
    if (!std::isfinite(out[j]))
      throw Error("a sample value (" + std::to_string(data[j]) + ") is not finite as a float; cannot keep it");
  }
}

}  // namespace

void stored_sample(const SideSample& in, SideSample& out) {
  std::vector<float> floats;
  const auto round = [&](const auto& from, auto& to) {
    to_floats(from, floats);
    to.resize(from.rows(), from.cols());
    for (std::size_t j = 0; j < floats.size(); ++j) to.data()[j] = floats[j];
  };
  round(in.vectors, out.vectors);
  round(in.implied, out.implied);
}

ModelSaver::ModelSaver(const std::string& path, const ModelHeader& header, const OptionList& how,
                       const std::vector<std::string>& users, const std::vector<std::string>& items)
    : header_(header), n_users_(users.size()), n_items_(items.size()), out_(path, how, kLearner) {
  if (header.rank < 1 || header.rank > kMaxRank || header.samples < 1 || header.samples > kMaxSavedSamples)
    throw Error("cannot save a model of rank " + std::to_string(header.rank) + " with " +
                std::to_string(header.samples) + " samples");
  out_.begin_section("bpmf", 1);
  out_.put(header.global_mean);
  out_.put(header.lo);
  out_.put(header.hi);
  out_.put(static_cast<std::uint32_t>(header.rank));
  out_.put(static_cast<std::uint8_t>(header.user_implicit));
  out_.put(static_cast<std::uint8_t>(header.item_implicit));
  out_.put(header.samples);
  out_.begin_section("ids", 1);
  for (const auto* ids : {&users, &items}) {
    out_.put(static_cast<std::uint64_t>(ids->size()));
    for (const auto& id : *ids) {
      if (id.size() > kMaxIdLength)
        throw Error("cannot save the model to " + path + ": an id of " + std::to_string(id.size()) +
                    " bytes (at most " + std::to_string(kMaxIdLength) + ")");
      out_.put_string(id);
    }
  }
}

void ModelSaver::add(const SideSample& users, const SideSample& items) {
  const Eigen::Index d = header_.rank + 1;
  const std::pair<const SideSample*, std::size_t> sides[2] = {{&users, n_users_}, {&items, n_items_}};
  const bool implicit[2] = {header_.user_implicit, header_.item_implicit};
  if (added_ == header_.samples) throw Error("saving more samples than the model file's header says");
  for (int s = 0; s < 2; ++s) {
    const SideSample& side = *sides[s].first;
    if (side.vectors.rows() != d || side.size() != sides[s].second || side.has_implicit() != implicit[s] ||
        (implicit[s] && (side.implied.rows() != d - 1 || side.implied.cols() != side.vectors.cols())))
      throw Error("a sample does not have the shape of the model being saved");
  }
  out_.begin_section("sample", 1);
  const auto put = [&](const auto& m) {
    to_floats(m, buffer_);
    out_.put_floats(buffer_.data(), buffer_.size());
  };
  for (int s = 0; s < 2; ++s) {
    const SideSample& side = *sides[s].first;
    put(side.vectors);
    if (implicit[s]) put(side.implied);
  }
  ++added_;
}

std::uint64_t ModelSaver::commit() {
  if (added_ != header_.samples)
    throw Error("the model file's header says " + std::to_string(header_.samples) + " samples, " +
                std::to_string(added_) + " were saved");
  out_.commit();
  return out_.bytes_written();
}

ModelLoader::ModelLoader(const std::string& path) : in_(path) {
  const auto corrupt = [&](const std::string& what) {
    throw Error(path + ": model file is corrupt (" + what + ")");
  };
  if (in_.learner() != kLearner)
    throw Error(path + ": a model of the '" + in_.learner() + "' learner, not a learner-bpmf model (written by " +
                "learner-bpmf --save)");
  in_.section("bpmf", 1);
  header_.global_mean = in_.get<double>();
  header_.lo = in_.get<double>();
  header_.hi = in_.get<double>();
  const auto rank = in_.get<std::uint32_t>();
  const auto user_implicit = in_.get<std::uint8_t>(), item_implicit = in_.get<std::uint8_t>();
  header_.samples = in_.get<std::uint64_t>();
  if (!std::isfinite(header_.global_mean) || !std::isfinite(header_.lo) || !std::isfinite(header_.hi) ||
      !(header_.lo <= header_.hi))
    corrupt("the global mean or the rating range is not finite");
  if (rank < 1 || rank > kMaxRank) corrupt("rank " + std::to_string(rank) + ", not in 1.." + std::to_string(kMaxRank));
  if (user_implicit > 1 || item_implicit > 1) corrupt("an implicit-feedback flag is neither 0 nor 1");
  if (header_.samples < 1 || header_.samples > kMaxSavedSamples)
    corrupt(std::to_string(header_.samples) + " samples, not in 1.." + std::to_string(kMaxSavedSamples));
  header_.rank = static_cast<int>(rank);
  header_.user_implicit = user_implicit != 0;
  header_.item_implicit = item_implicit != 0;
  in_.section("ids", 1);
  const char* names[2] = {"user ids", "item ids"};
  for (int s = 0; s < 2; ++s) {
    const std::uint64_t n = in_.get_count(kMaxIds, names[s]);
    if (n == 0) corrupt(std::string("no ") + names[s]);
    auto& ids = ids_[s];
    // Grows by what was read, not by the count: a corrupt count runs into the end of the file.
    for (std::uint64_t j = 0; j < n; ++j) {
      ids.push_back(in_.get_string(kMaxIdLength));
      if (!ratings::is_token(ids.back())) corrupt(std::string("a bad id among the ") + names[s]);
    }
    std::unordered_set<std::string_view> seen;
    seen.reserve(ids.size());
    for (const auto& id : ids)
      if (!seen.insert(id).second) corrupt("the id '" + id + "' appears twice among the " + names[s]);
  }
}

void ModelLoader::read_side(SideSample& side, std::size_t n, bool implicit, std::uint64_t sample) {
  const Eigen::Index d = header_.rank + 1, cols = static_cast<Eigen::Index>(n);
  const auto read = [&](double* data, Eigen::Index count) {
    buffer_.resize(static_cast<std::size_t>(count));
    in_.get_floats(buffer_.data(), buffer_.size(), "a sample");
    for (std::size_t j = 0; j < buffer_.size(); ++j) {
      if (!std::isfinite(buffer_[j]))
        throw Error(in_.path() + ": model file is corrupt (a value of sample " + std::to_string(sample + 1) +
                    " is not finite)");
      data[j] = buffer_[j];
    }
  };
  side.vectors.resize(d, cols);
  read(side.vectors.data(), side.vectors.size());
  side.implied.resize(implicit ? d - 1 : 0, implicit ? cols : 0);
  if (implicit) read(side.implied.data(), side.implied.size());
}

bool ModelLoader::next(SideSample& users, SideSample& items) {
  if (read_ == header_.samples) {
    in_.finish();
    return false;
  }
  in_.section("sample", 1);
  read_side(users, ids_[0].size(), header_.user_implicit, read_);
  read_side(items, ids_[1].size(), header_.item_implicit, read_);
  ++read_;
  return true;
}

}  // namespace learner::bayes
