// learner-spectral: seed 004's spectral predictor (learner/spectral/predictor.h) on rating
// files: train on one, predict another, print RMSE and MAE.
//
//   learner-spectral --train u1.base --test u1.test [--rank 5,10 --order 1 --threshold 10,50]
//
// A flag given a comma-separated list makes a grid; the grid point with the lowest RMSE on
// a validation cut of the TRAINING file (--validation, the lines whose hash of (seed, line
// index) falls below the fraction) is chosen, then refitted on the whole training file.
// The test file is never used to choose. --predictions FILE writes one prediction per --test
// line (never over --train or --test; a failed run leaves no partial file). Exit status: 0, 1
// on bad input ("learner-spectral: FILE:LINE: reason"), 2 on a usage error.
#include <boost/program_options.hpp>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "learner/error.h"
#include "learner/io/output_file.h"
#include "learner/io/prediction_text.h"
#include "learner/spectral/load.h"
#include "learner/spectral/predictor.h"
#include "rating_tool_options.h"

namespace po = boost::program_options;
using namespace learner::spectral;

namespace {

struct Metrics {
  double rmse = 0.0, mae = 0.0;
};

template <typename T>
std::vector<T> parse_list(const std::string& flag, const std::string& text) {
  std::vector<T> out;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ',');) {
    std::istringstream one(item);
    T v;
    if (!(one >> v) || !(one >> std::ws).eof()) throw po::error("--" + flag + ": '" + item + "' is not a number");
    out.push_back(v);
  }
  if (out.empty()) throw po::error("--" + flag + " needs a value");
  return out;
}

Metrics evaluate(const SpectralPredictor& model, const std::vector<Query>& queries, std::vector<double>* predictions) {
  Metrics m;
  for (const Query& q : queries) {
    const double p = model.predict(q.user, q.item);
    if (predictions) predictions->push_back(p);
    m.rmse += (p - q.rating) * (p - q.rating);
    m.mae += std::fabs(p - q.rating);
  }
  const double n = static_cast<double>(std::max<std::size_t>(queries.size(), 1));
  m.rmse = std::sqrt(m.rmse / n);
  m.mae /= n;
  return m;
}

// The paper's "simple averaging of ratings given by all users": the item's mean rating
// (the global mean for an item unseen in training).
double item_mean_rmse(const RatingSet& train, const std::vector<Query>& queries) {
  std::vector<double> sum(train.n_items, 0.0), count(train.n_items, 0.0);
  double all = 0.0;
  for (const Entry& e : train.entries) {
    sum[e.item] += train.levels[e.level];
    count[e.item] += 1.0;
    all += train.levels[e.level];
  }
  all /= static_cast<double>(train.entries.size());
  double se = 0.0;
  for (const Query& q : queries) {
    const double p = q.item < train.n_items && count[q.item] > 0 ? sum[q.item] / count[q.item] : all;
    se += (p - q.rating) * (p - q.rating);
  }
  return std::sqrt(se / static_cast<double>(std::max<std::size_t>(queries.size(), 1)));
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

std::string describe(const SpectralOptions& o) {
  char buf[256];
  std::snprintf(buf, sizeof buf, "rank=%d order=%d threshold=%zu ridge=%g basis=%s orientation=%s query_one=%s", o.rank,
                o.order, o.filter.threshold, o.ridge, o.basis == Basis::kChebyshev ? "chebyshev" : "monomial",
                o.orientation == Orientation::kItemRows ? "items" : "users",
                o.query_one == QueryOne::kSet ? "set" : o.query_one == QueryOne::kAdd ? "add" : "off");
  return buf;
}

struct Grid {
  std::vector<int> ranks, orders;
  std::vector<std::size_t> thresholds;
  std::vector<double> ridges;
  std::vector<QueryOne> query_ones;
  std::size_t size() const {
    return ranks.size() * orders.size() * thresholds.size() * ridges.size() * query_ones.size();
  }
};

SpectralOptions choose(const RatingSet& train, const Grid& grid, SpectralOptions base, double fraction,
                       std::uint64_t seed) {
  RatingSet fit = train;
  fit.entries.clear();
  std::vector<Query> valid;
  for (std::size_t i = 0; i < train.entries.size(); ++i) {
    const Entry& e = train.entries[i];
    if (hash_uniform(seed, 0x7a11d, i, 0) < fraction) valid.push_back({e.user, e.item, train.levels[e.level]});
    else fit.entries.push_back(e);
  }
  double best = std::numeric_limits<double>::infinity();
  SpectralOptions chosen = base;
  for (int rank : grid.ranks)
    for (int order : grid.orders)
      for (std::size_t threshold : grid.thresholds)
        for (double ridge : grid.ridges)
          for (QueryOne q : grid.query_ones) {
          SpectralOptions o = base;
          o.query_one = q;
          o.rank = rank;
          o.order = order;
          o.filter.threshold = threshold;
          o.ridge = ridge;
          const Metrics m = evaluate(SpectralPredictor(fit, o), valid, nullptr);
          std::fprintf(stderr, "validation %s rmse=%.4f mae=%.4f\n", describe(o).c_str(), m.rmse, m.mae);
          if (m.rmse < best) {
            best = m.rmse;
            chosen = o;
          }
        }
  std::fprintf(stderr, "chosen on validation (%zu of %zu training lines): %s rmse=%.4f\n", valid.size(),
               train.entries.size(), describe(chosen).c_str(), best);
  return chosen;
}

int run(const po::variables_map& vm, SpectralOptions options, const Grid& grid) {
  const auto format = learner::ratings::parse_format(vm["format"].as<std::string>());
  IdMap users, items;
  const auto train_in = learner::LineReader::open(vm["train"].as<std::string>());
  const std::string path = learner::tools::text_option(vm, "predictions");
  if (!path.empty()) learner::check_output_writable(path, "predictions file");  // before training
  const RatingSet train = read_training(*train_in, format, users, items);
  if (grid.size() > 1) {
    options = choose(train, grid, options, vm["validation"].as<double>(),
                     learner::tools::seed_option(vm, "validation-seed"));
  } else {
    options.rank = grid.ranks[0];
    options.order = grid.orders[0];
    options.filter.threshold = grid.thresholds[0];
    options.ridge = grid.ridges[0];
    options.query_one = grid.query_ones[0];
  }
  const auto t0 = std::chrono::steady_clock::now();
  const SpectralPredictor model(train, options);
  const double train_seconds = seconds_since(t0);
  std::printf("trained %s on %zu ratings (%zu users, %zu items, %zu levels) in %.2f s\n", describe(options).c_str(),
              train.entries.size(), train.n_users, train.n_items, train.levels.size(), train_seconds);
  if (!vm.count("test")) return 0;
  const auto test_in = learner::LineReader::open(vm["test"].as<std::string>());
  const std::vector<Query> queries = read_queries(*test_in, format, users, items);
  const auto t1 = std::chrono::steady_clock::now();
  std::vector<double> predictions;
  const Metrics m = evaluate(model, queries, &predictions);
  const double predict_seconds = seconds_since(t1);
  if (!path.empty()) {  // written whole, then renamed into place (learner/io/output_file.h)
    learner::OutputFile out(path, "predictions file");
    std::string line;  // io/prediction_text.h
    for (double p : predictions) {
      line.clear();
      learner::append_prediction(line, p);
      line += '\n';
      out.write(line.data(), line.size());
    }
    out.commit();
  }
  std::printf("RESULT %s rmse=%.4f mae=%.4f n=%zu fallbacks=%llu item_mean_rmse=%.4f train_seconds=%.2f "
              "predict_seconds=%.2f\n",
              describe(options).c_str(), m.rmse, m.mae, queries.size(),
              static_cast<unsigned long long>(model.fallbacks()), item_mean_rmse(train, queries), train_seconds,
              predict_seconds);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  SpectralOptions options;
  std::string ranks = "10", orders = "1", thresholds = "20", ridges = "1", basis = "monomial", orientation = "items",
              query_one = "set";
  po::options_description visible(
      "Usage: learner-spectral --train FILE [--test FILE] [options]\n\n"
      "Seed 004's spectral predictor (Roderick & Safro): per rating level an event matrix, randomly\n"
      "filtered, its truncated SVD (Lanczos), per-user polynomial regression on the factors, eq. 9.\n"
      "Rating files as learner-ratings reads them (tab, dcolon, csv; plain or .gz). A comma list\n"
      "for --rank/--order/--threshold/--ridge/--query-one is a grid, chosen on a validation cut of --train.\n\n"
      "Options");
  learner::tools::add_rating_file_options(visible, "ratings to predict; prints RMSE and MAE",
                                          "write one prediction per --test line");
  visible.add_options()(
      "rank", po::value<std::string>(&ranks)->default_value(ranks), "eta, factors kept per SVD (list)")(
      "order", po::value<std::string>(&orders)->default_value(orders), "polynomial order, 0..4 (list)")(
      "threshold", po::value<std::string>(&thresholds)->default_value(thresholds),
      "rows with more entries than this are filtered (list)")(
      "ridge", po::value<std::string>(&ridges)->default_value(ridges), "L2 on the non-constant coefficients (list)")(
      "drop", po::value<double>(&options.filter.drop)->default_value(options.filter.drop, learner::tools::shown(options.filter.drop)),
      "probability of removing an entry of a filtered row (the paper: 0.85)")(
      "seed", po::value<std::string>()->default_value(std::to_string(options.filter.seed)), "filter seed")(
      "basis", po::value<std::string>(&basis)->default_value(basis), "monomial or chebyshev")(
      "orientation", po::value<std::string>(&orientation)->default_value(orientation),
      "rows of Omega_k: items (the paper's shape and filter) or users (its eq. 7)")(
      "query-one", po::value<std::string>(&query_one)->default_value(query_one),
      "the query's 1 in its column: set (the paper), add (also on a known entry), off (users only); list")(
      "dense-svd", "dense BDCSVD instead of Lanczos (small data, checks)")(
      "validation", po::value<double>()->default_value(0.1, "0.1"), "fraction of --train held out to choose a grid point")(
      "validation-seed", po::value<std::string>()->default_value("7"), "seed of that cut");
  po::variables_map vm;
  Grid grid;
  try {
    if (!learner::tools::parse_rating_tool_command_line(argc, argv, visible, vm)) return 0;  // --help
    grid.ranks = parse_list<int>("rank", ranks);
    grid.orders = parse_list<int>("order", orders);
    for (long long t : parse_list<long long>("threshold", thresholds)) {
      if (t < 0) throw po::error("--threshold must be >= 0");
      grid.thresholds.push_back(static_cast<std::size_t>(t));
    }
    grid.ridges = parse_list<double>("ridge", ridges);
    for (int r : grid.ranks)
      if (r < 1) throw po::error("--rank must be at least 1");
    for (int o : grid.orders)
      if (o < 0 || o > 4) throw po::error("--order must be in 0..4");
    for (double r : grid.ridges)
      if (!(r >= 0.0)) throw po::error("--ridge must be >= 0");
    if (!(options.filter.drop >= 0.0 && options.filter.drop <= 1.0)) throw po::error("--drop must be in [0, 1]");
    const double v = vm["validation"].as<double>();
    if (!(v > 0.0 && v < 1.0)) throw po::error("--validation must be in (0, 1)");
    if (basis != "monomial" && basis != "chebyshev") throw po::error("--basis must be monomial or chebyshev");
    options.basis = basis == "chebyshev" ? Basis::kChebyshev : Basis::kMonomial;
    if (orientation != "items" && orientation != "users") throw po::error("--orientation must be items or users");
    options.orientation = orientation == "users" ? Orientation::kUserRows : Orientation::kItemRows;
    std::stringstream qs(query_one);
    for (std::string q; std::getline(qs, q, ',');) {
      if (q != "set" && q != "add" && q != "off") throw po::error("--query-one must be set, add or off (list)");
      grid.query_ones.push_back(q == "add" ? QueryOne::kAdd : q == "off" ? QueryOne::kOff : QueryOne::kSet);
      if (q == "off" && options.orientation == Orientation::kItemRows)
        throw po::error("--query-one off needs --orientation users (with item rows S would not depend on the item)");
    }
    if (grid.query_ones.empty()) throw po::error("--query-one needs a value");
    options.dense_svd = vm.count("dense-svd") > 0;
    options.filter.seed = learner::tools::seed_option(vm, "seed");
    learner::tools::seed_option(vm, "validation-seed");  // checked here, read by run()
    learner::ratings::parse_format(vm["format"].as<std::string>());
    learner::tools::refuse_predictions_over_inputs(vm);
  } catch (const std::exception& e) {
    std::cerr << "learner-spectral: " << e.what() << "\nTry 'learner-spectral --help'.\n";
    return 2;
  }
  try {
    return run(vm, options, grid);
  } catch (const std::exception& e) {
    std::cerr << "learner-spectral: " << e.what() << '\n';
    return 1;
  }
}
