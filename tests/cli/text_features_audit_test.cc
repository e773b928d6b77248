// End to end: --audit against VW 9.11's own reference outputs (its test
// suite, test/train-sets/ref/audit.stdout and cache_interaction_audit.stdout),
// the text-feature flags on the command line, --audit_regressor, and the
// refused arguments.
#include <gtest/gtest.h>

#include "../support/files.h"
#include "run_helper.h"

namespace learner {
namespace {

using test::run_learner;
using test::temp_path;
using test::write_file;

std::string file_with(const std::string& name, const std::string& text) {
  const std::string path = temp_path(name);
  write_file(path, text);
  return path;
}

TEST(Audit, MatchesVwReferenceOnItsAuditTest) {
  // VW test 135: vw --audit -d train-sets/audit.dat --noconstant
  const std::string data = file_with("audit.dat", "1 | feature\n2 |namespace feature\n3 | :1\n4 |other_namespace :1\n");
  const test::RunResult r = run_learner("--audit -d " + data + " --noconstant --quiet");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            "0\n\tfeature:118880:1:0@0\n0\n\tnamespace^feature:242309:1:0@0\n0\n\t:0:1:0@0\n0\n"
            "\tother_namespace^:207177:1:0@0\n");
}

TEST(Audit, InteractionsAndConstantAsVwOrdersThem) {
  // VW test 204 (-q st --audit), first example, whose weights are all zero.
  const std::string data = file_with("cia.txt",
                                     "1 |s p^the_man w^the w^man |t p^un_homme w^un w^homme\n"
                                     "2 |s p^the_man w^the w^man |t p^le_homme w^le w^homme\n");
  const test::RunResult r = run_learner("-q st --audit -d " + data + " --quiet");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string first =
      "0\n\ts^p^the_man:3563:1:0@0\ts^w^the:145229:1:0@0\ts^w^man:31316:1:0@0\tt^p^un_homme:68438:1:0@0\t"
      "t^w^un:149058:1:0@0\tt^w^homme:25913:1:0@0\tConstant:116060:1:0@0\ts^p^the_man*t^p^un_homme:58279:1:0@0\t"
      "s^p^the_man*t^w^un:241331:1:0@0\ts^p^the_man*t^w^homme:101832:1:0@0\ts^w^the*t^p^un_homme:1377:1:0@0\t"
      "s^w^the*t^w^un:215157:1:0@0\ts^w^the*t^w^homme:92942:1:0@0\ts^w^man*t^p^un_homme:104810:1:0@0\t"
      "s^w^man*t^w^un:185470:1:0@0\ts^w^man*t^w^homme:63237:1:0@0\n";
  ASSERT_GE(r.out.size(), first.size());
  EXPECT_EQ(r.out.substr(0, first.size()), first);
  // Second example: the features learned from move first (|w x| descending),
  // VW's reference order; the weights agree with VW's to 1e-4 (0.0540374@4).
  const std::string second = r.out.substr(first.size());
  EXPECT_EQ(second.rfind("0.43", 0), 0u) << second;
  EXPECT_NE(second.find("\n\ts^p^the_man:3563:1:0.0540"), std::string::npos) << second;
  EXPECT_NE(second.find("@4\tt^p^le_homme:73877:1:0@0\tt^w^le:112588:1:0@0\t"), std::string::npos) << second;
}

TEST(Audit, TextFeaturesOnTheCommandLine) {
  const std::string data = file_with("sentence.txt", "1 'tag1|t the quick brown fox\n");
  test::RunResult r = run_learner("--audit --noconstant --ngram 2 --skips 1 -d " + data + " --quiet");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            "0 tag1\n\tt^the:52267:1:0@0\tt^quick:58021:1:0@0\tt^brown:62978:1:0@0\tt^fox:64494:1:0@0\t"
            "t^the^quick:7460:1:0@0\tt^quick^brown:147219:1:0@0\tt^brown^fox:54248:1:0@0\tt^the^brown:12417:1:0@0\t"
            "t^quick^fox:148735:1:0@0\n");
  r = run_learner("--audit --noconstant --affix -1t --spelling t -d " + data + " --quiet -t");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("\taffix^t-1=e:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\tspelling^t_aaaaa:60338:1:0\t"), std::string::npos) << r.out;  // -t: no "@G"
}

TEST(Audit, MatchesVwOnDictionaryAndTestOnly) {
  // Checked against VW 9.11.2 built from source: under -t no "@G"; a
  // dictionary feature is named by the word and its slot, and its namespace
  // comes before the namespace that used the dictionary first.
  const std::string dict = file_with("d.dict", "the det article\nfox animal:2 mammal\nbird |x z\n");
  const std::string data = file_with("s2.txt", "1 |t the quick brown fox\n0 |w a lazy Dog9.x |t fox\n");
  const test::RunResult r = run_learner("-d " + data + " --audit --dictionary t:" + dict + " --noconstant --quiet -t");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            "0\n\tdictionary^t_the=19866:19866:1:0\tdictionary^t_the=259174:259174:1:0\t"
            "dictionary^t_fox=120576:120576:2:0\tdictionary^t_fox=214773:214773:1:0\tt^the:52267:1:0\t"
            "t^quick:58021:1:0\tt^brown:62978:1:0\tt^fox:64494:1:0\n"
            "0\n\tw^a:217761:1:0\tw^lazy:181119:1:0\tw^Dog9.x:197571:1:0\tdictionary^t_fox=120576:120576:2:0\t"
            "dictionary^t_fox=214773:214773:1:0\tt^fox:64494:1:0\n");
}

// VW test 65's form: --dictionary w:NAME --dictionary_path DIR finds DIR/NAME;
// the features are those of the dictionary given by its full path.
TEST(Dictionary, DictionaryPathFindsTheFile) {
  const std::string dict = file_with("dp.dict", "the det article\nfox animal:2 mammal\n");
  const std::string dir = dict.substr(0, dict.rfind('/'));
  const std::string data = file_with("dp.txt", "1 |t the quick brown fox\n0 |w a lazy Dog9.x |t fox\n");
  const test::RunResult direct = run_learner("-d " + data + " --audit --dictionary t:" + dict + " --quiet -t");
  const test::RunResult found =
      run_learner("-d " + data + " --audit --dictionary t:dp.dict --dictionary_path /nonexistent --dictionary_path " +
                  dir + " --quiet -t");
  ASSERT_EQ(found.exit_code, 0) << found.err;
  EXPECT_EQ(found.out, direct.out);
  EXPECT_NE(found.out.find("dictionary^t_fox="), std::string::npos) << found.out;
  const test::RunResult missing =
      run_learner("-d " + data + " --dictionary t:absent.dict --dictionary_path " + dir + " --quiet -t");
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("cannot find 'absent.dict' in --dictionary_path '" + dir + "'"), std::string::npos)
      << missing.err;
  const test::RunResult alone = run_learner("-d " + data + " --dictionary_path " + dir + " --quiet -t");
  EXPECT_EQ(alone.exit_code, 2);
  EXPECT_NE(alone.err.find("give --dictionary too"), std::string::npos) << alone.err;
}

TEST(Audit, SgdHasNoAdaptiveSum) {
  const std::string data = file_with("one.txt", "1 | a\n");
  const test::RunResult r = run_learner("--audit --sgd -d " + data + " --quiet");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "0\n\ta:92594:1:0\tConstant:116060:1:0\n");
}

TEST(Redefine, VwRedefineTestAverageLoss) {
  // VW test 81: --redefine := --redefine y:=: --redefine x:=arma --ignore x -q yy
  // on train-sets/0080.dat; VW: average loss 1.505925, 6 features per example.
  const std::string data = file_with("0080.dat",
                                     "1 B/038e|u 71 |a 1 2 |c 1\n2 R/0c56|u 24 |a 3 5 |c 2\n"
                                     "1 R/0c96|u 18 |a |c 8\n2 R/0c56|u 24 |a 3 5 |c 2\n");
  const test::RunResult r =
      run_learner("-d " + data + " --redefine := --redefine y:=: --redefine x:=arma --ignore x -q yy");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::size_t at = r.err.find("average loss = ");
  ASSERT_NE(at, std::string::npos) << r.err;
  EXPECT_NEAR(std::stod(r.err.substr(at + 15)), 1.505925, 1e-4);
  EXPECT_NE(r.err.find("2.0000         1.0412        6"), std::string::npos) << r.err;
}

TEST(AuditRegressor, ListsEachUsedWeightOnceByName) {
  const std::string data = file_with("ar.txt", "1 |a x y |b z\n0 |a x |b w\n1 |a y\n");
  const std::string model = temp_path("ar.model"), out = temp_path("ar.audit");
  ASSERT_EQ(run_learner("-d " + data + " -q ab -f " + model + " --quiet").exit_code, 0);
  const test::RunResult r = run_learner("-d " + data + " -q ab -i " + model + " --audit_regressor " + out + " --quiet");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string text = test::slurp(out);
  // Linear, the constant, then interactions, as VW; every line name:slot:weight.
  EXPECT_EQ(text.rfind("a^x:", 0), 0u) << text;
  for (const char* name : {"\na^y:", "\nb^z:", "\nConstant:116060:", "\na^x*b^z:", "\nb^w:", "\na^x*b^w:"})
    EXPECT_NE(text.find(name), std::string::npos) << name << "\n" << text;
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 8);  // a^x a^y b^z Constant x*z y*z b^w x*w
}

TEST(TextFlags, MalformedArgumentsAreRefused) {
  const std::string data = file_with("m.txt", "1 | a\n");
  struct Case {
    const char* args;
    const char* message;
  } cases[] = {
      {"--ngram x", "--ngram 'x'"},
      {"--ngram 2 --skips t", "--skips 't'"},
      {"--skips 1", "--skips needs --ngram"},
      {"--affix +0t", "--affix '+0t'"},
      {"--spelling ab", "--spelling 'ab'"},
      {"--redefine ab", "--redefine 'ab'"},
      {"--dictionary w:no_such_dictionary.txt", "no_such_dictionary.txt"},
      {"--audit_regressor out.txt", "--audit_regressor needs -i"},
  };
  for (const Case& c : cases) {
    const test::RunResult r = run_learner("-d " + data + " " + c.args + " --quiet");
    EXPECT_NE(r.exit_code, 0) << c.args;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << c.args << ": " << r.err;
  }
}

TEST(TextFlags, AffixCacheIsRebuiltWhenTheFlagsChange) {
  const std::string data = file_with("c.txt", "1 | hello world\n0 | bye\n");
  const std::string cache = temp_path("c.cache");
  std::remove(cache.c_str());
  ASSERT_EQ(run_learner("-d " + data + " --cache_file " + cache + " --quiet").exit_code, 0);
  const test::RunResult r = run_learner("-d " + data + " --cache_file " + cache + " --affix +2");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("rebuilding cache"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace learner
