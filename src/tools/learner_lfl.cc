// learner-lfl: Menon & Elkan's LFL (learner/lfl/model.h) on rating files: train on one,
// predict another, print RMSE (of the expected rating) and MAE (of the median).
//
//   learner-lfl --train u1.base --test u1.test [--rank 5 --lr 0.05 --l2 0.01 --passes 30]
//
// Rating files as learner-ratings reads them (tab, dcolon, csv; plain or .gz), through
// learner/spectral/load.h: the classes are the distinct training rating values.
// --predictions FILE writes "expected median" per --test line (never over --train or --test;
// a failed run leaves no partial file). A pass that diverges (a parameter turns non-finite, or
// its mean loss more than doubles) is undone and rerun at half the step size, with a message
// (learner/lfl/model.h). Exit status: 0; 1 on bad input ("learner-lfl: FILE:LINE: reason")
// or a model that diverges at every step size; 2 on a usage error (an option out of range).
#include <boost/program_options.hpp>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>

#include "learner/error.h"
#include "learner/io/output_file.h"
#include "learner/io/prediction_text.h"
#include "learner/lfl/model.h"
#include "learner/spectral/load.h"
#include "rating_tool_options.h"

namespace po = boost::program_options;
using learner::lfl::LflModel;
using learner::lfl::LflOptions;

namespace {

int run(const po::variables_map& vm, const LflOptions& options) {
  const auto format = learner::ratings::parse_format(vm["format"].as<std::string>());
  learner::spectral::IdMap users, items;
  const auto train_in = learner::LineReader::open(vm["train"].as<std::string>());
  const std::string path = learner::tools::text_option(vm, "predictions");
  if (!path.empty()) learner::check_output_writable(path, "predictions file");  // before training
  const auto train = learner::spectral::read_training(*train_in, format, users, items);
  const auto t0 = std::chrono::steady_clock::now();
  LflModel model(train.n_users, train.n_items, train.levels, options);
  model.train(train.entries, [](const std::string& note) { std::cerr << "learner-lfl: " << note << '\n'; });
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const double objective = model.objective(train.entries);
  if (!std::isfinite(objective))  // the model is finite (train()): a guard, never expected
    throw learner::Error("the training objective is not finite; no predictions are written");
  std::printf("trained LFL rank=%d lr=%g l2=%g passes=%d%s on %zu ratings (%zu users, %zu items, %zu levels) "
              "in %.2f s; training objective %.4f\n",
              options.rank, model.lr(), options.l2, options.passes, options.adagrad ? " adagrad" : "",
              train.entries.size(), train.n_users, train.n_items, train.levels.size(), seconds, objective);
  if (!vm.count("test")) return 0;
  const auto test_in = learner::LineReader::open(vm["test"].as<std::string>());
  const auto queries = learner::spectral::read_queries(*test_in, format, users, items);
  std::unique_ptr<learner::OutputFile> out;  // written whole, then renamed into place
  if (!path.empty()) out = std::make_unique<learner::OutputFile>(path, "predictions file");
  double se = 0.0, ae = 0.0;
  std::string line;
  for (const auto& q : queries) {
    const double mean = model.expected(q.user, q.item), median = model.median(q.user, q.item);
    se += (mean - q.rating) * (mean - q.rating);
    ae += std::fabs(median - q.rating);
    if (out) {  // "expected median" (io/prediction_text.h)
      line.clear();
      learner::append_prediction(line, mean);
      line += ' ';
      learner::append_prediction(line, median);
      line += '\n';
      out->write(line.data(), line.size());
    }
  }
  if (out) out->commit();
  const double n = static_cast<double>(queries.empty() ? 1 : queries.size());
  std::printf("RESULT rmse=%.4f mae=%.4f n=%zu train_seconds=%.2f\n", std::sqrt(se / n), ae / n, queries.size(),
              seconds);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  LflOptions o;
  po::options_description visible(
      "Usage: learner-lfl --train FILE [--test FILE] [options]\n\n"
      "Menon & Elkan's LFL (ICDM 2010): p(y | u, i) proportional to exp(alpha_u^y . beta_i^y + biases)\n"
      "over the training rating values y, trained by SGD (or AdaGrad) on the log-likelihood with L2.\n"
      "Prints RMSE of the expected rating and MAE of the median of p(y | u, i).\n\nOptions");
  learner::tools::add_rating_file_options(visible, "ratings to predict; prints RMSE and MAE",
                                          "write \"expected median\" per --test line");
  visible.add_options()(
      "rank", po::value<int>(&o.rank)->default_value(o.rank), "latent dimensions per rating value, 1..1000")(
      "lr", po::value<double>(&o.lr)->default_value(o.lr, learner::tools::shown(o.lr)), "step size, > 0 and <= 10 (halved while a pass diverges)")(
      "l2", po::value<double>(&o.l2)->default_value(o.l2, learner::tools::shown(o.l2)), "L2 weight, 0..100")(
      "passes", po::value<int>(&o.passes)->default_value(o.passes), "passes, 1..10000")(
      "init", po::value<double>(&o.init)->default_value(o.init, learner::tools::shown(o.init)), "initial latent values in [-init, init], 0..10")(
      "adagrad", po::bool_switch(&o.adagrad), "AdaGrad steps instead of plain SGD")(
      "seed", po::value<std::string>()->default_value(std::to_string(o.seed)), "seed of the start and the shuffles");
  po::variables_map vm;
  try {
    if (!learner::tools::parse_rating_tool_command_line(argc, argv, visible, vm)) return 0;  // --help
    if (o.rank < 1 || o.rank > 1000) throw po::error("--rank must be in 1..1000");
    if (!(o.lr > 0.0 && o.lr <= 10.0)) throw po::error("--lr must be in (0, 10]");
    if (!(o.l2 >= 0.0 && o.l2 <= 100.0)) throw po::error("--l2 must be in [0, 100]");
    if (o.passes < 1 || o.passes > 10000) throw po::error("--passes must be in 1..10000");
    if (!(o.init >= 0.0 && o.init <= 10.0)) throw po::error("--init must be in [0, 10]");
    o.seed = learner::tools::seed_option(vm, "seed");
    learner::ratings::parse_format(vm["format"].as<std::string>());
    learner::tools::refuse_predictions_over_inputs(vm);
  } catch (const std::exception& e) {
    std::cerr << "learner-lfl: " << e.what() << "\nTry 'learner-lfl --help'.\n";
    return 2;
  }
  try {
    return run(vm, o);
  } catch (const std::exception& e) {
    std::cerr << "learner-lfl: " << e.what() << '\n';
    return 1;
  }
}
