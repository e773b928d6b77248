// No silent no-ops (issue 27): an option naming a namespace that never occurs
// in pass 1 is an error naming the namespaces that did (src/cli/namespace_check.h);
// --ignore / --keep of an absent namespace and -t / -i runs only warn.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "run_helper.h"

namespace learner::test {
namespace {

bool namespace_check_has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Ratings as scripts/ratings2vw writes them: "rating |u USER |i ITEM".
std::string ratings(int users, int items, const char* u = "u", const char* i = "i") {
  std::string s;
  for (int a = 1; a <= users; ++a)
    for (int b = 1; b <= items; ++b)
      s += std::to_string(1 + (a * b) % 5) + " |" + u + " " + std::to_string(a) + " |" + i + " " + std::to_string(b) +
           "\n";
  return s;
}

std::string loss_line(const std::string& err) {
  const auto at = err.find("average loss = ");
  return at == std::string::npos ? "" : err.substr(at, err.find('\n', at) - at);
}

TEST(NamespaceCheck, FullNamesOnFirstLetterDataAreRefusedWithTheLetterForm) {
  const std::string data = temp_path("ns_ui.vw"), model = temp_path("ns_ui.bin");
  write_file(data, ratings(6, 5));
  std::filesystem::remove(model);
  // Before issue 27 this trained a linear model, its loss byte-identical to a run without --dotproduct.
  const RunResult r = run_learner("-d " + data + " --dotproduct user,item -f " + model);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_TRUE(namespace_check_has(r.err, "--dotproduct user,item: no namespace named \"user\" or \"item\" in pass 1 of " + data))
      << r.err;
  EXPECT_TRUE(namespace_check_has(r.err, "full names are matched exactly; to pair the namespaces by their first letters, give "
                         "--dotproduct ui"))
      << r.err;
  EXPECT_TRUE(namespace_check_has(r.err, "the namespaces with features were: i, u")) << r.err;
  EXPECT_FALSE(std::filesystem::exists(model));
}

TEST(NamespaceCheck, FullNamesAreMatchedExactly) {
  const std::string data = temp_path("ns_full.vw");
  write_file(data, ratings(6, 5, "user", "item"));
  const RunResult dyadic = run_learner("-d " + data + " --dotproduct user,item --rank 2");
  ASSERT_EQ(dyadic.exit_code, 0) << dyadic.err;
  const RunResult linear = run_learner("-d " + data);
  EXPECT_NE(loss_line(dyadic.err), loss_line(linear.err));  // the pair is trained
  // A name that only starts like one of the data's is not matched; no letter form to suggest.
  const RunResult typo = run_learner("-d " + data + " --dotproduct user,items");
  EXPECT_EQ(typo.exit_code, 2);
  EXPECT_TRUE(namespace_check_has(typo.err, "no namespace named \"items\" in pass 1")) << typo.err;
  EXPECT_TRUE(namespace_check_has(typo.err, "the namespaces with features were: i (\"item\"), u (\"user\")")) << typo.err;
  EXPECT_TRUE(namespace_check_has(typo.err, "give --dotproduct ui")) << typo.err;  // u and i start user and item
}

TEST(NamespaceCheck, EveryOptionThatAddsFeaturesNamesItsMissingNamespace) {
  const std::string data = temp_path("ns_adds.vw");
  write_file(data, ratings(4, 4));
  const std::pair<const char*, const char*> cases[] = {
      {"--dotproduct ux", "--dotproduct ux: no namespace starting with 'x'"},
      {"--lrq ux2", "--dotproduct ux: no namespace starting with 'x'"},
      {"-q ux", "-q ux: no namespace starting with 'x'"},
      {"--cubic uix", "--cubic uix: no namespace starting with 'x'"},
      {"--interactions uixy", "--interactions uixy: no namespace starting with 'x' or 'y'"},
      {"--dotproduct_fields uiz", "--dotproduct_fields uiz: no namespace starting with 'z'"},
      {"--ngram x2", "--ngram x2: no namespace starting with 'x'"},
      {"--ngram u2 --skips t1", "--skips t1: no namespace starting with 't'"},
      {"--spelling _", "--spelling _: no namespace starting with ' ' (the default namespace)"},
      {"--affix +2x", "--affix (namespace x): no namespace starting with 'x'"}};
  for (const auto& [flags, message] : cases) {
    const RunResult r = run_learner("-d " + data + " " + flags + " --quiet");
    EXPECT_EQ(r.exit_code, 2) << flags << "\n" << r.err;
    EXPECT_TRUE(namespace_check_has(r.err, message)) << flags << "\n" << r.err;
    EXPECT_TRUE(namespace_check_has(r.err, "the namespaces with features were: i, u")) << flags << "\n" << r.err;
  }
  // Present namespaces and the wildcard are fine.
  for (const char* flags : {"--dotproduct ui", "-q ui", "-q ::", "--interactions u:", "--ngram u2", "--keep u"}) {
    const RunResult r = run_learner("-d " + data + " " + flags + " --quiet");
    EXPECT_EQ(r.exit_code, 0) << flags << "\n" << r.err;
    EXPECT_FALSE(namespace_check_has(r.err, "warning")) << flags << "\n" << r.err;
  }
}

TEST(NamespaceCheck, IgnoreAndKeepOfAnAbsentNamespaceWarn) {
  const std::string data = temp_path("ns_ignore.vw");
  write_file(data, ratings(4, 4));
  const RunResult plain = run_learner("-d " + data);
  const RunResult ignore = run_learner("-d " + data + " --ignore x --ignore_linear y");
  ASSERT_EQ(ignore.exit_code, 0) << ignore.err;
  EXPECT_TRUE(namespace_check_has(ignore.err, "warning: --ignore x: no namespace starting with 'x' in pass 1 of " + data +
                                  " (nothing to drop); the namespaces with features were: i, u"))
      << ignore.err;
  EXPECT_TRUE(namespace_check_has(ignore.err, "warning: --ignore_linear y: no namespace starting with 'y'")) << ignore.err;
  EXPECT_EQ(loss_line(ignore.err), loss_line(plain.err));
  const RunResult some = run_learner("-d " + data + " --keep ux");
  ASSERT_EQ(some.exit_code, 0) << some.err;
  EXPECT_TRUE(namespace_check_has(some.err, "warning: --keep x: no namespace starting with 'x'")) << some.err;
  const RunResult none = run_learner("-d " + data + " --keep xy");
  EXPECT_EQ(none.exit_code, 2);
  EXPECT_TRUE(namespace_check_has(none.err, "--keep xy: none of the kept namespaces occurs in pass 1 of " + data +
                                ", so every feature would be dropped and only the constant learned"))
      << none.err;
}

TEST(NamespaceCheck, TestOnlyAndResumedRunsWarn) {
  const std::string train = temp_path("ns_train.vw"), items_only = temp_path("ns_items.vw"),
                    model = temp_path("ns_model.bin"), cold = temp_path("ns_cold.vw");
  write_file(train, ratings(6, 5));
  std::string only_items;
  for (int b = 1; b <= 5; ++b) only_items += "3 |i " + std::to_string(b) + "\n";
  write_file(items_only, only_items);
  write_file(cold, "3 |u 901 |i 902\n4 |u 903 |i 1\n");  // users and items never trained: all cold start
  ASSERT_EQ(run_learner("-d " + train + " --dotproduct ui --rank 2 -q ui -f " + model + " --quiet").exit_code, 0);
  const RunResult test = run_learner("-t -i " + model + " -d " + items_only + " -p /dev/stdout");
  ASSERT_EQ(test.exit_code, 0) << test.err;
  EXPECT_EQ(first_column(test.out).size(), 5u);
  EXPECT_TRUE(namespace_check_has(test.err, "warning: --dotproduct ui: no namespace starting with 'u' in pass 1 of " + items_only))
      << test.err;
  EXPECT_TRUE(namespace_check_has(test.err, "warning: -q ui: no namespace starting with 'u'")) << test.err;
  const RunResult cold_start = run_learner("-t -i " + model + " -d " + cold + " --quiet");
  EXPECT_EQ(cold_start.exit_code, 0) << cold_start.err;
  EXPECT_FALSE(namespace_check_has(cold_start.err, "warning")) << cold_start.err;
  // Training on from the model, on data without users: a warning, and the model is written.
  const std::string more = temp_path("ns_more.bin");
  std::filesystem::remove(more);
  const RunResult resumed = run_learner("-i " + model + " -d " + items_only + " -f " + more + " --quiet");
  EXPECT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_TRUE(namespace_check_has(resumed.err, "warning: --dotproduct ui: no namespace starting with 'u'")) << resumed.err;
  EXPECT_TRUE(std::filesystem::exists(more));
}

TEST(NamespaceCheck, PassOneFromACacheIsCheckedToo) {
  const std::string data = temp_path("ns_cache.vw"), cache = temp_path("ns_cache.cache");
  write_file(data, ratings(4, 4));
  std::filesystem::remove(cache);
  ASSERT_EQ(run_learner("-d " + data + " --cache_file " + cache + " --passes 2 --quiet").exit_code, 0);
  const RunResult r = run_learner("-d " + data + " --cache_file " + cache + " --passes 3 -q ix --quiet");
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_TRUE(namespace_check_has(r.err, "-q ix: no namespace starting with 'x'")) << r.err;
}

}  // namespace
}  // namespace learner::test
