// --ignore_features_dsjson_experimental (VW 9.11's experimental flag): string
// features of --dsjson / --json examples dropped as they are read, named
// "namespace|key" ("|key" at the top level); VW's losses pasted (measured
// with /work/peers/vw/vw on the log below), the names --invert_hash shows,
// the option kept in model files, and refusals.
#include <gtest/gtest.h>

#include <string>

#include "run_helper.h"

namespace learner::test {
namespace {

// Eight decision-service events: string features at the top level ("time"), in
// an object ("U"), in an array of objects ("FromUrl", each action's "j"), a
// number ("U": "age") and one-hot action ids ("i").
const char* const kIgnoreJsonLog =
    "{\"_label_cost\":-1.0,\"_label_probability\":0.5,\"_labelIndex\":0,\"EventId\":\"e0\",\"a\":[1,2],\"c\":{\"time\":\"pm\",\"U\":{\"user\":\"ann\",\"time\":\"am\",\"age\":2},\"FromUrl\":[{\"time\":\"pm\",\"w\":\"sun\"}],\"_multi\":[{\"i\":{\"id\":\"a0\"},\"j\":[{\"type\":\"hot\",\"origin\":\"br\"}]},{\"i\":{\"id\":\"a1\"},\"j\":[{\"type\":\"cold\",\"origin\":\"br\"}]}]}}\n"
    "{\"_label_cost\":0.0,\"_label_probability\":0.5,\"_labelIndex\":0,\"EventId\":\"e1\",\"a\":[1,2],\"c\":{\"time\":\"pm\",\"U\":{\"user\":\"ann\",\"time\":\"am\",\"age\":1},\"FromUrl\":[{\"time\":\"am\",\"w\":\"rain\"}],\"_multi\":[{\"i\":{\"id\":\"a0\"},\"j\":[{\"type\":\"hot\",\"origin\":\"br\"}]},{\"i\":{\"id\":\"a1\"},\"j\":[{\"type\":\"cold\",\"origin\":\"br\"}]}]}}\n"
    "{\"_label_cost\":-1.0,\"_label_probability\":0.333,\"_labelIndex\":1,\"EventId\":\"e2\",\"a\":[1,2,3],\"c\":{\"time\":\"am\",\"U\":{\"user\":\"bob\",\"time\":\"am\",\"age\":1},\"FromUrl\":[{\"time\":\"am\",\"w\":\"rain\"}],\"_multi\":[{\"i\":{\"id\":\"a0\"},\"j\":[{\"type\":\"hot\",\"origin\":\"br\"}]},{\"i\":{\"id\":\"a1\"},\"j\":[{\"type\":\"cold\",\"origin\":\"br\"}]},{\"i\":{\"id\":\"a2\"},\"j\":[{\"type\":\"cold\",\"origin\":\"br\"}]}]}}\n"
    "{\"_label_cost\":-1.0,\"_label_probability\":0.333,\"_labelIndex\":2,\"EventId\":\"e3\",\"a\":[1,2,3],\"c\":{\"time\":\"am\",\"U\":{\"user\":\"bob\",\"time\":\"am\",\"age\":2},\"FromUrl\":[{\"time\":\"am\",\"w\":\"rain\"}],\"_multi\":[{\"i\":{\"id\":\"a0\"},\"j\":[{\"type\":\"hot\",\"origin\":\"ke\"}]},{\"i\":{\"id\":\"a1\"},\"j\":[{\"type\":\"cold\",\"origin\":\"br\"}]},{\"i\":{\"id\":\"a2\"},\"j\":[{\"type\":\"hot\",\"origin\":\"ke\"}]}]}}\n"
    "{\"_label_cost\":-1.0,\"_label_probability\":0.333,\"_labelIndex\":2,\"EventId\":\"e4\",\"a\":[1,2,3],\"c\":{\"time\":\"am\",\"U\":{\"user\":\"bob\",\"time\":\"am\",\"age\":2},\"FromUrl\":[{\"time\":\"am\",\"w\":\"sun\"}],\"_multi\":[{\"i\":{\"id\":\"a0\"},\"j\":[{\"type\":\"cold\",\"origin\":\"br\"}]},{\"i\":{\"id\":\"a1\"},\"j\":[{\"type\":\"cold\",\"origin\":\"ke\"}]},{\"i\":{\"id\":\"a2\"},\"j\":[{\"type\":\"hot\",\"origin\":\"ke\"}]}]}}\n"
    "{\"_label_cost\":-1.0,\"_label_probability\":0.333,\"_labelIndex\":2,\"EventId\":\"e5\",\"a\":[1,2,3],\"c\":{\"time\":\"pm\",\"U\":{\"user\":\"ann\",\"time\":\"am\",\"age\":2},\"FromUrl\":[{\"time\":\"am\",\"w\":\"sun\"}],\"_multi\":[{\"i\":{\"id\":\"a0\"},\"j\":[{\"type\":\"hot\",\"origin\":\"ke\"}]},{\"i\":{\"id\":\"a1\"},\"j\":[{\"type\":\"hot\",\"origin\":\"br\"}]},{\"i\":{\"id\":\"a2\"},\"j\":[{\"type\":\"cold\",\"origin\":\"br\"}]}]}}\n"
    "{\"_label_cost\":-1.0,\"_label_probability\":0.5,\"_labelIndex\":0,\"EventId\":\"e6\",\"a\":[1,2],\"c\":{\"time\":\"pm\",\"U\":{\"user\":\"bob\",\"time\":\"am\",\"age\":2},\"FromUrl\":[{\"time\":\"pm\",\"w\":\"rain\"}],\"_multi\":[{\"i\":{\"id\":\"a0\"},\"j\":[{\"type\":\"cold\",\"origin\":\"ke\"}]},{\"i\":{\"id\":\"a1\"},\"j\":[{\"type\":\"cold\",\"origin\":\"br\"}]}]}}\n"
    "{\"_label_cost\":-1.0,\"_label_probability\":0.5,\"_labelIndex\":1,\"EventId\":\"e7\",\"a\":[1,2],\"c\":{\"time\":\"pm\",\"U\":{\"user\":\"bob\",\"time\":\"pm\",\"age\":1},\"FromUrl\":[{\"time\":\"pm\",\"w\":\"rain\"}],\"_multi\":[{\"i\":{\"id\":\"a0\"},\"j\":[{\"type\":\"hot\",\"origin\":\"br\"}]},{\"i\":{\"id\":\"a1\"},\"j\":[{\"type\":\"hot\",\"origin\":\"ke\"}]}]}}\n";

std::string log_file() {
  const std::string path = temp_path("ignore_features.dsjson");
  write_file(path, kIgnoreJsonLog);
  return path;
}

bool ignore_json_contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(IgnoreJsonFeaturesCli, DropsTheNamedStringFeaturesAsVw) {
  const std::string data = log_file(), names = temp_path("ignore_features.inv");
  const struct {
    std::string ignored;
    const char* loss;  // VW 9.11's, --cb_explore_adf -q Uj
    std::vector<std::string> gone, kept;
  } cases[] = {
      {"", "average loss = -0.756632", {}, {"U^timeam:", "FromUrl^timepm:", "j^typehot:", "\ntimepm:"}},
      {"FromUrl|time j|type U|time", "average loss = -0.400025", {"U^timeam:", "FromUrl^timepm:", "j^typehot:"},
       {"\ntimepm:", "U^userann:", "FromUrl^wsun:", "j^originbr:"}},
      {"|time", "average loss = -0.756632", {"\ntimepm:", "\ntimeam:"}, {"U^timeam:", "FromUrl^timepm:"}},
      {"U|age U|user", "average loss = -0.756632", {"U^userann:", "U^userbob:"}, {"U^age:", "U^timeam:"}},  // a number stays
  };
  for (const auto& c : cases) {
    const std::string flag = c.ignored.empty() ? "" : " --ignore_features_dsjson_experimental " + c.ignored;
    // The tokens quoted for the shell ('|' is a pipe there).
    std::string quoted;
    if (!c.ignored.empty()) {
      quoted = " --ignore_features_dsjson_experimental";
      std::string token;
      for (char ch : c.ignored + " ") {
        if (ch != ' ') {
          token.push_back(ch);
        } else {
          quoted += " '" + token + "'";
          token.clear();
        }
      }
    }
    const RunResult r =
        run_learner("--dsjson -d " + data + " --cb_explore_adf -q Uj --invert_hash " + names + quoted);
    ASSERT_EQ(r.exit_code, 0) << flag << "\n" << r.err;
    EXPECT_TRUE(ignore_json_contains(r.err, c.loss)) << flag << ": VW's " << c.loss << "\n" << r.err;
    const std::string text = slurp(names);
    for (const std::string& name : c.gone) EXPECT_FALSE(ignore_json_contains(text, name)) << flag << ": " << name;
    for (const std::string& name : c.kept) EXPECT_TRUE(ignore_json_contains(text, name)) << flag << ": " << name;
  }
}

TEST(IgnoreJsonFeaturesCli, ModelsKeepTheOption) {
  const std::string data = log_file(), model = temp_path("ignore_features.model");
  RunResult r = run_learner("--dsjson -d " + data + " --cb_explore_adf -q Uj -f " + model +
                            " --ignore_features_dsjson_experimental 'FromUrl|time' 'j|type' 'U|time'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // VW 9.11: vw --dsjson -d log -i model -t gives -0.637882 (the model's ignored features stay ignored).
  r = run_learner("--dsjson -d " + data + " -i " + model + " -t");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(ignore_json_contains(r.err, "average loss = -0.637882")) << r.err;
  r = run_learner("--dsjson -d " + data + " -i " + model + " -t --ignore_features_dsjson_experimental 'U|user'");
  EXPECT_NE(r.exit_code, 0);
  EXPECT_TRUE(ignore_json_contains(r.err, "conflicts with the model")) << r.err;
}

TEST(IgnoreJsonFeaturesCli, Refusals) {
  const std::string data = log_file();
  const struct {
    std::string args;
    const char* message;
  } cases[] = {
      {"--dsjson --cb_explore_adf --ignore_features_dsjson_experimental time", "give namespace|feature"},
      {"--dsjson --cb_explore_adf --ignore_features_dsjson_experimental 'U|'", "give namespace|feature"},
      {"--cb_explore_adf --ignore_features_dsjson_experimental 'U|time'", "needs --json or --dsjson"},
  };
  for (const auto& c : cases) {
    const RunResult r = run_learner(c.args + " -d " + data);
    EXPECT_NE(r.exit_code, 0) << c.args;
    EXPECT_TRUE(ignore_json_contains(r.err, c.message)) << c.args << "\n" << r.err;
  }
}

}  // namespace
}  // namespace learner::test
