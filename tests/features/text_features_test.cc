// The text feature generators against VW 9.11's rules (text_features.h):
// golden names and indices, the formulas recomputed from murmur3, and the
// refused arguments.
#include "learner/features/text_features.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "../support/count_allocations.h"
#include "../support/files.h"
#include "learner/error.h"
#include "learner/features/feature_builder.h"
#include "learner/parse/hash.h"
#include "learner/parse/text_parser.h"

namespace learner {
namespace {

constexpr uint32_t kTextMask18 = 0x3FFFF;

Example text_parse(std::string_view line) {
  ParseOptions options;
  options.keep_names = true;
  options.keep_tokens = true;
  Example ex;
  EXPECT_TRUE(TextParser(options).parse(line, ex, "t", 1));
  return ex;
}

struct Built {
  std::vector<Feature> features;
  std::vector<std::string> names;
};

Built build(std::shared_ptr<TextFeatures> text, std::string_view line) {
  FeatureSpec spec;
  spec.constant = false;
  spec.text = std::move(text);
  FeatureBuilder builder(spec);
  Example ex = text_parse(line);
  builder.transform(ex);
  Built b;
  builder.build(ex, b.features, &b.names);
  return b;
}

uint32_t h(std::string_view feature, std::string_view ns) { return hash_feature(feature, hash_namespace(ns, 0), false); }

TEST(Ngrams, BigramsThenSkipBigramsOnASentence) {
  auto t = std::make_shared<TextFeatures>();
  parse_grams({"2"}, "ngram", 32, t->ngram);
  parse_grams({"1"}, "skips", 32, t->skips);
  const Built b = build(t, "1 |t the quick brown fox");
  EXPECT_EQ(b.names, (std::vector<std::string>{"t^the", "t^quick", "t^brown", "t^fox", "t^the^quick", "t^quick^brown",
                                               "t^brown^fox", "t^the^brown", "t^quick^fox"}));
  ASSERT_EQ(b.features.size(), 9u);
  EXPECT_EQ(b.features[4].index, h("the", "t") * kQuadraticConstant + h("quick", "t"));
  EXPECT_EQ(b.features[7].index, h("the", "t") * kQuadraticConstant + h("brown", "t"));
  EXPECT_EQ(b.features[4].index & kTextMask18, 7460u);  // VW's audit slot (-b 18)
  EXPECT_EQ(b.features[8].index & kTextMask18, 148735u);
  for (std::size_t i = 4; i < 9; ++i) EXPECT_EQ(b.features[i].value, 1.0f);
}

TEST(Ngrams, TrigramsPerNamespaceOnly) {
  auto t = std::make_shared<TextFeatures>();
  parse_grams({"a3"}, "ngram", 32, t->ngram);
  const Built b = build(t, "1 |a x y z |b p q");
  EXPECT_EQ(b.names, (std::vector<std::string>{"a^x", "a^y", "a^z", "a^x^y", "a^y^z", "a^x^y^z", "b^p", "b^q"}));
  EXPECT_EQ(b.features[5].index,
            (h("x", "a") * kQuadraticConstant + h("y", "a")) * kQuadraticConstant + h("z", "a"));
}

TEST(Ngrams, DefaultNamespaceNamesHaveNoCaret) {
  auto t = std::make_shared<TextFeatures>();
  parse_grams({"2"}, "ngram", 32, t->ngram);
  EXPECT_EQ(build(t, "1 | a b").names, (std::vector<std::string>{"a", "b", "a^b"}));
}

// The grams written in place (no names asked for) are those of the named walk, one push_back
// per gram with its name (the reference): same indices, same order, behind features that are
// not the group's (begin > 0) and with distinct word hashes.
TEST(Ngrams, InPlaceGramsAreTheNamedWalks) {
  for (unsigned n = 1; n <= 5; ++n)
    for (unsigned k = 0; k <= 3; ++k)
      for (uint32_t len = 0; len <= 11; ++len) {
        std::vector<Feature> plain, named;
        std::vector<std::string> names;
        std::vector<uint32_t> prefix;
        for (uint32_t i = 0; i < 3 + len; ++i) {
          const Feature f{1.0f, 2654435761u * (i + 1)};
          plain.push_back(f);
          named.push_back(f);
          names.push_back("w" + std::to_string(i));
          prefix.push_back(0);
        }
        add_ngrams(n, k, plain, 3, len, nullptr, nullptr);
        add_ngrams(n, k, named, 3, len, &names, &prefix);
        ASSERT_EQ(plain.size(), named.size()) << n << " " << k << " " << len;
        for (std::size_t i = 0; i < plain.size(); ++i) {
          EXPECT_EQ(plain[i].index, named[i].index) << n << " " << k << " " << len << " gram " << i;
          EXPECT_EQ(plain[i].value, named[i].value);
        }
      }
}

// Issue 28, defect 2: the count FeatureBuilder checks against --interaction_limit
// before generating is exactly what add_ngrams generates (the skips are one
// budget shared by the gaps, as in VW), and it saturates instead of overflowing.
TEST(Ngrams, CountIsWhatIsGenerated) {
  for (unsigned n = 0; n <= 6; ++n)
    for (unsigned k = 0; k <= 4; ++k)
      for (uint32_t len = 0; len <= 12; ++len) {
        std::vector<Feature> feats(len, Feature{1.0f, 7});
        add_ngrams(n, k, feats, 0, len, nullptr, nullptr);
        EXPECT_EQ(ngram_count(n, k, len, uint64_t{1} << 40), feats.size() - len) << n << " " << k << " " << len;
        EXPECT_EQ(ngram_count(n, k, len, 5), std::min<uint64_t>(feats.size() - len, 5)) << n << " " << k << " " << len;
      }
  // --ngram 16 --skips 16 on 40 words: about 4e10 grams (4 GB in 16 s before the bound).
  EXPECT_EQ(ngram_count(16, 16, 40, uint64_t{1} << 26), uint64_t{1} << 26);
  EXPECT_GT(ngram_count(16, 16, 40, uint64_t{1} << 62), uint64_t{1} << 32);
  EXPECT_EQ(ngram_count(32, 32, uint64_t{1} << 40, ~uint64_t{0}), ~uint64_t{0});
}

TEST(Ngrams, PastTheLimitIsRefusedBeforeGenerating) {
  auto t = std::make_shared<TextFeatures>();
  parse_grams({"16"}, "ngram", 32, t->ngram);
  parse_grams({"16"}, "skips", 32, t->skips);
  FeatureSpec spec;
  spec.text = t;
  FeatureBuilder builder(spec);
  std::string line = "1 |w";
  for (int i = 0; i < 40; ++i) line += " w" + std::to_string(i);
  Example ex = text_parse(line);
  std::vector<Feature> out;
  try {
    builder.build(ex, out);
    ADD_FAILURE() << "no error";
  } catch (const TooManyFeatures& e) {
    EXPECT_NE(std::string(e.what()).find("--interaction_limit 67108864"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("namespace 'w'"), std::string::npos) << e.what();
  }
  // A limit that counts the linear features too: 4 words + 3 bigrams + 2 trigrams = 9.
  spec.max_interaction_features = 8;
  parse_grams({"3"}, "ngram", 32, t->ngram);
  parse_grams({"0"}, "skips", 32, t->skips);
  EXPECT_THROW(FeatureBuilder(spec).build(text_parse("1 |w a b c d"), out), TooManyFeatures);
  spec.max_interaction_features = 9;
  spec.constant = false;
  FeatureBuilder(spec).build(text_parse("1 |w a b c d"), out);
  EXPECT_EQ(out.size(), 9u);
}

// Long grams on a short namespace: the walk stops where no term fits, instead
// of visiting all (K+1)^(N-1) gap patterns (33^31 here) as VW's add_grams does.
TEST(Ngrams, LongGramsOnAShortNamespaceFinish) {
  auto t = std::make_shared<TextFeatures>();
  parse_grams({"32"}, "ngram", 32, t->ngram);
  parse_grams({"32"}, "skips", 32, t->skips);
  const Built b = build(t, "1 |w a b c");
  EXPECT_EQ(b.names, (std::vector<std::string>{"w^a", "w^b", "w^c", "w^a^b", "w^b^c", "w^a^c", "w^a^b^c"}));
}

TEST(Affix, PrefixesAndSuffixesLastGivenFirstBeforeTheirNamespace) {
  auto t = std::make_shared<TextFeatures>();
  parse_affix("+2t,-3t", t->affix);
  const Built b = build(t, "1 |t the a");
  EXPECT_EQ(b.names, (std::vector<std::string>{"affix^t-3=the", "affix^t+2=th", "affix^t-3=a", "affix^t+2=a",
                                               "t^the", "t^a"}));
  const uint32_t ns = hash_namespace("t", 0);
  // nibble = (length << 1) | prefix: +2 -> 5, -3 -> 6.
  EXPECT_EQ(b.features[1].index, hash_feature("th", ns, false) * (kAffixConstant + 5 * kQuadraticConstant));
  EXPECT_EQ(b.features[0].index, hash_feature("the", ns, false) * (kAffixConstant + 6 * kQuadraticConstant));
  EXPECT_EQ(b.features[1].index & kTextMask18, 261516u);
}

TEST(Affix, DefaultNamespaceAndValues) {
  auto t = std::make_shared<TextFeatures>();
  parse_affix("+1", t->affix);
  const Built b = build(t, "1 | word:2.5 :3");  // an anonymous feature has no name: no affix
  EXPECT_EQ(b.names, (std::vector<std::string>{"affix^+1=w", "word", ""}));
  EXPECT_EQ(b.features[0].value, 2.5f);
}

TEST(Spelling, PatternsAndHash) {
  auto t = std::make_shared<TextFeatures>();
  parse_spelling({"t", "_"}, t->spelling);
  const Built b = build(t, "1 |t Dog9.x a_B | 12");
  // One spelling namespace, before the first namespace that made a pattern.
  EXPECT_EQ(b.names, (std::vector<std::string>{"spelling^t_Aaa0.a", "spelling^t_a#A", "spelling^00", "t^Dog9.x",
                                               "t^a_B", "12"}));
  EXPECT_EQ(b.features[0].index, hash_feature("Aaa0.a", hash_namespace("t", 0), false));
  // "00" is all digits: VW's hashstring gives 0 + the namespace hash (0 for the default).
  EXPECT_EQ(b.features[2].index, 0u);
}

TEST(Dictionary, ExpandsWordsOfItsNamespace) {
  const std::string path = test::temp_path("dict.txt");
  // VW reads an entry as a line's default namespace: "bird |x z" has none
  // (skipped), nor has "lonely"; the first usable line of a word wins.
  test::write_file(path, "bird |x z\ncat animal pet:2\n  dog animal\nlonely\ncat never:1\n");
  auto t = std::make_shared<TextFeatures>();
  add_dictionary("w:" + path, {}, false, 0, *t);
  ASSERT_EQ(t->dictionaries['w'].size(), 1u);
  EXPECT_EQ(t->dictionaries['w'][0]->words.size(), 2u);
  const Built b = build(t, "1 |w cat bird dog |v cat");
  const uint32_t animal = hash_feature("animal", 0, false);
  ASSERT_EQ(b.features.size(), 3u + 3u + 1u);
  EXPECT_EQ(b.features[0].index, animal);
  EXPECT_EQ(b.features[1].value, 2.0f);
  EXPECT_EQ(b.names[0], "dictionary^w_cat=" + std::to_string(animal & kTextMask18));  // VW shows the slot
  EXPECT_EQ(b.names[2], "dictionary^w_dog=" + std::to_string(animal & kTextMask18));
  EXPECT_EQ(b.names[3], "w^cat");
}

TEST(Dictionary, MissingFileNamed) {
  TextFeatures t;
  try {
    add_dictionary("w:/nonexistent/words.dict", {}, false, 0, t);
    FAIL();
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent/words.dict"), std::string::npos) << e.what();
  }
}

// --dictionary_path (VW's order): each directory in turn, then the current
// directory; an absolute name is used as it is; a name found nowhere is an
// error naming the directories tried.
TEST(Dictionary, FoundThroughDictionaryPathInOrder) {
  namespace fs = std::filesystem;
  const fs::path first = test::temp_path("dict-a"), second = test::temp_path("dict-b");
  fs::create_directories(first);
  fs::create_directories(second);
  test::write_file((second / "w.dict").string(), "cat animal\n");
  test::write_file((first / "only-a.dict").string(), "dog animal\n");
  const std::vector<std::string> path = {first.string(), second.string()};
  EXPECT_EQ(find_dictionary("w.dict", path), (second / "w.dict").string());
  EXPECT_EQ(find_dictionary("only-a.dict", path), (first / "only-a.dict").string());
  test::write_file((first / "w.dict").string(), "cat other\n");
  EXPECT_EQ(find_dictionary("w.dict", path), (first / "w.dict").string());  // the first directory wins
  EXPECT_EQ(find_dictionary("/abs/x.dict", path), "/abs/x.dict");
  try {
    find_dictionary("absent.dict", path);
    FAIL();
  } catch (const UsageError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("absent.dict"), std::string::npos) << what;
    EXPECT_NE(what.find(first.string()), std::string::npos) << what;
  }
  TextFeatures t;
  add_dictionary("w:w.dict", path, false, 0, t);
  ASSERT_EQ(t.dictionaries['w'].size(), 1u);
  EXPECT_EQ(t.dictionaries['w'][0]->words.count("cat"), 1u);
  EXPECT_EQ(t.dictionaries['w'][0]->file, (first / "w.dict").string());
}

TEST(Redefine, RenamesFirstCharsKeepingHashesAndNames) {
  auto t = std::make_shared<TextFeatures>();
  parse_redefine({"y:=:", "x:=ab"}, *t);
  Example ex = text_parse("1 |apple p |banana q |cherry r | s");
  apply_parse_time(*t, ex);
  ASSERT_EQ(ex.namespaces.size(), 4u);
  EXPECT_EQ(ex.namespaces[0].first, 'x');
  EXPECT_EQ(ex.namespaces[1].first, 'x');
  EXPECT_EQ(ex.namespaces[2].first, 'y');
  EXPECT_EQ(ex.namespaces[3].first, ' ');  // the wildcard leaves the default namespace alone
  EXPECT_EQ(ex.namespaces[0].hash, hash_namespace("apple", 0));
  EXPECT_EQ(ex.names[0], "apple^p");
  parse_redefine({"z:="}, *t);
  ex = text_parse("1 | s");
  apply_parse_time(*t, ex);
  EXPECT_EQ(ex.namespaces[0].first, 'z');
}

TEST(Redefine, RedefinedNamespacesInteractAndGroup) {
  auto t = std::make_shared<TextFeatures>();
  parse_redefine({"y:=ab"}, *t);
  FeatureSpec spec;
  spec.constant = false;
  spec.interactions = {"yy"};
  spec.text = t;
  FeatureBuilder builder(spec);
  Example ex = text_parse("1 |a p |b q |c r");
  builder.transform(ex);
  std::vector<Feature> out;
  builder.build(ex, out);
  EXPECT_EQ(out.size(), 3u + 3u);  // p q r, then pp pq qq
}

TEST(Arguments, MalformedAreRefusedByName) {
  std::array<uint8_t, 256> grams{};
  EXPECT_THROW(parse_grams({"x"}, "ngram", 32, grams), UsageError);
  EXPECT_THROW(parse_grams({"t"}, "ngram", 32, grams), UsageError);
  EXPECT_THROW(parse_grams({"2x"}, "ngram", 32, grams), UsageError);
  EXPECT_THROW(parse_grams({"33"}, "ngram", 32, grams), UsageError);
  EXPECT_THROW(parse_grams({""}, "skips", 32, grams), UsageError);
  try {
    parse_grams({"x"}, "ngram", 32, grams);
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("--ngram 'x'"), std::string::npos) << e.what();
  }
  parse_grams({"t2", "3"}, "ngram", 32, grams);
  EXPECT_EQ(grams['t'], 3);
  std::array<uint64_t, 256> affix{};
  for (const char* bad : {"+0t", "+8", "+2tt", "x", "", "+2t,", "+2|"}) EXPECT_THROW(parse_affix(bad, affix), UsageError) << bad;
  std::array<bool, 256> spelling{};
  EXPECT_THROW(parse_spelling({"ab"}, spelling), UsageError);
  EXPECT_THROW(parse_spelling({""}, spelling), UsageError);
  TextFeatures t;
  EXPECT_THROW(parse_redefine({"ab"}, t), UsageError);
  // Issue 28, defect 15: a signed N, a second renaming, a wildcard among letters, a list.
  for (const char* bad : {"-3", "+3", "-0"}) {
    EXPECT_THROW(parse_grams({bad}, "ngram", 32, grams), UsageError) << bad;
    EXPECT_THROW(parse_grams({bad}, "skips", 32, grams), UsageError) << bad;
  }
  for (const char* bad : {"y:=w,z:=w", "y:=ab:", "y:=:a", "y:=a,b", "y:=a b", "|:=a"}) {
    TextFeatures r;
    EXPECT_THROW(parse_redefine({bad}, r), UsageError) << bad;
  }
  try {
    parse_redefine({"y:=w,z:=w"}, t);
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("one renaming N:=S per --redefine"), std::string::npos) << e.what();
  }
  TextFeatures fine;
  parse_redefine({"y:=:", "x:=ab", "z:=", ":=q", "c:=,"}, fine);
  EXPECT_EQ(fine.redefine['a'], 'x');
  EXPECT_EQ(fine.redefine[','], 'c');
  EXPECT_EQ(fine.redefine['q'], ' ');
  EXPECT_THROW(add_dictionary("w:", {}, false, 0, t), UsageError);
}

TEST(TextFeatures, CacheKeyOnlyForParseTimeGenerators) {
  TextFeatures t;
  parse_grams({"2"}, "ngram", 32, t.ngram);
  EXPECT_TRUE(t.grams());
  EXPECT_FALSE(t.parse_time());
  EXPECT_EQ(t.cache_key(), "");
  parse_affix("+2", t.affix);
  t.arguments = "--affix +2";
  EXPECT_EQ(t.cache_key(), "--affix +2");
}

TEST(TextFeatures, SteadyStateAllocatesNothing) {
  auto t = std::make_shared<TextFeatures>();
  parse_grams({"2"}, "ngram", 32, t->ngram);
  parse_grams({"1"}, "skips", 32, t->skips);
  parse_affix("+2t,-3", t->affix);
  parse_spelling({"t"}, t->spelling);
  FeatureSpec spec;
  spec.interactions = {"tu"};
  spec.text = t;
  const FeatureBuilder builder(spec);
  ParseOptions options;
  options.keep_tokens = true;
  const TextParser parser(options);
  Example ex;
  std::vector<Feature> out;
  const std::string lines[] = {"1 |t the quick brown fox jumps | over the lazy dog |u x y", "0 |t a b c |u z"};
  long allocations = 0;
  for (int round = 0; round < 3; ++round) {
    for (const std::string& line : lines) {
      g_allocations = 0;
      g_counting = round == 2;
      parser.parse(line, ex, "t", 1);
      builder.transform(ex);
      builder.build(ex, out);
      g_counting = false;
      allocations += g_allocations;
    }
  }
  EXPECT_EQ(allocations, 0);
  EXPECT_GT(out.size(), 10u);
}

}  // namespace
}  // namespace learner
