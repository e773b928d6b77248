// learner-bpmf: the dyadic model on ids integrated over its posterior by Gibbs sampling
// (learner/bayes/bpmf.h): train on one rating file, print RMSE and MAE of the posterior-mean
// prediction of another.
//
//   learner-bpmf --train u1.base --test u1.test [--rank 10 --sweeps 200 --burn_in 10]
//
// Rating files as learner-ratings reads them (tab, dcolon, csv; plain or .gz). As with libFM's
// MCMC, the test ratings must be given when sampling: the prediction is a mean over the sweeps.
// --predictions FILE writes the posterior mean per --test line (never over --train or --test; a
// failed run leaves no partial file). Exit status: 0; 1 on bad input
// ("learner-bpmf: FILE:LINE: reason"); 2 on a usage error (an option out of range).
#include <boost/program_options.hpp>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <string>

#include "learner/bayes/bpmf.h"
#include "learner/error.h"
#include "learner/io/output_file.h"
#include "learner/io/prediction_text.h"
#include "learner/io/same_file.h"
#include "learner/spectral/load.h"
#include "rating_tool_options.h"

namespace po = boost::program_options;
using learner::bayes::BpmfOptions;

namespace {

int run(const po::variables_map& vm, const BpmfOptions& options, bool quiet) {
  const auto format = learner::ratings::parse_format(vm["format"].as<std::string>());
  learner::spectral::IdMap users, items;
  const auto train_in = learner::LineReader::open(vm["train"].as<std::string>());
  if (vm.count("predictions")) learner::check_output_writable(vm["predictions"].as<std::string>(), "predictions file");
  const auto train = learner::spectral::read_training(*train_in, format, users, items);
  std::vector<learner::bayes::Rating> ratings;
  ratings.reserve(train.entries.size());
  for (const auto& e : train.entries) ratings.push_back({e.user, e.item, train.levels[e.level]});
  std::vector<learner::bayes::Rating> queries;
  if (vm.count("test")) {
    const auto test_in = learner::LineReader::open(vm["test"].as<std::string>());
    for (const auto& q : learner::spectral::read_queries(*test_in, format, users, items))
      queries.push_back({q.user, q.item, q.rating});
  }
  learner::bayes::Bpmf sampler(train.n_users, train.n_items, std::move(ratings), options);
  const int every = std::max(1, options.sweeps / 10);
  const auto result = learner::bayes::posterior_mean(sampler, queries, options, [&](int s, const auto& b) {
    if (!quiet && (s % every == 0 || s == options.sweeps))
      std::fprintf(stderr, "sweep %d/%d: training RMSE %.4f, noise precision %.3f\n", s, options.sweeps,
                   b.train_rmse(), b.noise_precision());
  });
  const char* feedback = options.implicit
                             ? (options.flipped ? " (implicit feedback, flipped too)" : " (implicit feedback)")
                             : (options.flipped ? " (flipped implicit feedback)" : "");
  const char* noise = options.likelihood == learner::bayes::Likelihood::laplace ? "laplace" : "gaussian";
  std::printf("sampled BPMF%s rank=%d sweeps=%d burn_in=%d likelihood=%s on %zu ratings (%zu users, %zu items) "
              "in %.2f s\n",
              feedback, options.rank, options.sweeps, options.burn_in, noise, train.entries.size(), train.n_users,
              train.n_items, result.seconds);
  if (queries.empty()) return 0;
  double se = 0.0, ae = 0.0;
  for (std::size_t q = 0; q < queries.size(); ++q) {
    const double e = result.mean[q] - queries[q].value;
    se += e * e;
    ae += std::fabs(e);
  }
  if (vm.count("predictions")) {  // written whole, then renamed into place (learner/io/output_file.h)
    learner::OutputFile out(vm["predictions"].as<std::string>(), "predictions file");
    std::string lines;  // the tools' one prediction text (io/prediction_text.h)
    for (double p : result.mean) {
      learner::append_prediction(lines, p);
      lines += '\n';
    }
    out.write(lines.data(), lines.size());
    out.commit();
  }
  const double n = static_cast<double>(queries.size());
  std::printf("RESULT rmse=%.4f mae=%.4f n=%zu train_seconds=%.2f\n", std::sqrt(se / n), ae / n, queries.size(),
              result.seconds);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  BpmfOptions o;
  bool quiet = false;
  std::string likelihood;
  po::options_description visible(
      "Usage: learner-bpmf --train FILE [--test FILE] [options]\n\n"
      "The dyadic model mu + b_u + c_i + U_u . V_i on user and item ids, integrated over its posterior\n"
      "by Gibbs sampling (BPMF with biases: Salakhutdinov & Mnih, ICML 2008). Prints RMSE and MAE of\n"
      "the posterior-mean prediction of the --test ratings (given when sampling, as in libFM's MCMC).\n\n"
      "Options");
  learner::tools::add_rating_file_options(visible, "ratings to predict; prints RMSE and MAE",
                                          "write the posterior mean per --test line");
  visible.add_options()(
      "rank", po::value<int>(&o.rank)->default_value(o.rank), "latent dimensions, 1..500")(
      "sweeps", po::value<int>(&o.sweeps)->default_value(o.sweeps), "Gibbs sweeps, 1..100000")(
      "burn_in", po::value<int>(&o.burn_in)->default_value(o.burn_in),
      "sweeps left out of the mean, 0..sweeps-1 (default: 10, or sweeps/2 below 20 sweeps)")(
      "init", po::value<double>(&o.init)->default_value(o.init, learner::tools::shown(o.init)), "latent vectors start N(0, init^2), 0..10")(
      "threads", po::value<int>(&o.threads)->default_value(o.threads), "threads drawing a side's vectors, 1..64")(
      "seed", po::value<std::uint64_t>(&o.seed)->default_value(o.seed), "seed of the sampler")(
      "likelihood", po::value<std::string>(&likelihood)->default_value("gaussian"),
      "noise law of a rating: gaussian (RMSE: the mean rating) or laplace (MAE: the median rating)")(
      "implicit", po::bool_switch(&o.implicit),
      "SVD++ implicit feedback: a user's vector also sums a vector per item the user rated")(
      "flipped", po::bool_switch(&o.flipped),
      "the mirror of --implicit: an item's vector also sums a vector per user who rated it")(
      "quiet", po::bool_switch(&quiet), "no progress lines on stderr");
  po::variables_map vm;
  try {
    if (!learner::tools::parse_rating_tool_command_line(argc, argv, visible, vm)) return 0;  // --help
    if (likelihood == "laplace")
      o.likelihood = learner::bayes::Likelihood::laplace;
    else if (likelihood != "gaussian")
      throw po::error("--likelihood must be gaussian or laplace, not '" + likelihood + "'");
    if (vm["burn_in"].defaulted()) o.burn_in = std::min(o.burn_in, o.sweeps / 2);
    learner::bayes::validate(o);
    learner::ratings::parse_format(vm["format"].as<std::string>());
    const auto path = [&](const char* name) { return vm.count(name) ? vm[name].as<std::string>() : std::string(); };
    learner::refuse_outputs_over_inputs({{"--predictions", path("predictions")}},
                                        {{"--train", path("train")}, {"--test", path("test")}});
  } catch (const std::exception& e) {
    std::cerr << "learner-bpmf: " << e.what() << "\nTry 'learner-bpmf --help'.\n";
    return 2;
  }
  try {
    return run(vm, o, quiet);
  } catch (const std::exception& e) {
    std::cerr << "learner-bpmf: " << e.what() << '\n';
    return 1;
  }
}
