// End-to-end runs of VW's spellings of the dyadic model (src/learners/gd/vw_latent.h):
// --rank K -q ab and --lrq abK are --dotproduct ab --rank K (learner's own start, centre 1).
#include <gtest/gtest.h>

#include <string>

#include "run_helper.h"

namespace learner::test {
namespace {

// 60 ratings of 6 users x 5 items, rating = 1 + (3u + 2i) mod 5, with a
// second item namespace c for the quadratic checks.
std::string dyadic_file() {
  static const std::string path = [] {
    std::string text;
    for (int n = 0; n < 60; ++n) {
      const int u = n % 6, i = (n * 7) % 5;
      text += std::to_string(1 + (3 * u + 2 * i) % 5) + " |a u" + std::to_string(u) + " |b i" + std::to_string(i) +
              " |c g" + std::to_string(i % 2) + "\n";
    }
    const std::string p = temp_path("vw_latent.txt");
    write_file(p, text);
    return p;
  }();
  return path;
}

RunResult run_p(const std::string& flags, const std::string& name) {
  const std::string p = temp_path(name);
  RunResult r = run_learner(flags + " -d " + dyadic_file() + " -p " + p);
  r.out = slurp(p);
  return r;
}

TEST(VwLatent, RankWithQuadraticIsDotproductWithPlainProduct) {
  const RunResult vw = run_p("--rank 3 -q ab", "rank.p");
  const RunResult mine = run_p("--dotproduct ab --rank 3", "dot.p");
  ASSERT_EQ(vw.exit_code, 0) << vw.err;
  ASSERT_EQ(mine.exit_code, 0) << mine.err;
  EXPECT_EQ(vw.out, mine.out);
  EXPECT_FALSE(vw.out.empty());
  // The -q pair is factorised only, not also crossed (VW's gd_mf model).
  EXPECT_NE(vw.out, run_p("--dotproduct ab --rank 3 -q ab", "dotq.p").out);
  // --quadratic and --interactions are the same spelling.
  EXPECT_EQ(vw.out, run_p("--rank 3 --interactions ab", "inter.p").out);
  // --dotproduct_center given by the user is kept.
  const RunResult plain = run_p("--rank 3 -q ab --dotproduct_center 0", "c0.p");
  EXPECT_EQ(plain.out, run_p("--dotproduct ab --rank 3 --dotproduct_center 0", "c0d.p").out);
  EXPECT_NE(plain.out, vw.out);
}

// The golden progressive losses below are of the dyadic defaults of issue 27
// (automatic latent rate and L2, centre 0.5, start spread 0.1, frequency-aware
// L2) with the start's noise summing to 0 over the dimensions (issue 28); with
// the earlier defaults they were 3.704664 (--rank 3 -q ab), 3.765636 (--lrq
// ab4), 3.633503 (--lrq aa3), 3.408079 (--lrqdropout) and 4.135585 (--lrqfa
// abc3); with issue 27's start 3.058728, 3.059859, 3.081689, 3.058141, 3.075749.
TEST(VwLatent, RankGoldenAverageLoss) {
  const RunResult r = run_learner("--rank 3 -q ab -d " + dyadic_file());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("average loss = 3.075381"), std::string::npos) << r.err;
}

TEST(VwLatent, LrqIsDotproductKeepingQuadratics) {
  const RunResult lrq = run_p("--lrq ab4", "lrq.p");
  ASSERT_EQ(lrq.exit_code, 0) << lrq.err;
  EXPECT_EQ(lrq.out, run_p("--dotproduct ab --rank 4", "lrqd.p").out);
  // VW's lrq sits on top of -q: the quadratic features stay.
  const RunResult with_q = run_p("--lrq ab4 -q ac", "lrqq.p");
  ASSERT_EQ(with_q.exit_code, 0) << with_q.err;
  EXPECT_EQ(with_q.out, run_p("--dotproduct ab --rank 4 -q ac", "lrqqd.p").out);
  EXPECT_NE(with_q.out, lrq.out);
  // Repeated pairs count once; a hexadecimal rank is VW's strtoul form.
  EXPECT_EQ(lrq.out, run_p("--lrq ab4 --lrq ab0x4", "lrq2.p").out);
  const RunResult r = run_learner("--lrq ab4 -d " + dyadic_file());
  EXPECT_NE(r.err.find("average loss = 3.087353"), std::string::npos) << r.err;
}

TEST(VwLatent, ModelFileReplaysTheMapping) {
  const std::string model = temp_path("lrq.model");
  const RunResult train = run_p("--lrq ab4 -f " + model, "train.p");
  ASSERT_EQ(train.exit_code, 0) << train.err;
  const RunResult test = run_p("-t -i " + model, "test1.p");
  ASSERT_EQ(test.exit_code, 0) << test.err;
  EXPECT_EQ(test.out, run_p("-t -i " + model + " --lrq ab4", "test2.p").out);
  const RunResult bad = run_learner("-t -i " + model + " --rank 5 -d " + dyadic_file());
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("--rank"), std::string::npos) << bad.err;
  // The model stores the --dotproduct spelling: the same predictions as a
  // model trained with it, and a model of plain -q ab stays quadratic.
  const std::string mf = temp_path("rank.model"), dot = temp_path("dot.model"), quad = temp_path("quad.model");
  ASSERT_EQ(run_learner("--rank 2 -q ab -f " + mf + " -d " + dyadic_file()).exit_code, 0);
  ASSERT_EQ(run_learner("--dotproduct ab --rank 2 -f " + dot + " -d " + dyadic_file()).exit_code, 0);
  ASSERT_EQ(run_learner("-q ab -f " + quad + " -d " + dyadic_file()).exit_code, 0);
  const RunResult again = run_p("-t -i " + mf, "test3.p");
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(first_column(again.out).size(), 60u);
  EXPECT_EQ(again.out, run_p("-t -i " + dot, "test4.p").out);
  const RunResult plain = run_p("-t -i " + quad, "test5.p");
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  EXPECT_EQ(plain.out, run_p("-t -i " + quad + " -q ab", "test6.p").out);
  const RunResult mixed = run_learner("-t -i " + quad + " --rank 1 -d " + dyadic_file());
  EXPECT_EQ(mixed.exit_code, 2);
  EXPECT_NE(mixed.err.find("trained without a dyadic term"), std::string::npos) << mixed.err;
}

// VW's --rank K with no -q pair (its tests 525 and 601) trains VW's linear
// model; learner does too, says so on stderr, and -i of its model works.
TEST(VwLatent, RankWithoutPairIsLinearWithAWarning) {
  const std::string model = temp_path("rank-alone.model");
  const RunResult plain = run_learner("-d " + dyadic_file() + " -p /dev/stdout --quiet");
  const RunResult ranked = run_learner("--rank 5 -d " + dyadic_file() + " -p /dev/stdout --quiet -f " + model);
  ASSERT_EQ(ranked.exit_code, 0) << ranked.err;
  EXPECT_EQ(ranked.out, plain.out);
  EXPECT_NE(ranked.err.find("warning: --rank 5 without a -q pair"), std::string::npos) << ranked.err;
  const RunResult again = run_learner("-t -i " + model + " -d " + dyadic_file() + " -p /dev/stdout --quiet");
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(again.err.find("warning"), std::string::npos) << again.err;
}

TEST(VwLatent, MalformedArgumentsAreUsageErrors) {
  const std::pair<const char*, const char*> cases[] = {
      {"--lrq ab", "two namespace letters and a rank"},
      {"--lrq a", "two namespace letters and a rank"},
      {"--lrq abx", "must be a number"},
      {"--lrq ab3x", "must be a number"},
      {"--lrq ab-3", "must be a number"},
      {"--lrq ab0", "between 1 and 256"},
      {"--lrq ab257", "between 1 and 256"},
      {"--lrq a:3", "wildcards"},
      {"--lrq ab3 --lrq ac4", "one rank for all pairs"},
      {"--lrq ab3 --rank 4", "--rank is 4"},
      {"--rank 3 --cubic abc", "pairs only"},
      {"--rank 3 -q a:", "wildcards"},
      {"--rank 3 -q aa", "separate left and right vectors"},
      {"--lrqfa abc", "namespace letters and a rank"},
      {"--lrqfa 3", "namespace letters and a rank"},
      {"--lrqfa a:3", "wildcards"},
      {"--lrqfa abca2", "each namespace letter once"},
      {"--lrqfa a2", "at least two namespace letters"},
      {"--lrqfa abc0", "between 1 and 256"},
      {"--lrqfa abcde2", "at most 8 pairs"},
      {"--lrq ab3 --lrqfa cd4", "one rank for all pairs"},
      {"--lrqfa abc3 --rank 2", "--rank is 2"},
      {"--lrq aa3 --lrq ab3", "disjoint namespaces"},
      {"--lrqdropout", "applies to --lrq"},
      {"--lrqfa abc2 --lrqdropout", "applies to --lrq"},
      {"--lrq ab2 --lrqdropout --dotproduct_dropout 0.3", "means --dotproduct_dropout 0.5"},
      {"--dotproduct ab --dotproduct_dropout 1", "below 1"},
      {"--dotproduct ab --dotproduct_dropout -0.5", "dotproduct_dropout"},
      {"--dotproduct_dropout 0.5", "applies to --dotproduct models only"},
  };
  for (const auto& [flags, message] : cases) {
    const RunResult r = run_learner(std::string(flags) + " -d " + dyadic_file());
    EXPECT_EQ(r.exit_code, 2) << flags;
    EXPECT_NE(r.err.find(message), std::string::npos) << flags << ": " << r.err;
  }
}

// VW's --lrq aa3: the pair of one namespace is |A|^2 (learner's --dotproduct aa).
TEST(VwLatent, LrqOfOneNamespaceIsTheSelfPair) {
  const RunResult lrq = run_p("--lrq aa3", "lrqaa.p");
  ASSERT_EQ(lrq.exit_code, 0) << lrq.err;
  EXPECT_EQ(lrq.out, run_p("--dotproduct aa --rank 3", "dotaa.p").out);
  EXPECT_NE(lrq.out, run_p("--lrq ab3", "lrqab.p").out);
  const RunResult r = run_learner("--lrq aa3 -d " + dyadic_file());
  EXPECT_NE(r.err.find("average loss = 3.078478"), std::string::npos) << r.err;
}

// --lrqdropout = --dotproduct_dropout 0.5: training draws masks, every
// prediction is half the term; the model file keeps the setting.
TEST(VwLatent, LrqDropoutIsDotproductDropout) {
  const std::string model = temp_path("dropout.model"), spelled = temp_path("dropout2.model");
  const RunResult lrq = run_p("--lrq ab4 --lrqdropout -f " + model, "drop.p");
  ASSERT_EQ(lrq.exit_code, 0) << lrq.err;
  EXPECT_NE(lrq.err.find("dotproduct_dropout = 0.5"), std::string::npos) << lrq.err;
  EXPECT_NE(lrq.err.find("average loss = 3.071148"), std::string::npos) << lrq.err;
  const RunResult mine = run_p("--dotproduct ab --rank 4 --dotproduct_dropout 0.5 -f " + spelled,
                               "drop2.p");
  EXPECT_EQ(lrq.out, mine.out);
  EXPECT_NE(lrq.out, run_p("--lrq ab4", "nodrop.p").out);
  // Another seed draws other masks.
  EXPECT_NE(lrq.out, run_p("--lrq ab4 --lrqdropout --random_seed 3", "drop3.p").out);
  const RunResult test = run_p("-t -i " + model, "droptest.p");
  ASSERT_EQ(test.exit_code, 0) << test.err;
  EXPECT_NE(test.err.find("dotproduct_dropout = 0.5"), std::string::npos) << test.err;
  EXPECT_EQ(test.out, run_p("-t -i " + spelled, "droptest2.p").out);
  EXPECT_EQ(test.out, run_p("-t -i " + model + " --lrq ab4 --lrqdropout", "droptest3.p").out);
  EXPECT_EQ(first_column(test.out).size(), 60u);
  EXPECT_NE(test.out, run_p("-t --lrq ab4 --lrqdropout", "dropfresh.p").out);
  const RunResult other = run_learner("-t -i " + model + " --dotproduct_dropout 0.2 -d " + dyadic_file());
  EXPECT_EQ(other.exit_code, 2) << other.err;
}

// --lrqfa abcK = --dotproduct_fields abc --rank K:
// one latent vector per feature and other field; -f / -i / -t keep it.
TEST(VwLatent, LrqfaIsFieldAwareDotproduct) {
  const std::string model = temp_path("lrqfa.model"), spelled = temp_path("fields.model");
  const RunResult fa = run_p("--lrqfa abc3 -f " + model, "fa.p");
  ASSERT_EQ(fa.exit_code, 0) << fa.err;
  EXPECT_NE(fa.err.find("dotproduct_fields = abc, rank = 3"), std::string::npos) << fa.err;
  EXPECT_NE(fa.err.find("average loss = 3.090910"), std::string::npos) << fa.err;
  EXPECT_EQ(fa.out, run_p("--dotproduct_fields abc --rank 3 -f " + spelled, "fa2.p").out);
  const RunResult two = run_p("--lrqfa ab3", "fa_ab.p");  // the pairs with c count
  ASSERT_EQ(two.exit_code, 0) << two.err;
  EXPECT_NE(fa.out, two.out);
  const RunResult test = run_p("-t -i " + model, "fatest.p");
  ASSERT_EQ(test.exit_code, 0) << test.err;
  EXPECT_EQ(first_column(test.out).size(), 60u);
  EXPECT_EQ(test.out, run_p("-t -i " + spelled, "fatest2.p").out);
  EXPECT_EQ(test.out, run_p("-t -i " + model + " --lrqfa abc3", "fatest3.p").out);
  EXPECT_NE(test.out, run_p("-t --lrqfa abc3", "fafresh.p").out);  // the trained latent table was loaded
  // Resuming from the model continues training (the latent table was loaded).
  const RunResult resumed = run_learner("-i " + model + " -d " + dyadic_file());
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_NE(resumed.err.find("average loss = "), std::string::npos);
  EXPECT_EQ(resumed.err.find("average loss = 3.090910"), std::string::npos) << resumed.err;
  const RunResult other = run_learner("-t -i " + model + " --lrqfa abd3 -d " + dyadic_file());
  EXPECT_EQ(other.exit_code, 2);
  EXPECT_NE(other.err.find("conflicts"), std::string::npos) << other.err;
  // Several passes over a cache.
  const RunResult passes = run_learner("--lrqfa abc2 --passes 3 -c -k --holdout_off -d " + dyadic_file());
  EXPECT_EQ(passes.exit_code, 0) << passes.err;
}

}  // namespace
}  // namespace learner::test
