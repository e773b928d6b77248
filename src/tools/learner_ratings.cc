// learner-ratings: MovieLens-style rating files -> learner (VW) text lines. It replaces the
// awk program of scripts/ratings2vw (now a wrapper that execs it) with the same options and
// the same output, byte for byte (learner/ratings/converter.h has the line grammar).
// Messages are prefixed with the name it was called by (ratings2vw through the wrapper).
// Exit status: 0; 1 on bad input ("PROG: FILE:LINE: reason") or an unreadable file; 2 on a
// usage error.
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "learner/error.h"
#include "learner/io/standard_output.h"
#include "learner/ratings/converter.h"
#include "learner/ratings/implicit_feedback.h"
#include "learner/ratings/neighbor_column.h"

namespace {

using namespace learner::ratings;

const char* kUsage = R"(Usage: PROG [options] [FILE|-]...

Convert rating files to learner/VW lines
  "rating |u USER [r<ITEM>:V ...] |i ITEM [|a ...] [|g ...] [|d USER_DAY:SCALE] [|k knn:V]".
Reads FILEs (plain or .gz) or stdin, writes stdout, a line at a time (but see --neighbors).

Options:
  --format F    input format: tab, dcolon or csv (default: detected from the first line:
                "::" -> dcolon, a tab -> tab, a comma -> csv)
                  tab     user<TAB>item<TAB>rating[<TAB>timestamp]   (MovieLens 100K u.data)
                  dcolon  user::item::rating[::timestamp]             (MovieLens 1M ratings.dat)
                  csv     userId,movieId,rating[,timestamp] with a header line (MovieLens latest)
  --users FILE  add namespace |a with user attributes from MovieLens 100K u.user
                (id|age|gender|occupation|zip) or 1M users.dat (id::gender::age::occupation::zip):
                  age_<bucket>  age bucket: under18 18-24 25-34 35-44 45-49 50-55 56+
                  sex_<M|F>     gender
                  occ_<name>    occupation (100K: its name; 1M: its numeric code)
                  zip3_<xyz>    first three characters of the zip code
  --items FILE  add namespace |g with one feature per genre, from MovieLens 100K u.item
                (19 genre flags), 1M movies.dat (id::title::A|B) or movies.csv (movieId,title,genres)
  --side-in-ui  write the --users attributes into |u and the --items genres into |i
                (after the id) instead of |a and |g, so that --dotproduct ui gives them
                latent vectors too
  --implicit FILE
                implicit feedback (SVD++): a rating file (any format above; --format applies
                to it too) whose who-rated-what defines each user's item set. Every output
                line of a user with n distinct items in FILE gets, in |u after the user id,
                one feature r<ITEM>:V per item (in the order of FILE) with V = 1/sqrt(n)
                (printed with %.6g); users absent from FILE get none. The ratings' values
                in FILE are not used.
  --centered    give every feature that --implicit, or --side-in-ui, adds to |u or |i a twin
                ~NAME with the negated value (r7:0.25 ~r7:-0.25). learner's latent weights
                start near 1 and its dyadic term is A.B - k*sum(x_u)*sum(x_i); with the twins
                the sums stay those of the ids (1), the added part of A (B) starts at 0 and
                its latent vector is V[NAME] - V[~NAME]. Without --centered, n implicit items
                add about sqrt(n) to A at the start (MovieLens 100K with the settings of
                scripts/bench/movielens.sh: the model diverges).
  --user-day SCALE
                day-specific user bias (timeSVD++'s b_{u,t}, Koren 2009): add namespace |d with
                one feature USER_DAY:SCALE, DAY = floor(timestamp / 86400), the UTC day since
                1970-01-01, so that a user's ratings of one day share a weight for the mood of
                that day. SCALE > 0 is the feature's value (printed with %.6g); a plain SGD step
                on a feature scales with value^2, so SCALE is this namespace's learning-rate /
                regularisation knob (0.5 was best on MovieLens validation). Every line needs a
                whole-number timestamp (seconds since the epoch): field 4 (tab, dcolon, csv
                without header) or the csv header's "timestamp" column.
  --neighbors REF
                item-based k-nearest-neighbour feature: add namespace |k with one feature knn:V,
                V the neighbours' estimate (20 neighbours, shrinkage 100) of the rating's
                deviation from a baseline, learnt from the ratings in REF (a rating file in any
                format above; --format applies to it too). A line whose (user, item) pair is in
                REF gets an out-of-fold V (REF split in 10 folds), so a rating never informs its
                own feature: use the training file as REF for the training and the test file.
                V is printed as the tools print predictions (6 decimals, none when whole:
                learner/io/prediction_text.h). With --neighbors all of the input is read before the
                first line is written (no streaming).
  --neighbors-k K
                the number of neighbours of --neighbors (default 20)
  --neighbors-shrink S
                the similarity shrinkage of --neighbors (default 100): s = (n-1)/(n-1+S) * rho
                over n co-raters. Larger S favours items with many co-raters; on MovieLens 100K
                validation 1000 beats 100 (scripts/bench/movielens.sh uses 1000).
  --tags        start each line with the tag 'USER_ITEM after the rating ("3 '196_242 |u 196 |i 242"):
                learner -p writes a line's tag after its prediction, so predictions carry their
                pair. An id holding '_' is then an error.
  -h, --help    show this help

A rating whose user (item) is missing from --users (--items) is an error, and so is a line
without a timestamp under --user-day. Ratings are read by the learner's strict number parser
(finite as a float).
Exit status: 0 on success, 1 on bad input ("PROG: FILE:LINE: ...") or an unreadable file,
2 on a usage error.

Examples:
  PROG ml-100k/u1.base > u1.base.vw
  PROG --tags ml-100k/u1.test > u1.test.vw && learner -t -i m.bin -d u1.test.vw -p u1.pred   # "3.527162 1_6"
  PROG --users ml-100k/u.user --items ml-100k/u.item ml-100k/u.data | learner -q ui --rank 10 ...
  PROG --implicit ml-100k/u1.base --centered ml-100k/u1.test > u1.test.vw  # SVD++
  PROG --user-day 0.5 --neighbors ml-100k/u1.base ml-100k/u1.base > u1.base.vw
  PROG --user-day 0.5 --neighbors ml-100k/u1.base ml-100k/u1.test > u1.test.vw
)";

std::string prog = "learner-ratings";

bool readable(const std::string& path) {
  struct stat st;
  return ::access(path.c_str(), R_OK) == 0 && ::stat(path.c_str(), &st) == 0 && !S_ISDIR(st.st_mode);
}

void write_out(std::string& buffer) {
  learner::write_stdout(buffer);
  buffer.clear();
}

int run(const ConvertOptions& o, std::string& out) {
  for (const std::string* side : {&o.users, &o.items, &o.implicit, &o.neighbors})
    if (!side->empty() && !readable(*side)) throw learner::Error("cannot read '" + *side + "'");
  FeatureTable users, items, implicit;
  ReferenceRatings ref;
  SideTables tables;
  if (!o.implicit.empty()) {
    implicit = load_implicit(*learner::LineReader::open(o.implicit), o.format, o.centered);
    tables.implicit = &implicit;
  }
  if (!o.neighbors.empty()) ref = load_reference(*learner::LineReader::open(o.neighbors), o.format);
  if (!o.users.empty()) {
    users = load_users(*learner::LineReader::open(o.users));
    tables.users = &users;
  }
  if (!o.items.empty()) {
    items = load_items(*learner::LineReader::open(o.items));
    tables.items = &items;
  }
  Converter converter(o, tables);
  const bool knn = !o.neighbors.empty();
  for (const std::string& file : o.files) {
    if (file != "-" && !readable(file)) throw learner::Error("cannot read '" + file + "'");
    const auto in = learner::LineReader::open(file);
    if (knn) converter.convert(*in, out, true);
    else converter.convert(*in, out, false, write_out);
  }
  if (knn && !converter.ids().empty()) {
    std::size_t repeated = 0;
    const std::vector<std::string> values = neighbor_values(ref, converter.ids(), o.neighbor, repeated);
    if (repeated)
      std::cerr << prog << ": note: " << repeated << " repeated (user, item) pairs in " << o.neighbors
                << "; the last rating of each is used\n";
    std::string lines;
    lines.swap(out);
    std::size_t start = 0;
    for (const std::string& v : values) {
      const std::size_t nl = lines.find('\n', start);
      out.append(lines, start, nl - start).append(" |k knn:").append(v).push_back('\n');
      start = nl + 1;
      if (out.size() > (1u << 20)) write_out(out);
    }
  }
  write_out(out);
  learner::finish_stdout();
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 0 && argv[0] != nullptr) {
    prog = argv[0];
    if (const auto slash = prog.rfind('/'); slash != std::string::npos) prog.erase(0, slash + 1);
  }
  ConvertOptions options;
  try {
    options = parse_convert_options(std::vector<std::string>(argv + 1, argv + argc));
  } catch (const learner::UsageError& e) {
    std::cerr << prog << ": " << e.what() << "\nTry '" << prog << " --help'.\n";
    return 2;
  }
  if (options.help) {
    std::string usage = kUsage;
    for (std::size_t at; (at = usage.find("PROG")) != std::string::npos;) usage.replace(at, 4, prog);
    std::cout << usage;
    return 0;
  }
  std::string out;
  try {
    return run(options, out);
  } catch (const std::exception& e) {
    if (options.neighbors.empty()) {  // the lines before the bad one, as a stream would have
      try {
        write_out(out);
      } catch (const std::exception&) {
      }
    }
    std::fflush(stdout);
    std::cerr << prog << ": " << e.what() << '\n';
    return 1;
  }
}
