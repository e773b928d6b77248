#include "learner/features/text_options.h"

#include "learner/error.h"

namespace learner {

constexpr unsigned kMaxGram = 32;  // n-grams of more terms are not text features any more
constexpr unsigned kMaxSkips = 32;

const std::vector<OptionSpec>& text_feature_options() {
  static const std::vector<OptionSpec> options = {
      list_option("ngram", "n-grams of the features of each namespace: N (all namespaces) or xN (namespace x), N <= 32"),
      list_option("skips", "with --ngram: up to K skipped features between n-gram terms: K or xK"),
      list_option("affix", "prefixes (+) / suffixes (-) of feature names: '+2a,-3b,+1' = 2-char prefixes in a, 3-char suffixes in b, 1-char prefixes in the default namespace"),
      list_option("spelling", "spelling pattern features (digit->0, a-z->a, A-Z->A, '.', other->#) of namespace x ('_' = default)"),
      list_option("dictionary", "x:file (or file, for the default namespace): each line 'word features...'; a feature named word in x brings those features"),
      list_option("dictionary_path", "a directory where --dictionary looks for relative file names, before the current directory (repeatable; searched in order)"),
      list_option("redefine", "rename namespaces: N:=S gives the namespaces starting with a letter of S the letter N (':' in S = all named ones; :=S = default namespace; N:= renames the default)"),
      switch_option("leave_duplicate_interactions", "keep interactions that repeat another as a set of namespaces (-q ab -q ba; '-q ::' then makes ab and ba)", true),
  };
  return options;
}

std::shared_ptr<const TextFeatures> make_text_features(const OptionValues& v, bool hash_all, uint32_t hash_seed) {
  auto t = std::make_shared<TextFeatures>();
  t->hash_all = hash_all;
  t->slot_mask = static_cast<uint32_t>((uint64_t{1} << static_cast<unsigned>(v.number("bit_precision"))) - 1);
  bool any = false;
  auto note = [&](const char* flag, const std::vector<std::string>& args) {
    for (const std::string& a : args) {
      if (!t->arguments.empty()) t->arguments += ' ';
      t->arguments += std::string("--") + flag + " " + a;
    }
    any = any || !args.empty();
  };
  const std::vector<std::string> ngram = v.list("ngram"), skips = v.list("skips");
  if (!skips.empty() && ngram.empty()) throw UsageError("--skips needs --ngram (skips are gaps inside n-grams)");
  parse_grams(ngram, "ngram", kMaxGram, t->ngram);
  parse_grams(skips, "skips", kMaxSkips, t->skips);
  any = any || !ngram.empty();
  const std::vector<std::string> affix = v.list("affix"), spelling = v.list("spelling"), redefine = v.list("redefine"),
                                 dictionary = v.list("dictionary");
  for (const std::string& a : affix) parse_affix(a, t->affix);
  note("affix", affix);
  parse_spelling(spelling, t->spelling);
  note("spelling", spelling);
  parse_redefine(redefine, *t);
  note("redefine", redefine);
  const std::vector<std::string> dictionary_path = v.list("dictionary_path");
  if (!dictionary_path.empty() && dictionary.empty())
    throw UsageError("--dictionary_path is where --dictionary files are looked up; give --dictionary too");
  for (const std::string& d : dictionary) add_dictionary(d, dictionary_path, hash_all, hash_seed, *t);
  any = any || !dictionary.empty();
  if (!any) return nullptr;
  return t;
}

}  // namespace learner
