// End-to-end runs of --cbify_ldf (cost-sensitive multi-line examples as
// bandit feedback over --cb_explore_adf): the drawn actions (-p) and average
// loss as VW 9.11 prints them, a shared line read as its namespaces on every
// action line, a model round trip, --dotproduct under it, refusals.
#include <gtest/gtest.h>

#include <string>

#include "run_helper.h"

namespace learner::test {
namespace {

// 30 examples of 4 actions: user u (type u's parity class) and item i; cost 0 when the types agree.
const char* const kCbifyLdfData =
    "1:0 |u u0 |a i3\n2:1 |u u0 |a i7\n3:0 |u u0 |a i2\n4:1 |u u0 |a i1\n\n"
    "1:0 |u u3 |a i2\n2:1 |u u3 |a i6\n3:1 |u u3 |a i0\n4:1 |u u3 |a i1\n\n"
    "1:0 |u u4 |a i7\n2:0 |u u4 |a i1\n3:0 |u u4 |a i6\n4:0 |u u4 |a i0\n\n"
    "1:0 |u u0 |a i3\n2:1 |u u0 |a i6\n3:1 |u u0 |a i1\n4:0 |u u0 |a i5\n\n"
    "1:1 |u u1 |a i4\n2:0 |u u1 |a i2\n3:1 |u u1 |a i1\n4:1 |u u1 |a i7\n\n"
    "1:1 |u u5 |a i3\n2:0 |u u5 |a i1\n3:1 |u u5 |a i5\n4:0 |u u5 |a i6\n\n"
    "1:1 |u u3 |a i4\n2:1 |u u3 |a i0\n3:0 |u u3 |a i2\n4:0 |u u3 |a i3\n\n"
    "1:0 |u u1 |a i2\n2:1 |u u1 |a i7\n3:1 |u u1 |a i0\n4:1 |u u1 |a i6\n\n"
    "1:0 |u u2 |a i0\n2:0 |u u2 |a i4\n3:1 |u u2 |a i5\n4:1 |u u2 |a i2\n\n"
    "1:1 |u u0 |a i4\n2:0 |u u0 |a i2\n3:1 |u u0 |a i6\n4:0 |u u0 |a i3\n\n"
    "1:1 |u u5 |a i5\n2:0 |u u5 |a i1\n3:1 |u u5 |a i3\n4:0 |u u5 |a i7\n\n"
    "1:1 |u u5 |a i2\n2:0 |u u5 |a i0\n3:0 |u u5 |a i7\n4:0 |u u5 |a i6\n\n"
    "1:1 |u u5 |a i5\n2:0 |u u5 |a i6\n3:1 |u u5 |a i3\n4:0 |u u5 |a i0\n\n"
    "1:0 |u u4 |a i6\n2:1 |u u4 |a i2\n3:1 |u u4 |a i3\n4:0 |u u4 |a i4\n\n"
    "1:1 |u u0 |a i7\n2:1 |u u0 |a i0\n3:0 |u u0 |a i5\n4:1 |u u0 |a i1\n\n"
    "1:1 |u u4 |a i3\n2:0 |u u4 |a i0\n3:0 |u u4 |a i1\n4:0 |u u4 |a i7\n\n"
    "1:1 |u u2 |a i5\n2:0 |u u2 |a i4\n3:1 |u u2 |a i2\n4:1 |u u2 |a i3\n\n"
    "1:0 |u u0 |a i5\n2:1 |u u0 |a i6\n3:0 |u u0 |a i2\n4:1 |u u0 |a i0\n\n"
    "1:1 |u u3 |a i1\n2:1 |u u3 |a i7\n3:0 |u u3 |a i2\n4:1 |u u3 |a i4\n\n"
    "1:1 |u u4 |a i5\n2:0 |u u4 |a i1\n3:1 |u u4 |a i2\n4:0 |u u4 |a i7\n\n"
    "1:0 |u u5 |a i1\n2:1 |u u5 |a i2\n3:1 |u u5 |a i5\n4:0 |u u5 |a i6\n\n"
    "1:1 |u u2 |a i2\n2:0 |u u2 |a i6\n3:0 |u u2 |a i0\n4:0 |u u2 |a i1\n\n"
    "1:0 |u u5 |a i4\n2:1 |u u5 |a i3\n3:0 |u u5 |a i1\n4:0 |u u5 |a i0\n\n"
    "1:1 |u u0 |a i6\n2:1 |u u0 |a i0\n3:1 |u u0 |a i1\n4:1 |u u0 |a i4\n\n"
    "1:0 |u u2 |a i4\n2:1 |u u2 |a i3\n3:1 |u u2 |a i5\n4:0 |u u2 |a i6\n\n"
    "1:1 |u u1 |a i0\n2:0 |u u1 |a i5\n3:1 |u u1 |a i7\n4:0 |u u1 |a i3\n\n"
    "1:1 |u u2 |a i3\n2:0 |u u2 |a i1\n3:1 |u u2 |a i5\n4:0 |u u2 |a i4\n\n"
    "1:1 |u u1 |a i6\n2:1 |u u1 |a i0\n3:1 |u u1 |a i1\n4:0 |u u1 |a i3\n\n"
    "1:1 |u u2 |a i2\n2:0 |u u2 |a i0\n3:1 |u u2 |a i3\n4:0 |u u2 |a i7\n\n"
    "1:1 |u u1 |a i7\n2:1 |u u1 |a i4\n3:1 |u u1 |a i1\n4:1 |u u1 |a i6\n\n"
;

std::string cbify_ldf_data() {
  const std::string path = temp_path("cbify_ldf.dat");
  write_file(path, kCbifyLdfData);
  return path;
}

// The drawn action of each example from -p (one line per action line: the
// drawn action's number on its line, 0 elsewhere).
std::string cbify_ldf_draws(const std::string& predictions) {
  std::string out;
  std::size_t at = 0;
  while (at < predictions.size()) {
    const std::size_t end = predictions.find('\n', at);
    const std::string line = predictions.substr(at, end - at);
    if (!line.empty() && line != "0") out += line;
    at = end == std::string::npos ? predictions.size() : end + 1;
  }
  return out;
}

// vw --cbify_ldf ARGS -d data -p p (VW 9.11.2): its drawn actions and average loss.
TEST(CbifyLdfCli, MatchesVwDrawsAndLoss) {
  const std::string data = cbify_ldf_data();
  struct Case {
    const char* args;
    const char* loss;
    const char* draws;
  } const cases[] = {
      {"--epsilon 0.1 -q ua", "average loss = 0.566667", "243211314211422233334342413124"},
      {"--first 5 -q ua --loss0 -1 --loss1 0", "average loss = 0.600000", "241341121243421434242342314221"},
      {"--softmax --lambda 2 -q ua", "average loss = 0.566667", "243414144413323231113143242441"},
      // --cb_explore_adf's other explorers under --cbify_ldf (they were once declared but ignored).
      {"--bag 3 -q ua", "average loss = 0.566667", "241443414234222112444323444132"},
      {"--cover 3 -q ua", "average loss = 0.566667", "241311412214222232144141212123"},
      {"--squarecb -q ua", "average loss = 0.500000", "243111144413412122244442144433"},
      {"--regcb -q ua", "average loss = 0.500000", "243414111333233443233441324241"},
  };
  for (const Case& c : cases) {
    const std::string pred = temp_path("cbify_ldf.predict");
    const RunResult r = run_learner("--cbify_ldf " + std::string(c.args) + " -d " + data + " -p " + pred);
    ASSERT_EQ(r.exit_code, 0) << c.args << r.err;
    EXPECT_NE(r.err.find(c.loss), std::string::npos) << c.args << r.err;
    EXPECT_EQ(cbify_ldf_draws(slurp(pred)), c.draws) << c.args;
    EXPECT_EQ(slurp(pred).size(), 30u * 4u * 2u) << c.args;  // 4 lines of one digit per example
  }
}

// The same examples with the user moved to a `shared` line: the same draws
// and loss (VW 9.11's --cbify_ldf labels line a - 1 of the whole example,
// shared line included, so VW cannot run this form).
TEST(CbifyLdfCli, SharedLineActsOnEveryActionLine) {
  std::string shared;
  const std::string text = kCbifyLdfData;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t end = text.find("\n\n", at);
    std::string group = text.substr(at, end - at);
    const std::size_t u = group.find("|u ");
    const std::string user = group.substr(u, group.find(' ', u + 3) - u);
    for (std::size_t p; (p = group.find(user + " ")) != std::string::npos;) group.erase(p, user.size() + 1);
    shared += "shared " + user + "\n" + group + "\n\n";
    at = end + 2;
  }
  const std::string data = temp_path("cbify_ldf_shared.dat"), inline_p = temp_path("cbify_ldf_inline.p"),
                    shared_p = temp_path("cbify_ldf_shared.p");
  write_file(data, shared);
  const RunResult a = run_learner("--cbify_ldf --epsilon 0.1 -q ua -d " + cbify_ldf_data() + " -p " + inline_p);
  const RunResult b = run_learner("--cbify_ldf --epsilon 0.1 -q ua -d " + data + " -p " + shared_p);
  ASSERT_EQ(a.exit_code, 0) << a.err;
  ASSERT_EQ(b.exit_code, 0) << b.err;
  EXPECT_EQ(slurp(inline_p), slurp(shared_p));
  EXPECT_NE(b.err.find("average loss = 0.566667"), std::string::npos) << b.err;
}

// -f then -t -i rebuilds --cbify_ldf with its stored settings, --dotproduct included.
TEST(CbifyLdfCli, ModelRoundTrip) {
  const std::string data = cbify_ldf_data();
  for (const char* stack : {"--cbify_ldf --epsilon 0.2 -q ua", "--cbify_ldf --cb_type dr --loss1 2",
                            "--cbify_ldf --epsilon 0.05 --dotproduct ua --rank 2"}) {
    const std::string model = temp_path("cbify_ldf.model"), p1 = temp_path("cl1.pred"), p2 = temp_path("cl2.pred");
    ASSERT_EQ(run_learner("-d " + data + " " + stack + " -f " + model).exit_code, 0) << stack;
    const RunResult t1 = run_learner("-d " + data + " -t -i " + model + " -p " + p1);
    ASSERT_EQ(t1.exit_code, 0) << stack << t1.err;
    const RunResult t2 = run_learner("-d " + data + " -t -i " + model + " " + stack + " -p " + p2);
    ASSERT_EQ(t2.exit_code, 0) << stack << t2.err;
    EXPECT_EQ(slurp(p1), slurp(p2)) << stack;
    EXPECT_EQ(cbify_ldf_draws(slurp(p1)).size(), 30u) << stack;
    EXPECT_NE(t1.err.find("cbify_ldf"), std::string::npos) << stack << t1.err;  // the preamble's reduction
  }
}

TEST(CbifyLdfCli, RefusesBadInputAndSettings) {
  const std::string data = cbify_ldf_data();
  EXPECT_NE(run_learner("--cbify_ldf --epsilon 1.5 -d " + data).exit_code, 0);
  EXPECT_NE(run_learner("--cbify_ldf --cb_type nope -d " + data).exit_code, 0);
  EXPECT_NE(run_learner("--cbify_ldf --first 2 --softmax -d " + data).exit_code, 0);
  // A --cb_adf label is not a cost-sensitive one: file:line.
  const std::string bad = temp_path("cbify_ldf_bad.dat");
  write_file(bad, "1:0 |a x\n0:1:0.5 |a y\n\n");
  const RunResult r = run_learner("--cbify_ldf -d " + bad);
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.err.find(":2"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace learner::test
