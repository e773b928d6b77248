// learner-bpmf: the dyadic model on ids integrated over its posterior by Gibbs sampling
// (learner/bayes/bpmf.h). Two modes:
//
//   learner-bpmf --train u1.base [--test u1.test] [--predict PAIRS -p FILE] [--save MODEL]
//                [--user_vectors FILE --item_vectors FILE] [--rank 10 --sweeps 200 --burn_in 10]
//   learner-bpmf --load MODEL [--test RATED] [--predict PAIRS -p FILE] [--user_vectors FILE ...]
//
// Training: samples, then reports RMSE and MAE of the posterior mean (every sweep after burn_in)
// on --test. --save keeps --save_samples of those sweeps, evenly spaced, in a model file
// (learner/bayes/model_file.h); the "KEPT" line scores their mean on --test, which is what
// --load predicts. --user_vectors / --item_vectors write the kept samples' mean vectors as text
// (learner/bayes/vectors_text.h). Rating files (--train, --test) as learner-ratings reads them
// (tab, dcolon, csv; plain or .gz); PAIRS as learner/ratings/pair_reader.h reads them (a rating
// on a line is not needed, and not used). -p writes one prediction a line (io/prediction_text.h) for the
// --predict pairs, or else the --test ones; -p with neither, and --predict without -p, are
// refused. When -p or a vectors file is standard output, the reports go to stderr.
// Outputs never replace an input and are written whole (learner/io/output_file.h).
// Exit status: 0; 1 on bad input ("learner-bpmf: FILE:LINE: reason", a bad model file); 2 on a
// usage error (an option out of range or out of place).
#include <sys/stat.h>
#include <unistd.h>

#include <boost/program_options.hpp>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "learner/bayes/bpmf.h"
#include "learner/bayes/model_file.h"
#include "learner/bayes/sample_mean.h"
#include "learner/bayes/vectors_text.h"
#include "learner/error.h"
#include "learner/io/cleanup_handlers.h"
#include "learner/io/output_file.h"
#include "learner/io/prediction_text.h"
#include "learner/io/same_file.h"
#include "learner/ratings/pair_reader.h"
#include "learner/spectral/load.h"
#include "rating_tool_options.h"

namespace po = boost::program_options;
using learner::bayes::BpmfOptions;
using learner::bayes::Rating;

namespace {

struct Settings {
  BpmfOptions sampler;
  int save_samples = 50;
  int progress = 0;  // sweeps between progress lines; 0: sweeps / 10
  bool quiet = false;
};

// True when `path` is where standard output goes (/dev/stdout, or the file it is redirected to).
bool is_standard_output(const std::string& path) {
  struct stat a {}, b {};
  return !path.empty() && ::stat(path.c_str(), &a) == 0 && ::fstat(STDOUT_FILENO, &b) == 0 &&
         a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

// Wall and CPU seconds since construction.
struct Stopwatch {
  std::chrono::steady_clock::time_point wall = std::chrono::steady_clock::now();
  std::clock_t cpu = std::clock();
  double wall_seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - wall).count();
  }
  double cpu_seconds() const { return static_cast<double>(std::clock() - cpu) / CLOCKS_PER_SEC; }
};

// The pairs to predict: rated (--test) and any (--predict), with their dense ids.
struct Queries {
  std::vector<Rating> test, predict;
  std::size_t unseen = 0;  // pairs with an id unseen in training
};

Queries read_queries(const po::variables_map& vm, learner::ratings::RatingFormat format,
                     const learner::spectral::IdMap& users, const learner::spectral::IdMap& items) {
  Queries q;
  if (vm.count("test")) {
    const auto in = learner::LineReader::open(vm["test"].as<std::string>());
    for (const auto& r : learner::spectral::read_queries(*in, format, users, items))
      q.test.push_back({r.user, r.item, r.rating});
  }
  if (vm.count("predict")) {
    const auto in = learner::LineReader::open(vm["predict"].as<std::string>());
    learner::ratings::PairReader reader(*in, format);
    learner::ratings::PairRecord rec;
    while (reader.next(rec)) q.predict.push_back({users.find(rec.user), items.find(rec.item), 0.0});
  }
  for (const auto* set : {&q.test, &q.predict})
    for (const auto& r : *set) q.unseen += r.user == learner::bayes::kUnknown || r.item == learner::bayes::kUnknown;
  return q;
}

// "rmse=... mae=... n=..." of predictions against the --test ratings.
std::string scores(const std::vector<double>& p, const std::vector<Rating>& test) {
  double se = 0.0, ae = 0.0;
  for (std::size_t q = 0; q < test.size(); ++q) {
    const double e = p[q] - test[q].value;
    se += e * e;
    ae += std::fabs(e);
  }
  const double n = static_cast<double>(std::max<std::size_t>(test.size(), 1));
  char text[96];
  std::snprintf(text, sizeof text, "rmse=%.4f mae=%.4f n=%zu", std::sqrt(se / n), ae / n, test.size());
  return text;
}

// -p: the --predict pairs' predictions if there are such pairs, else the --test ones.
// `all` holds the test predictions, then the predict ones.
void write_predictions(const po::variables_map& vm, const std::vector<double>& all, const Queries& q) {
  if (!vm.count("predictions")) return;
  const bool of_predict = vm.count("predict") != 0;
  const std::size_t first = of_predict ? q.test.size() : 0, n = of_predict ? q.predict.size() : q.test.size();
  learner::OutputFile out(vm["predictions"].as<std::string>(), "predictions file");
  std::string line;  // the tools' one prediction text (io/prediction_text.h)
  for (std::size_t k = first; k < first + n; ++k) {
    line.clear();
    learner::append_prediction(line, all[k]);
    line += '\n';
    out.write(line.data(), line.size());
  }
  out.commit();
}

void write_vectors(const po::variables_map& vm, const learner::bayes::SampleMean& kept,
                   const std::vector<std::string>& users, const std::vector<std::string>& items, double global_mean) {
  if (vm.count("user_vectors"))
    learner::bayes::write_vectors(vm["user_vectors"].as<std::string>(), "user", users, kept.user_vectors(),
                                  global_mean, kept.samples());
  if (vm.count("item_vectors"))
    learner::bayes::write_vectors(vm["item_vectors"].as<std::string>(), "item", items, kept.item_vectors(),
                                  global_mean, kept.samples());
}

const char* likelihood_name(learner::bayes::Likelihood l) {
  return l == learner::bayes::Likelihood::laplace ? "laplace" : "gaussian";
}

int train(const po::variables_map& vm, const Settings& s, std::FILE* report) {
  const BpmfOptions& options = s.sampler;
  const auto format = learner::ratings::parse_format(vm["format"].as<std::string>());
  learner::spectral::IdMap users, items;
  const auto train_in = learner::LineReader::open(vm["train"].as<std::string>());
  const auto train = learner::spectral::read_training(*train_in, format, users, items);
  std::vector<Rating> ratings;
  ratings.reserve(train.entries.size());
  for (const auto& e : train.entries) ratings.push_back({e.user, e.item, train.levels[e.level]});
  const Queries q = read_queries(vm, format, users, items);
  std::vector<Rating> queries = q.test;
  queries.insert(queries.end(), q.predict.begin(), q.predict.end());

  learner::bayes::Bpmf sampler(train.n_users, train.n_items, std::move(ratings), options);
  const bool save = vm.count("save") != 0, vectors = vm.count("user_vectors") || vm.count("item_vectors");
  const learner::bayes::KeptSweeps kept(options.sweeps, options.burn_in, s.save_samples);
  learner::bayes::SampleMean kept_mean(q.test, sampler.global_mean(), sampler.min_value(), sampler.max_value(),
                                       vectors);
  const std::vector<std::string> user_ids = users.tokens(), item_ids = items.tokens();
  std::unique_ptr<learner::bayes::ModelSaver> saver;
  if (save) {
    learner::bayes::ModelHeader header;
    header.global_mean = sampler.global_mean();
    header.lo = sampler.min_value();
    header.hi = sampler.max_value();
    header.rank = options.rank;
    header.user_implicit = options.implicit;
    header.item_implicit = options.flipped;
    header.samples = static_cast<std::uint64_t>(kept.count());
    const learner::OptionList how{{"rank", std::to_string(options.rank)},
                                  {"sweeps", std::to_string(options.sweeps)},
                                  {"burn_in", std::to_string(options.burn_in)},
                                  {"save_samples", std::to_string(kept.count())},
                                  {"seed", std::to_string(options.seed)},
                                  {"likelihood", likelihood_name(options.likelihood)},
                                  {"implicit", options.implicit ? "1" : "0"},
                                  {"flipped", options.flipped ? "1" : "0"}};
    saver = std::make_unique<learner::bayes::ModelSaver>(vm["save"].as<std::string>(), header, how, user_ids,
                                                         item_ids);
  }
  learner::bayes::SideSample stored_users, stored_items;
  const int every = s.progress > 0 ? s.progress : std::max(1, options.sweeps / 10);
  const Stopwatch clock;
  const auto result = learner::bayes::posterior_mean(sampler, queries, options, [&](int sweep, const auto& b) {
    if ((save || vectors) && kept.kept(sweep)) {  // the sample as the model file keeps it
      learner::bayes::stored_sample(b.users(), stored_users);
      learner::bayes::stored_sample(b.items(), stored_items);
      if (saver) saver->add(stored_users, stored_items);
      kept_mean.add(stored_users, stored_items);
    }
    if (!s.quiet && (sweep % every == 0 || sweep == options.sweeps))
      std::fprintf(stderr, "sweep %d/%d: training RMSE %.4f, noise precision %.3f, %.1f s wall, %.1f s CPU\n", sweep,
                   options.sweeps, b.train_rmse(), b.noise_precision(), clock.wall_seconds(), clock.cpu_seconds());
  });
  const char* feedback = options.implicit
                             ? (options.flipped ? " (implicit feedback, flipped too)" : " (implicit feedback)")
                             : (options.flipped ? " (flipped implicit feedback)" : "");
  std::fprintf(report,
               "sampled BPMF%s rank=%d sweeps=%d burn_in=%d likelihood=%s on %zu ratings (%zu users, %zu items) "
               "in %.2f s wall, %.2f s CPU\n",
               feedback, options.rank, options.sweeps, options.burn_in, likelihood_name(options.likelihood),
               train.entries.size(), train.n_users, train.n_items, result.seconds, result.cpu_seconds);
  if (q.unseen > 0)
    std::fprintf(report, "%zu pairs to predict have an id unseen in training (an unseen id contributes nothing)\n",
                 q.unseen);
  write_predictions(vm, result.mean, q);
  if (saver) {
    const std::uint64_t bytes = saver->commit();
    const bool mib = bytes >= (1u << 20);
    std::fprintf(report, "saved %s: %d samples (sweeps %d..%d), rank %d, %zu users, %zu items: %llu bytes (%.1f %s)\n",
                 vm["save"].as<std::string>().c_str(), kept.count(), kept.first(), options.sweeps, options.rank,
                 train.n_users, train.n_items, static_cast<unsigned long long>(bytes),
                 static_cast<double>(bytes) / (mib ? 1 << 20 : 1 << 10), mib ? "MiB" : "KiB");
  }
  if (vectors) write_vectors(vm, kept_mean, user_ids, item_ids, sampler.global_mean());
  if (!q.test.empty()) {
    std::fprintf(report, "RESULT %s wall_seconds=%.2f cpu_seconds=%.2f\n", scores(result.mean, q.test).c_str(),
                 result.seconds, result.cpu_seconds);
    if (save || vectors)
      std::fprintf(report, "KEPT %s samples=%d (the mean of the kept samples, as --load predicts)\n",
                   scores(kept_mean.predictions(), q.test).c_str(), kept_mean.samples());
  }
  return 0;
}

int load(const po::variables_map& vm, std::FILE* report) {
  const Stopwatch clock;
  const auto format = learner::ratings::parse_format(vm["format"].as<std::string>());
  const std::string path = vm["load"].as<std::string>();
  learner::bayes::ModelLoader model(path);
  const auto& h = model.header();
  learner::spectral::IdMap users, items;
  for (const auto& id : model.users()) users.add(id);
  for (const auto& id : model.items()) items.add(id);
  const Queries q = read_queries(vm, format, users, items);
  std::vector<Rating> queries = q.test;
  queries.insert(queries.end(), q.predict.begin(), q.predict.end());
  const bool vectors = vm.count("user_vectors") || vm.count("item_vectors");
  learner::bayes::SampleMean mean(queries, h.global_mean, h.lo, h.hi, vectors);
  learner::bayes::SideSample user_sample, item_sample;
  while (model.next(user_sample, item_sample)) mean.add(user_sample, item_sample);  // the last call checks the file
  std::string how;
  for (const auto& [key, value] : model.how()) how += " " + key + "=" + value;
  std::fprintf(report, "loaded %s:%s (%zu users, %zu items); %zu pairs predicted in %.2f s wall, %.2f s CPU\n",
               path.c_str(), how.c_str(), model.users().size(), model.items().size(), queries.size(),
               clock.wall_seconds(), clock.cpu_seconds());
  if (q.unseen > 0)
    std::fprintf(report, "%zu pairs to predict have an id unseen in training (an unseen id contributes nothing)\n",
                 q.unseen);
  write_predictions(vm, mean.predictions(), q);
  if (vectors) write_vectors(vm, mean, model.users(), model.items(), h.global_mean);
  if (!q.test.empty())
    std::fprintf(report, "RESULT %s samples=%d wall_seconds=%.2f cpu_seconds=%.2f\n",
                 scores(mean.predictions(), q.test).c_str(), mean.samples(), clock.wall_seconds(),
                 clock.cpu_seconds());
  return 0;
}

// The usage checks that need the whole command line; each throws UsageError.
void check_usage(const po::variables_map& vm, const Settings& s) {
  using learner::UsageError;
  const bool loading = vm.count("load") != 0;
  if (loading == (vm.count("train") != 0)) throw UsageError("give --train FILE (to sample) or --load MODEL, not both");
  const auto given = [&](const char* name) { return vm.count(name) && !vm[name].defaulted(); };
  if (loading)
    for (const char* name : {"rank", "sweeps", "burn_in", "init", "threads", "seed", "likelihood", "implicit",
                             "flipped", "save", "save_samples", "progress"})
      if (given(name))
        throw UsageError(std::string("--") + name + " is a sampling option: with --load the model's samples are used");
  if (vm.count("predictions") && !vm.count("test") && !vm.count("predict"))
    throw UsageError("-p: nothing to predict; give --predict PAIRS (or --test FILE) for its lines");
  if (vm.count("predict") && !vm.count("predictions"))
    throw UsageError("--predict PAIRS needs -p FILE for its predictions (-p /dev/stdout prints them)");
  if (given("save_samples") && !vm.count("save") && !vm.count("user_vectors") && !vm.count("item_vectors"))
    throw UsageError("--save_samples needs --save MODEL or --user_vectors / --item_vectors: it chooses their samples");
  if (s.save_samples < 1 || s.save_samples > 100000) throw UsageError("--save_samples must be in 1..100000");
  if (given("progress") && s.quiet) throw UsageError("--progress and --quiet contradict each other");
  if (given("progress") && (s.progress < 1 || s.progress > 100000))
    throw UsageError("--progress must be in 1..100000");
  const auto path = [&](const char* name) { return learner::tools::text_option(vm, name); };
  const std::vector<learner::NamedPath> outputs{{"-p", path("predictions")},
                                                {"--save", path("save")},
                                                {"--user_vectors", path("user_vectors")},
                                                {"--item_vectors", path("item_vectors")}};
  learner::refuse_outputs_over_inputs(outputs, {{"--train", path("train")},
                                                {"--test", path("test")},
                                                {"--predict", path("predict")},
                                                {"--load", path("load")}});
  // Two outputs on one file: the second would replace the first.
  namespace fs = std::filesystem;
  for (std::size_t a = 0; a < outputs.size(); ++a)
    for (std::size_t b = a + 1; b < outputs.size(); ++b) {
      const auto& x = outputs[a].path;
      const auto& y = outputs[b].path;
      if (x.empty() || y.empty()) continue;
      std::error_code ec;
      const bool device = fs::exists(x, ec) && !fs::is_regular_file(x, ec);  // /dev/stdout, a FIFO: written through
      const auto normal = [&](const std::string& p) { return fs::absolute(p, ec).lexically_normal(); };
      if (!device && (learner::same_regular_file(x, y) || normal(x) == normal(y)))
        throw UsageError(outputs[a].flag + " and " + outputs[b].flag + " name the same file " + x);
    }
}

}  // namespace

int main(int argc, char** argv) {
  learner::install_cleanup_handlers();  // an interrupted --save leaves no temporary
  Settings s;
  BpmfOptions& o = s.sampler;
  std::string likelihood;
  po::options_description visible(
      "Usage: learner-bpmf --train FILE [--test FILE] [--save MODEL] [options]\n"
      "       learner-bpmf --load MODEL [--test FILE] [--predict PAIRS -p FILE] [options]\n\n"
      "The dyadic model mu + b_u + c_i + U_u . V_i on user and item ids, integrated over its posterior\n"
      "by Gibbs sampling (BPMF with biases: Salakhutdinov & Mnih, ICML 2008). Prints RMSE and MAE of\n"
      "the posterior-mean prediction of the --test ratings; --save keeps samples for --load.\n\n"
      "Options");
  learner::tools::add_rating_file_options(visible, "rated pairs to predict; prints RMSE and MAE",
                                          "write a prediction per --predict line (or else per --test line)");
  visible.add_options()(
      "load", po::value<std::string>(), "predict from a model saved by --save instead of sampling")(
      "predict", po::value<std::string>(), "pairs to predict, 'user item' a line (a rating is not needed); needs -p")(
      "save", po::value<std::string>(), "save the kept samples as a model file for --load")(
      "save_samples", po::value<int>(&s.save_samples)->default_value(s.save_samples),
      "samples kept for --save and the vectors: evenly spaced after burn_in, 1..100000")(
      "user_vectors", po::value<std::string>(), "write each user's posterior-mean vector (id bias x_1..x_k) as text")(
      "item_vectors", po::value<std::string>(), "write each item's posterior-mean vector as text")(
      "rank", po::value<int>(&o.rank)->default_value(o.rank), "latent dimensions, 1..500")(
      "sweeps", po::value<int>(&o.sweeps)->default_value(o.sweeps), "Gibbs sweeps, 1..100000")(
      "burn_in", po::value<int>(&o.burn_in)->default_value(o.burn_in),
      "sweeps left out of the mean, 0..sweeps-1 (default: 10, or sweeps/2 below 20 sweeps)")(
      "init", po::value<double>(&o.init)->default_value(o.init, learner::tools::shown(o.init)), "latent vectors start N(0, init^2), 0..10")(
      "threads", po::value<int>(&o.threads)->default_value(o.threads), "threads drawing a side's vectors, 1..64")(
      "seed", po::value<std::string>()->default_value(std::to_string(o.seed)), "seed of the sampler")(
      "likelihood", po::value<std::string>(&likelihood)->default_value("gaussian"),
      "noise law of a rating: gaussian (RMSE: the mean rating) or laplace (MAE: the median rating)")(
      "implicit", po::bool_switch(&o.implicit),
      "SVD++ implicit feedback: a user's vector also sums a vector per item the user rated")(
      "flipped", po::bool_switch(&o.flipped),
      "the mirror of --implicit: an item's vector also sums a vector per user who rated it")(
      "progress", po::value<int>(&s.progress), "a progress line on stderr every N sweeps (default: sweeps/10)")(
      "quiet", po::bool_switch(&s.quiet), "no progress lines on stderr");
  po::variables_map vm;
  std::FILE* report = stdout;
  try {
    po::store(po::parse_command_line(argc, argv, visible), vm);
    po::notify(vm);
    if (vm.count("help")) {
      std::cout << visible;
      return 0;
    }
    if (likelihood == "laplace")
      o.likelihood = learner::bayes::Likelihood::laplace;
    else if (likelihood != "gaussian")
      throw po::error("--likelihood must be gaussian or laplace, not '" + likelihood + "'");
    if (vm["burn_in"].defaulted()) o.burn_in = std::min(o.burn_in, o.sweeps / 2);
    learner::bayes::validate(o);
    o.seed = learner::tools::seed_option(vm, "seed");
    learner::ratings::parse_format(vm["format"].as<std::string>());
    check_usage(vm, s);
    for (const char* name : {"predictions", "user_vectors", "item_vectors"})
      if (is_standard_output(learner::tools::text_option(vm, name))) report = stderr;  // stdout: the data only
  } catch (const std::exception& e) {
    std::cerr << "learner-bpmf: " << e.what() << "\nTry 'learner-bpmf --help'.\n";
    return 2;
  }
  try {
    const std::pair<const char*, const char*> outputs[] = {{"predictions", "predictions file"},
                                                           {"save", "model file"},
                                                           {"user_vectors", "user vectors file"},
                                                           {"item_vectors", "item vectors file"}};
    for (const auto& [name, what] : outputs)  // before sampling for minutes
      if (vm.count(name)) learner::check_output_writable(vm[name].as<std::string>(), what);
    return vm.count("load") ? load(vm, report) : train(vm, s, report);
  } catch (const std::exception& e) {
    std::cerr << "learner-bpmf: " << e.what() << '\n';
    return 1;
  }
}
