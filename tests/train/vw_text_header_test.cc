// VW 9.11's text-model header (train/vw_text_header.cc) and options line
// (train/vw_options_text.cc), against facts of VW's own files: the checksum
// of VW's test reference train-sets/ref/cbzo_constant_readable_model.txt and
// the options lines of its pred-sets/ref/aml_spinoff.inv and
// train-sets/ref/ignore_multiple_features.interactions.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "learner/train/vw_options_text.h"
#include "learner/train/vw_text_header.h"

namespace learner {
namespace {

using Kind = SuppliedOption::Kind;

TEST(VwTextHeader, ChecksumChainsMurmurOverVwsWrites) {
  VwTextHeader h;
  h.min_label = -1.13836;
  h.max_label = 3.60884;
  h.bits = 18;
  h.options = " --cbzo --policy constant";
  const std::vector<std::string> pieces = vw_header_pieces(h);
  ASSERT_EQ(pieces.size(), 10u);
  EXPECT_EQ(vw_header_checksum(pieces), 2756831268u);  // VW's, in cbzo_constant_readable_model.txt
  // One hash over the concatenation is another number: the pieces chain.
  std::string whole;
  for (const std::string& p : pieces) whole += p;
  EXPECT_NE(vw_header_checksum({whole}), 2756831268u);
}

TEST(VwTextHeader, LinesAreVws) {
  VwTextHeader h;
  h.min_label = -0.2779025733;
  h.max_label = 0.344761372;
  h.bits = 18;
  h.ngrams = {"2"};
  h.skips = {"a1", "2"};
  h.options = " --cbzo --policy linear";
  char buffer[1024] = {};
  std::FILE* f = fmemopen(buffer, sizeof buffer - 1, "w");
  ASSERT_NE(f, nullptr);
  write_vw_text_header(f, h);
  std::fclose(f);
  const std::string text(buffer);
  EXPECT_EQ(text.substr(0, text.find("Checksum:")),
            "Version 9.11.2\nId \nMin label:-0.277903\nMax label:0.344761\nbits:18\nlda:0\n1 ngram:2 \n2 skip:a1 2 \n"
            "options: --cbzo --policy linear\n");
}

TEST(VwOptionsText, SortedKeptSuppliedAndInsertedAsVw) {
  // VW's ignore_multiple_features.interactions: --cb_explore_adf --epsilon 0.2 with two dsjson ignores.
  const std::vector<SuppliedOption> supplied = {
      {"epsilon", "0.2", Kind::kFloat},
      {"cb_explore_adf", "1", Kind::kSwitch},
      {"ignore_features_dsjson_experimental", "FromUrl|timeofday\tj|type", Kind::kList},
      {"l1", "0.5", Kind::kFloat},           // VW does not keep --l1
      {"power_t", "0.5", Kind::kFloat},      // kept only with save_resume
      {"noconstant", "0", Kind::kSwitch}};  // a switch not given
  EXPECT_EQ(vw_options_text(supplied, true),
            " --cb_adf --cb_explore_adf --cb_type mtr --csoaa_ldf multiline --csoaa_rank --epsilon 0.200000002980232"
            " --ignore_features_dsjson_experimental FromUrl|timeofday --ignore_features_dsjson_experimental j|type"
            " --power_t 0.5");
  EXPECT_EQ(vw_options_text(supplied, false).find("power_t"), std::string::npos);
  // --cb_type given stays the given one; namespaces of --ignore merge into one sorted word.
  EXPECT_EQ(vw_options_text({{"cb_adf", "1", Kind::kSwitch},
                             {"cb_type", "dr", Kind::kText},
                             {"ignore", "c\tab\ta", Kind::kList},
                             {"interactions", "AA\tAB", Kind::kList},
                             {"noconstant", "1", Kind::kSwitch}},
                            false),
            " --cb_adf --cb_type dr --csoaa_ldf multiline --csoaa_rank --interactions AA --interactions AB"
            " --noconstant --ignore abc");
}

}  // namespace
}  // namespace learner
