// rating_neighbors: the item-kNN feature of scripts/ratings2vw --neighbors
// (learner/prep/rating_neighbors.h has the definition and the out-of-fold rule).
//
//   rating_neighbors [--neighbors K] [--shrink S] [--folds F] REF QUERIES
//
// REF: one rating per line, "user item rating" (blank-separated; ids are any tokens).
// QUERIES: one "user item" per line. Prints one value per query line (io/prediction_text.h: 6 decimals, or none when integral), in order.
// A (user, item) pair repeated in REF keeps its last rating (a note says how many).
// Exit status: 0, 1 on bad input ("rating_neighbors: FILE:LINE: reason") or when standard
// output cannot be written, 2 on a usage error.
#include <boost/program_options.hpp>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include "learner/io/prediction_text.h"
#include "learner/io/standard_output.h"
#include "learner/prep/rating_neighbors.h"

namespace po = boost::program_options;
using learner::prep::Query;
using learner::prep::Rating;

namespace {

struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Dense ids for string tokens, in order of first appearance.
class IdMap {
 public:
  std::uint32_t id(const std::string& token) {
    const auto [it, added] = ids_.emplace(token, static_cast<std::uint32_t>(ids_.size()));
    return it->second;
  }
  std::size_t size() const { return ids_.size(); }

 private:
  std::unordered_map<std::string, std::uint32_t> ids_;
};

std::vector<std::vector<std::string>> read_rows(const std::string& path, std::size_t fields) {
  std::ifstream in(path);
  if (!in) throw InputError(path + ": cannot read");
  std::vector<std::vector<std::string>> rows;
  std::string line;
  for (std::size_t n = 1; std::getline(in, line); ++n) {
    std::istringstream words(line);
    std::vector<std::string> row;
    for (std::string w; words >> w;) row.push_back(w);
    if (row.size() != fields)
      throw InputError(path + ":" + std::to_string(n) + ": expected " + std::to_string(fields) + " fields, found " +
                       std::to_string(row.size()));
    rows.push_back(std::move(row));
  }
  if (in.bad()) throw InputError(path + ": read error");
  return rows;
}

float parse_rating(const std::string& text, const std::string& where) {
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (end == text.c_str() || *end != '\0' || !std::isfinite(v))
    throw InputError(where + ": rating \"" + text + "\" is not a finite number");
  return static_cast<float>(v);
}

int run(const po::variables_map& vm, const learner::prep::NeighborOptions& options) {
  const std::string ref_path = vm["ref"].as<std::string>(), query_path = vm["queries"].as<std::string>();
  IdMap users, items;
  std::vector<Rating> ref;
  std::unordered_map<std::uint64_t, std::size_t> seen;
  std::size_t repeated = 0;
  const auto ref_rows = read_rows(ref_path, 3);
  for (std::size_t n = 0; n < ref_rows.size(); ++n) {
    const Rating r{users.id(ref_rows[n][0]), items.id(ref_rows[n][1]),
                   parse_rating(ref_rows[n][2], ref_path + ":" + std::to_string(n + 1))};
    const auto [it, added] = seen.emplace((static_cast<std::uint64_t>(r.user) << 32) | r.item, ref.size());
    if (added) {
      ref.push_back(r);
    } else {
      ref[it->second].value = r.value;
      ++repeated;
    }
  }
  if (repeated)
    std::cerr << "rating_neighbors: note: " << repeated << " repeated (user, item) pairs in " << ref_path
              << "; the last rating of each is used\n";
  std::vector<Query> queries;
  for (const auto& row : read_rows(query_path, 2)) queries.push_back({users.id(row[0]), items.id(row[1])});

  const auto values = learner::prep::neighbor_deviations(ref, queries, users.size(), items.size(), options);
  std::string out;
  for (const double v : values) {
    learner::append_prediction(out, v + 0.0);  // the tools' one prediction text; + 0.0: no "-0"
    out += '\n';
  }
  learner::write_stdout(out);
  learner::finish_stdout();
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  learner::prep::NeighborOptions options;
  po::options_description visible(
      "Usage: rating_neighbors [options] REF QUERIES\n\n"
      "Item-kNN deviation from the baseline for each \"user item\" line of QUERIES, from the\n"
      "\"user item rating\" lines of REF (out-of-fold for pairs that are in REF); one value per line.\n"
      "Used by scripts/ratings2vw --neighbors.\n\nOptions");
  visible.add_options()("help,h", "show this help")(
      "neighbors,k", po::value<int>(&options.neighbors)->default_value(options.neighbors),
      "neighbours per query (the most similar items the user rated)")(
      "shrink", po::value<double>(&options.shrink)->default_value(options.shrink),
      "similarity shrinkage, >= 0: s = (n-1)/(n-1+shrink) * correlation over n co-raters")(
      "folds", po::value<int>(&options.folds)->default_value(options.folds),
      "folds for the out-of-fold values of pairs in REF, 2..1000");
  po::options_description all;
  all.add(visible).add_options()("ref", po::value<std::string>())("queries", po::value<std::string>());
  po::positional_options_description positional;
  positional.add("ref", 1).add("queries", 1);
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(all).positional(positional).run(), vm);
    po::notify(vm);
    if (vm.count("help")) {
      std::cout << visible;
      return 0;
    }
    if (!vm.count("ref") || !vm.count("queries")) throw po::error("needs REF and QUERIES");
    if (options.neighbors < 1) throw po::error("--neighbors must be at least 1");
    if (!(options.shrink >= 0.0 && options.shrink < 1e300)) throw po::error("--shrink must be a number >= 0 (below 1e300)");
    if (options.folds < 2 || options.folds > 1000) throw po::error("--folds must be in 2..1000");
  } catch (const po::error& e) {
    std::cerr << "rating_neighbors: " << e.what() << "\nTry 'rating_neighbors --help'.\n";
    return 2;
  }
  try {
    return run(vm, options);
  } catch (const std::exception& e) {
    std::cerr << "rating_neighbors: " << e.what() << '\n';
    return 1;
  }
}
