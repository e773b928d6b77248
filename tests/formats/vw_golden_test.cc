// The feature indices VW 9.11.2 itself gives the same JSON and CSV examples:
// the weight indices in `vw --json|--csv -d FILE --noconstant -b 24
// --readable_model M` (run once, by hand, on the lines below; all features
// learn a non-zero weight there). learner's indices, masked to 24 bits, must
// be the same set.
#include <gtest/gtest.h>

#include <set>

#include "learner/formats/make_parser.h"

namespace learner {
namespace {

std::set<uint32_t> indices(const ParseOptions& o, const std::vector<std::string>& lines) {
  auto parser = make_parser(o);
  std::set<uint32_t> out;
  Example ex;
  for (std::size_t i = 0; i < lines.size(); ++i)
    if (parser->parse(lines[i], ex, "golden", i + 1))
      for (const Feature& f : ex.features) out.insert(f.index & ((1u << 24) - 1));
  return out;
}

const std::vector<std::string> kJson = {
    R"({"_label":1,"a":{"x":1,"y":0.5,"913":2},"f":2,"s":"red","_text":"hello wor:ld","arr":[1,0,3],"b":true,"n":{"m":{"z":1}}})",
    R"({"_label":-1,"a":{"x":0.25,"k":"v w"},"arr":[{"q":1},2]})"};

TEST(VwGolden, Json) {
  ParseOptions o;
  o.format = InputFormat::kJson;
  EXPECT_EQ(indices(o, kJson), (std::set<uint32_t>{1981267, 2452803, 2926431, 4305065, 5822600, 6588475, 7611895,
                                                   9173575, 9517128, 10243220, 10243222, 13447712, 14581251}));
  o.chain_hash = true;  // vw --json --chain_hash
  EXPECT_EQ(indices(o, kJson), (std::set<uint32_t>{1981267, 2452803, 2926431, 3466562, 5722836, 5822600, 6588475,
                                                   7611895, 9173575, 9517128, 10243220, 10243222, 14581251}));
}

TEST(VwGolden, DecisionServiceJson) {
  ParseOptions o;
  o.format = InputFormat::kDsJson;
  EXPECT_EQ(indices(o, {R"({"_label":1,"EventId":"e1","c":{"a":{"x":1,"y":2},"f":0.5,"s":"t"}})",
                        R"({"_label":-1,"EventId":"e2","c":{"a":{"x":2},"g":1}})"}),
            (std::set<uint32_t>{2926431, 5822600, 6273447, 6588475, 9102358}));
}

TEST(VwGolden, Csv) {
  ParseOptions o;
  o.format = InputFormat::kCsv;
  EXPECT_EQ(indices(o, {"_label,a|x,a|y,b|w,c,|n,_tag", "1,0.5,2,red,\"1.5\",3,t1", "-1,,1,\"blue\",x,2,t2"}),
            (std::set<uint32_t>{2868354, 2926431, 5363884, 5822600, 6178927, 8001747, 10211084}));
}

}  // namespace
}  // namespace learner
