// learner-topn: top-N recommendation (issue 30). Commands:
//
//   learner-topn train --train FILE -f FACTORS [--system dyadic|ials] [--loss bpr|hinge|warp|pointwise|rating|softmax|gramian] ...
//   learner-topn recommend -i FACTORS [--exclude TRAIN] [--users FILE] [-n 10] [--threads 2] [-o OUT]
//   learner-topn eval --train FILE --test FILE --system dyadic|pop|knn|ials|vectors [--protocol folds|loo]
//                     [--per_user FILE] ...
//   learner-topn split --data FILE (--last | --fraction F) --train_out FILE --test_out FILE [--seed S]
//
// Interaction files as learner/topn/interactions.h reads them. `train` fits the
// ranking-trained dyadic model (learner/topn/dyadic_ranker.h) or implicit ALS
// (peers.h) and writes factors (factors.h); `recommend` writes every asked
// user's top N ("user<TAB>rank<TAB>item<TAB>score" lines, ids as in the input),
// training pairs excluded, and reports items scored per second on stderr; `eval`
// trains a system on --train and prints one METRICS line for --test
// (protocols.h), and with --per_user writes each evaluated user's figures
// (their means are the METRICS line's); `split` writes the leave-one-out or a random validation cut.
// An option that only some commands read is refused by the others (an output
// never written or a setting without effect would otherwise pass unnoticed).
// Exit status: 0; 1 on bad input or a failed write; 2 on a usage error.
#include <boost/program_options.hpp>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "learner/error.h"
#include "learner/io/cleanup_handlers.h"
#include "learner/io/line_reader.h"
#include "learner/io/output_file.h"
#include "learner/io/same_file.h"
#include "learner/topn/dyadic_ranker.h"
#include "learner/topn/factors.h"
#include "learner/topn/gramian.h"
#include "learner/topn/peers.h"
#include "learner/topn/protocols.h"
#include "learner/topn/recommend.h"

namespace po = boost::program_options;
using namespace learner::topn;

namespace {

// The gramian loss's own options default to the benchmark row's settings (gramian_options()).
GramianOptions gramian_defaults() {
  GramianOptions o;
  o.observed = 3.0;
  o.unobserved = 1.0;
  o.l2_exponent = 0.5;
  return o;
}

// The benchmark row's values of the options --loss gramian shares with the sampled-negative losses
// (gramian_options()); --help shows both defaults.
constexpr unsigned kGramianRank = 32;
constexpr double kGramianRate = 0.5, kGramianL2 = 0.5, kGramianBiasL2 = 1000.0;
constexpr double kSequenceHistoryExponent = 1.0;

// The default --help shows for an option whose value under --loss gramian (the default loss) differs.
template <typename T>
std::string two_defaults(T gramian, T others) {
  std::ostringstream s;
  s << gramian << " gramian, " << others << " other losses";
  return s.str();
}

std::string history_exponent_defaults(double history) {
  std::ostringstream s;
  s << history << ", " << kSequenceHistoryExponent << " under --sequence";
  return s.str();
}

struct Cli {
  RankerOptions ranker;
  GramianOptions gramian = gramian_defaults();
  IalsOptions ials;
  std::string loss = "gramian", system = "dyadic", protocol = "folds", sweeps = "joint";
  unsigned n = 10, k = 10, threads = 2, neighbours = 50, loo_negatives = 99;
  double relevant_min = 4.0, fraction = 0.2;
  uint64_t seed = 1;
};

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

std::string text(const po::variables_map& vm, const char* name) {
  return vm.count(name) ? vm[name].as<std::string>() : std::string();
}

std::string need(const po::variables_map& vm, const char* name, const char* command) {
  if (!vm.count(name)) throw learner::UsageError(std::string(command) + " needs --" + name);
  return vm[name].as<std::string>();
}

// --loss gramian's settings. Its defaults are the settings of scripts/bench/topn.sh's dyadic row,
// chosen on MovieLens 100K's validation cuts (docs/topn-benchmark.md): the options of this loss alone
// (--observed_weight 3, --unobserved 1, --l2_exponent 0.5, --sweeps joint) default to them in Cli;
// the options it shares with the sampled-negative losses, which keep their own defaults, take the
// row's values here unless the command line gives them (--rank 32, --lr 0.5, --l2 0.5, --bias_l2
// 1000), and --history_exponent is 1 under --sequence (0.5, FISM's, for --history).
GramianOptions gramian_options(const Cli& c, const po::variables_map& vm) {
  const auto given = [&vm](const char* name) { return vm.count(name) > 0 && !vm[name].defaulted(); };
  if (given("max_norm")) throw learner::UsageError("--max_norm needs --loss softmax");
  for (const char* name : {"alpha", "center", "warp_trials", "adaptive", "freq_l2", "rate_decay",
                           "hard_negatives"})
    if (given(name))
      throw learner::UsageError(std::string("--") + name +
                                " applies to the sampled-negative losses (--loss bpr, hinge, warp, pointwise, softmax), "
                                "not to --loss gramian");
  GramianOptions o = c.gramian;
  const RankerOptions& r = c.ranker;
  o.rank = given("rank") ? r.rank : kGramianRank;
  o.passes = r.passes;
  o.learning_rate = r.latent_rate > 0 ? r.latent_rate : given("lr") ? r.learning_rate : kGramianRate;
  o.l2 = given("l2") ? r.l2 : kGramianL2;
  o.bias_l2 = given("bias_l2") ? r.linear_l2 : kGramianBiasL2;
  if (!given("history_exponent") && o.sequence > 0) o.history_exponent = kSequenceHistoryExponent;
  if (c.sweeps != "alternate" && c.sweeps != "joint") throw learner::UsageError("--sweeps must be alternate or joint");
  o.joint = c.sweeps == "joint";
  o.init = r.init;
  o.min_rating = r.min_rating;
  o.seed = r.seed;
  o.negatives = r.negatives;
  o.average_passes = r.average_passes;
  if (o.sequence > 0) o.history = true;  // --sequence L is a kind of history
  return o;
}

// --loss gramian (learner/topn/gramian.h) with the dyadic options it shares.
Factors fit_gramian(const Cli& c, const po::variables_map& vm, const InteractionSet& set, std::size_t n_users,
                    std::size_t n_items, std::span<const Interaction> rows) {
  const GramianOptions o = gramian_options(c, vm);
  GramianRanker ranker(o, n_users, n_items, rows);
  ranker.train();
  if (ranker.skipped_steps() > 0)
    std::fprintf(stderr, "learner-topn: %llu of %llu gramian steps refused (they would have left a non-finite or "
                 "over-large weight; try a lower --lr)\n", static_cast<unsigned long long>(ranker.skipped_steps()),
                 static_cast<unsigned long long>(ranker.updates()));
  return ranker.factors(set.users, set.items);
}

// Trains the asked system on `rows` (indices of `set`) into factors, or returns
// a non-factor scorer through `other`.
Factors fit(const Cli& c, const InteractionSet& set, std::size_t n_users, std::size_t n_items,
            std::span<const Interaction> rows, const UserItems& train, const po::variables_map& vm) {
  if (c.system == "ials") {
    // --min_rating chooses iALS's positives as it chooses the dyadic losses' (same input for both;
    // its default keeps every row, which is `train`).
    if (std::isnan(c.ranker.min_rating)) throw learner::UsageError("--min_rating must be a number");
    return train_ials(UserItems(n_users, n_items, rows, c.ranker.min_rating), set.users, set.items, c.ials);
  }
  if (c.system == "vectors")
    return load_vector_files(need(vm, "user_vectors", "--system vectors"), need(vm, "item_vectors", "--system vectors"),
                             set.users, set.items);
  if (c.system != "dyadic") throw learner::UsageError("--system must be dyadic, ials, pop, knn or vectors");
  if (c.loss == "gramian") return fit_gramian(c, vm, set, n_users, n_items, rows);
  RankerOptions o = c.ranker;
  o.loss = parse_rank_loss(c.loss);
  DyadicRanker ranker(o, n_users, n_items);
  ranker.train(rows, train);
  if (ranker.skipped_steps() > 0)
    std::fprintf(stderr, "learner-topn: %llu of %llu softmax steps refused (they would have left a non-finite or "
                 "over-large weight; try a lower --latent_lr)\n", static_cast<unsigned long long>(ranker.skipped_steps()),
                 static_cast<unsigned long long>(ranker.updates()));
  return ranker.factors(set.users, set.items);
}

void write_rows(const std::string& path, const InteractionSet& set, const std::vector<Interaction>& rows) {
  learner::OutputFile out(path, "split file");
  for (const Interaction& r : rows)
    std::fprintf(out.stream(), "%s\t%s\t%.9g\t%.17g\n", set.users.name(r.user).c_str(), set.items.name(r.item).c_str(),
                 static_cast<double>(r.rating), r.time);
  out.commit();
}

int run_split(const Cli& c, const po::variables_map& vm) {
  const std::string data = need(vm, "data", "split"), tr = need(vm, "train_out", "split"),
                    te = need(vm, "test_out", "split");
  learner::refuse_outputs_over_inputs({{"--train_out", tr}, {"--test_out", te}}, {{"--data", data}});
  InteractionSet set;
  read_interactions(data, set);
  std::vector<Interaction> train, test;
  if (vm.count("last")) split_last(set.rows, set.users.size(), 2, train, test);
  else split_random(set.rows, c.fraction, c.seed, train, test);
  write_rows(tr, set, train);
  write_rows(te, set, test);
  std::fprintf(stderr, "split: %zu training rows, %zu test rows\n", train.size(), test.size());
  return 0;
}

int run_train(const Cli& c, const po::variables_map& vm) {
  const std::string data = need(vm, "train", "train"), model = need(vm, "final_regressor", "train");
  learner::refuse_outputs_over_inputs({{"-f", model}}, {{"--train", data}});
  learner::check_output_writable(model, "factors file");
  InteractionSet set;
  read_interactions(data, set);
  const UserItems train(set.users.size(), set.items.size(), set.rows);
  const auto t0 = std::chrono::steady_clock::now();
  const Factors f = fit(c, set, set.users.size(), set.items.size(), set.rows, train, vm);
  std::fprintf(stderr, "trained %s on %zu users, %zu items, %zu rows in %.2f s\n", c.system.c_str(), set.users.size(),
               set.items.size(), set.rows.size(), seconds_since(t0));
  save_factors(f, model);
  return 0;
}

int run_recommend(const Cli& c, const po::variables_map& vm) {
  const std::string model = need(vm, "initial_regressor", "recommend"), out_path = text(vm, "output");
  learner::refuse_outputs_over_inputs({{"-o", out_path}}, {{"-i", model}, {"--exclude", text(vm, "exclude")},
                                                           {"--users", text(vm, "users")}});
  const Factors f = load_factors(model);
  // The pairs to exclude, on the model's indices (ids the model lacks are ignored).
  std::vector<Interaction> pairs;
  if (vm.count("exclude")) {
    InteractionSet ex;
    read_interactions(vm["exclude"].as<std::string>(), ex);
    for (const Interaction& r : ex.rows) {
      const uint32_t u = f.users.find(ex.users.name(r.user)), i = f.items.find(ex.items.name(r.item));
      if (u != IdMap::kNone && i != IdMap::kNone) pairs.push_back({u, i, 1.0f, 0.0});
    }
  }
  const UserItems exclude(f.users.size(), f.items.size(), pairs);
  std::vector<uint32_t> users;
  if (vm.count("users")) {
    auto in = learner::LineReader::open(vm["users"].as<std::string>());
    std::string_view line;
    while (in->next(line)) {
      while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) line.remove_suffix(1);
      if (line.empty()) continue;
      const uint32_t u = f.users.find(line);
      if (u == IdMap::kNone)
        throw learner::InputError(in->name(), in->line_number(), "user '" + std::string(line) + "' is not in the model");
      users.push_back(u);
    }
  } else {
    for (uint32_t u = 0; u < f.users.size(); ++u) users.push_back(u);
  }
  const FactorScorer scorer(f);
  const auto t0 = std::chrono::steady_clock::now();
  const TopLists lists = recommend(scorer, &exclude, users, c.n, c.threads);
  const double secs = seconds_since(t0);
  std::fprintf(stderr, "recommend: %zu users x %zu items = %llu items scored in %.4f s (%.3g items/s, %u threads)\n",
               users.size(), f.items.size(), static_cast<unsigned long long>(lists.scored), secs,
               secs > 0 ? static_cast<double>(lists.scored) / secs : 0.0, c.threads);
  if (out_path.empty()) return 0;
  learner::OutputFile out(out_path, "recommendations file");
  for (std::size_t r = 0; r < users.size(); ++r) {
    unsigned rank = 0;
    for (const TopItem& t : lists.row(r))
      std::fprintf(out.stream(), "%s\t%u\t%s\t%.9g\n", f.users.name(users[r]).c_str(), ++rank,
                   f.items.name(t.item).c_str(), static_cast<double>(t.score));
  }
  out.commit();
  return 0;
}

// Options that only some commands read: given to another command they would be
// ignored (an output never written, a setting without effect), so they are refused.
struct CommandOption {
  const char* name;
  std::string_view commands[2];  // the second may be empty
};
const CommandOption kCommandOptions[] = {
    {"train", {"train", "eval"}},      {"test", {"eval"}},           {"data", {"split"}},
    {"final_regressor", {"train"}},    {"initial_regressor", {"recommend"}}, {"exclude", {"recommend"}},
    {"users", {"recommend"}},          {"output", {"recommend"}},    {"top", {"recommend"}},
    {"threads", {"recommend", "eval"}}, {"system", {"train", "eval"}}, {"protocol", {"eval"}},
    {"k", {"eval"}},                   {"per_user", {"eval"}},       {"relevant_min", {"eval"}},
    {"loo_negatives", {"eval"}},       {"user_vectors", {"eval"}},   {"item_vectors", {"eval"}},
    {"neighbours", {"eval"}},          {"last", {"split"}},          {"fraction", {"split"}},
    {"train_out", {"split"}},          {"test_out", {"split"}},
};

// The commands that read an option: its kCommandOptions entry; every command
// for "seed" (and the positional command); train and eval for the rest (the
// models' settings).
void refuse_other_commands_options(const std::string& cmd, const po::variables_map& vm) {
  for (const auto& [name, value] : vm) {
    if (value.defaulted() || name == "command" || name == "seed") continue;
    std::string_view owners[2] = {"train", "eval"};
    for (const CommandOption& o : kCommandOptions)
      if (name == o.name) std::copy(std::begin(o.commands), std::end(o.commands), owners);
    if (owners[0] == cmd || owners[1] == cmd) continue;
    std::string list(owners[0]);
    if (!owners[1].empty()) list += " and " + std::string(owners[1]);
    throw learner::UsageError("--" + name + " applies to " + list + ", not to " + cmd);
  }
}

// --per_user: one line per evaluated user, ids as in the input, after a header
// line naming the columns (tab-separated, for paired comparisons of systems).
void write_per_user(const std::string& path, const InteractionSet& set, const std::string& protocol,
                    const std::vector<UserResult>& users) {
  learner::OutputFile out(path, "per-user metrics file");
  if (protocol == "folds") {
    std::fprintf(out.stream(), "user\tprecision\trecall\tndcg\tap\thit\n");
    for (const UserResult& u : users)
      std::fprintf(out.stream(), "%s\t%.9g\t%.9g\t%.9g\t%.9g\t%.9g\n", set.users.name(u.user).c_str(), u.m.precision,
                   u.m.recall, u.m.ndcg, u.m.map, u.m.hit_rate);
  } else {
    std::fprintf(out.stream(), "user\trank\thit\tndcg\n");
    for (const UserResult& u : users)
      std::fprintf(out.stream(), "%s\t%zu\t%.9g\t%.9g\n", set.users.name(u.user).c_str(), u.rank, u.m.hit_rate,
                   u.m.ndcg);
  }
  out.commit();
}

int run_eval(const Cli& c, const po::variables_map& vm) {
  const std::string per_user_path = text(vm, "per_user");
  if (!per_user_path.empty()) {
    learner::refuse_outputs_over_inputs({{"--per_user", per_user_path}},
                                        {{"--train", text(vm, "train")}, {"--test", text(vm, "test")}});
    learner::check_output_writable(per_user_path, "per-user metrics file");
  }
  std::vector<UserResult> per_user;
  std::vector<UserResult>* const keep = per_user_path.empty() ? nullptr : &per_user;
  InteractionSet set;
  read_interactions(need(vm, "train", "eval"), set);
  const std::size_t n_users = set.users.size(), n_items = set.items.size(), n_train = set.rows.size();
  read_interactions(need(vm, "test", "eval"), set);
  const std::span<const Interaction> train_rows(set.rows.data(), n_train);
  const std::span<const Interaction> test_rows(set.rows.data() + n_train, set.rows.size() - n_train);
  const UserItems train(n_users, n_items, train_rows);
  const auto t0 = std::chrono::steady_clock::now();
  std::unique_ptr<Scorer> scorer;
  Factors f;
  if (c.system == "pop") scorer = std::make_unique<PopularityScorer>(train);
  else if (c.system == "knn") scorer = std::make_unique<ItemKnnScorer>(train, c.neighbours);
  else {
    f = fit(c, set, n_users, n_items, train_rows, train, vm);
    // Items (and users) first seen in the test file are not in the catalogue.
    f.item_bias.resize(n_items);
    f.item_vec.resize(n_items * f.rank);
    IdMap items;
    for (uint32_t i = 0; i < n_items; ++i) items.intern(set.items.name(i));
    f.items = items;
    scorer = std::make_unique<FactorScorer>(f);
  }
  const double train_seconds = seconds_since(t0);
  if (c.protocol == "folds") {
    const UserItems relevant(set.users.size(), set.items.size(), test_rows, static_cast<float>(c.relevant_min));
    const TopnMetrics m = evaluate_folds(*scorer, train, relevant, c.k, c.threads, keep);
    std::printf("METRICS system=%s protocol=folds k=%u precision=%.6f recall=%.6f ndcg=%.6f map=%.6f hit_rate=%.6f "
                "coverage=%.6f users=%zu seconds=%.2f\n",
                c.system.c_str(), c.k, m.precision, m.recall, m.ndcg, m.map, m.hit_rate, m.coverage, m.users,
                train_seconds);
  } else if (c.protocol == "loo") {
    const UserItems known(n_users, n_items, set.rows);
    const LooResult r = evaluate_loo(*scorer, known, test_rows, c.loo_negatives, c.k, c.seed, keep);
    std::printf("METRICS system=%s protocol=loo k=%u hit_rate=%.6f ndcg=%.6f users=%zu seconds=%.2f\n",
                c.system.c_str(), c.k, r.hit_rate, r.ndcg, r.users, train_seconds);
  } else {
    throw learner::UsageError("--protocol must be folds or loo");
  }
  if (keep) write_per_user(per_user_path, set, c.protocol, per_user);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  learner::install_cleanup_handlers();
  Cli c;
  RankerOptions& r = c.ranker;
  po::options_description opts(
      "Usage: learner-topn train --train FILE -f FACTORS [options]\n"
      "       learner-topn recommend -i FACTORS [--exclude TRAIN] [--users FILE] [-n N] [-o OUT]\n"
      "       learner-topn eval --train FILE --test FILE --system dyadic|pop|knn|ials|vectors [--protocol folds|loo] [--per_user FILE]\n"
      "       learner-topn split --data FILE (--last | --fraction F) --train_out FILE --test_out FILE\n\n"
      "Top-N recommendation from user-item pairs (README, 'Top-N recommendation').\n"
      "An option marked for some commands (train:, recommend:, eval:, split:) is refused by the others.\n\nOptions");
  opts.add_options()("help,h", "show this help")("train", po::value<std::string>(), "training pairs 'user item [rating [time]]'")(
      "test", po::value<std::string>(), "eval: held-out pairs")("data", po::value<std::string>(), "split: the pairs to cut")(
      "final_regressor,f", po::value<std::string>(), "train: write the factors here")(
      "initial_regressor,i", po::value<std::string>(), "recommend: the factors to read")(
      "exclude", po::value<std::string>(), "recommend: pairs never recommended (the training data)")(
      "users", po::value<std::string>(), "recommend: user ids, one a line (default: every user of the model)")(
      "output,o", po::value<std::string>(), "recommend: write 'user rank item score' lines here")(
      "top,n", po::value<unsigned>(&c.n)->default_value(c.n), "recommend: list length")(
      "threads", po::value<unsigned>(&c.threads)->default_value(c.threads), "recommend/eval: threads over users, 1..256")(
      "system", po::value<std::string>(&c.system)->default_value(c.system), "dyadic, ials (train, eval), pop, knn, vectors (eval)")(
      "loss", po::value<std::string>(&c.loss)->default_value(c.loss), "dyadic: gramian (the whole-catalogue loss), bpr, hinge, warp, pointwise, rating or softmax")(
      "unobserved", po::value<double>(&c.gramian.unobserved)->default_value(c.gramian.unobserved), "dyadic gramian: weight alpha0 of every pair's p^2")(
      "observed_weight", po::value<double>(&c.gramian.observed)->default_value(c.gramian.observed), "dyadic gramian: weight c of a positive's (1 - p)^2")(
      "l2_exponent", po::value<double>(&c.gramian.l2_exponent)->default_value(c.gramian.l2_exponent), "dyadic gramian: L2 scaled by (n + alpha0 * catalogue)^this, [0, 2]")(
      "unobserved_exponent", po::value<double>(&c.gramian.unobserved_exponent)->default_value(c.gramian.unobserved_exponent), "dyadic gramian: an item's unobserved weight grows as its positives^this (0: uniform, iALS's; eALS), [0, 2]")(
      "pairwise", po::value<double>(&c.gramian.pairwise)->default_value(c.gramian.pairwise), "dyadic gramian: weight of a BPR term on --negatives uniform draws per positive (0: none)")(
      "sweeps", po::value<std::string>(&c.sweeps)->default_value(c.sweeps), "dyadic gramian: alternate (a user sweep, then an item sweep) or joint (each step moves both)")(
      "history", po::bool_switch(&c.gramian.history), "dyadic gramian: the user's vector plus |N(u)|^-e times the sum of its positives' history vectors (SVD++/FISM)")(
      "history_exponent", po::value<double>(&c.gramian.history_exponent)->default_value(c.gramian.history_exponent, history_exponent_defaults(c.gramian.history_exponent)), "dyadic gramian --history: e, [0, 2] (0.5 FISM's)")(
      "history_only", po::bool_switch(&c.gramian.history_only), "dyadic gramian --history: no free user vector, the user is its history (FISM)")(
      "history_target", po::bool_switch(&c.gramian.history_target), "dyadic gramian --history: keep a positive's own item in its history sum (default: left out, FISM's j != i)")(
      "sequence", po::value<unsigned>(&c.gramian.sequence)->default_value(c.gramian.sequence), "dyadic gramian: the history (implies --history) of each positive is the L positives before it by time, and recommend's the user's last L (FPMC/Fossil's Markov part; 0: off)")(
      "rank", po::value<unsigned>(&r.rank)->default_value(r.rank, two_defaults(kGramianRank, r.rank)), "latent dimensions (dyadic 1..256; ials: --ials_rank)")(
      "passes", po::value<unsigned>(&r.passes)->default_value(r.passes), "dyadic: passes over the positives")(
      "negatives", po::value<unsigned>(&r.negatives)->default_value(r.negatives), "dyadic: sampled negatives per positive and pass")(
      "alpha", po::value<double>(&r.alpha)->default_value(r.alpha), "dyadic: negatives drawn by count^alpha (0 uniform)")(
      "lr", po::value<double>(&r.learning_rate)->default_value(r.learning_rate, two_defaults(kGramianRate, r.learning_rate)), "dyadic: linear (item bias) rate (gramian: the step's rate)")(
      "latent_lr", po::value<double>(&r.latent_rate)->default_value(r.latent_rate), "dyadic: latent rate (0: --lr)")(
      "l2", po::value<double>(&r.l2)->default_value(r.l2, two_defaults(kGramianL2, r.l2)), "dyadic: latent L2 (rating loss: -1 = auto)")(
      "bias_l2", po::value<double>(&r.linear_l2)->default_value(r.linear_l2, two_defaults(kGramianBiasL2, r.linear_l2)), "dyadic: L2 of the item biases (gramian: of both biases)")(
      "init", po::value<double>(&r.init)->default_value(r.init), "dyadic: spread of the latent start")(
      "center", po::value<double>(&r.center)->default_value(r.center), "dyadic: centre of the latent start")(
      "min_rating", po::value<float>(&r.min_rating), "dyadic, ials: positives are training rows rated at least this (default: all)")(
      "warp_trials", po::value<unsigned>(&r.warp_trials)->default_value(r.warp_trials), "dyadic warp: most draws per positive")(
      "adaptive", po::bool_switch(&r.adaptive), "dyadic ranking losses: per-coordinate AdaGrad rates (--lr / sqrt(G))")(
      "freq_l2", po::value<double>(&r.freq_l2)->default_value(r.freq_l2), "dyadic ranking losses: frequency-aware latent L2 exponent, -2..2 (needs --l2 > 0)")(
      "rate_decay", po::value<double>(&r.rate_decay)->default_value(r.rate_decay), "dyadic ranking losses: every rate's factor at each end of pass, (0, 1]")(
      "average_passes", po::value<unsigned>(&r.average_passes)->default_value(r.average_passes), "dyadic ranking losses and gramian: final weights = mean of the last N passes' ends")(
      "max_norm", po::value<double>(&r.max_norm)->default_value(r.max_norm), "dyadic softmax: latent vectors longer than this are scaled back (0: none)")(
      "hard_negatives", po::value<unsigned>(&r.hard_candidates)->default_value(r.hard_candidates), "dyadic: each negative is the best-scored of this many draws, 1..1000")(
      "ials_rank", po::value<unsigned>(&c.ials.rank)->default_value(c.ials.rank), "ials: latent dimensions")(
      "iterations", po::value<unsigned>(&c.ials.iterations)->default_value(c.ials.iterations), "ials: alternations")(
      "confidence", po::value<double>(&c.ials.alpha)->default_value(c.ials.alpha), "ials: a training pair's confidence is 1 + this")(
      "reg", po::value<double>(&c.ials.reg)->default_value(c.ials.reg), "ials: L2")(
      "neighbours", po::value<unsigned>(&c.neighbours)->default_value(c.neighbours), "knn: neighbours kept per item")(
      "user_vectors", po::value<std::string>(), "vectors: learner-bpmf --user_vectors file")(
      "item_vectors", po::value<std::string>(), "vectors: learner-bpmf --item_vectors file")(
      "protocol", po::value<std::string>(&c.protocol)->default_value(c.protocol), "eval: folds or loo")(
      "k", po::value<unsigned>(&c.k)->default_value(c.k), "eval: cut-off of the metrics")(
      "per_user", po::value<std::string>(), "eval: write each user's figures here (tab-separated, a header line)")(
      "relevant_min", po::value<double>(&c.relevant_min)->default_value(c.relevant_min), "eval folds: relevant = held out and rated at least this")(
      "loo_negatives", po::value<unsigned>(&c.loo_negatives)->default_value(c.loo_negatives), "eval loo: sampled items ranked with the held-out one")(
      "last", "split: hold out each user's last pair by time")(
      "fraction", po::value<double>(&c.fraction)->default_value(c.fraction), "split: share held out at random")(
      "train_out", po::value<std::string>(), "split: training rows")("test_out", po::value<std::string>(), "split: held-out rows")(
      "seed", po::value<uint64_t>(&c.seed)->default_value(c.seed), "seed of negatives, shuffles, starts and splits");
  po::options_description all;
  all.add(opts).add_options()("command", po::value<std::string>());
  po::positional_options_description pos;
  pos.add("command", 1);
  try {
    po::variables_map vm;
    po::store(po::command_line_parser(argc, argv).options(all).positional(pos).run(), vm);
    po::notify(vm);
    if (vm.count("help") || !vm.count("command")) {
      std::cout << opts;
      return vm.count("help") ? 0 : 2;
    }
    r.seed = c.seed;
    c.ials.seed = c.seed;
    c.ials.rank = vm["ials_rank"].as<unsigned>();
    if (c.threads < 1 || c.threads > 256) throw learner::UsageError("--threads must be between 1 and 256");
    if (c.k < 1 || c.k > 100000) throw learner::UsageError("-k must be between 1 and 100000");
    if (c.n < 1 || c.n > 100000) throw learner::UsageError("-n must be between 1 and 100000");
    if (!std::isfinite(c.relevant_min)) throw learner::UsageError("--relevant_min must be finite");
    const std::string cmd = vm["command"].as<std::string>();
    if (cmd == "train" || cmd == "recommend" || cmd == "eval" || cmd == "split") refuse_other_commands_options(cmd, vm);
    int rc = 0;
    if (cmd == "train") rc = run_train(c, vm);
    else if (cmd == "recommend") rc = run_recommend(c, vm);
    else if (cmd == "eval") rc = run_eval(c, vm);
    else if (cmd == "split") rc = run_split(c, vm);
    else throw learner::UsageError("unknown command '" + cmd + "' (train, recommend, eval or split)");
    std::fflush(stdout);
    return rc;
  } catch (const po::error& e) {
    std::fprintf(stderr, "learner-topn: %s\n", e.what());
    return 2;
  } catch (const learner::UsageError& e) {
    std::fprintf(stderr, "learner-topn: %s\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "learner-topn: %s\n", e.what());
    return 1;
  }
}
