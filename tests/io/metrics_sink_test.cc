// MetricsSink (io/metrics_sink.h): VW 9.11.2's --extra_metrics layout: counts,
// numbers, texts, blocks, each kind in key order; numbers as VW writes a float.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "learner/io/metrics_sink.h"

namespace learner {
namespace {

TEST(MetricsSink, KindsThenKeysInOrderAsVw) {
  MetricsSink s;
  s.set_text("b_text", "x");
  s.block("z_block").set_count("n", 1);
  s.set_number("b_num", 2.0f);
  s.set_count("b", 3);
  s.set_count("a", 4);
  s.set_number("a_num", -0.5f);
  s.block("a_block").set_number("f", 0.0f);
  EXPECT_EQ(s.json(),
            "{\"a\":4,\"b\":3,\"a_num\":-0.5,\"b_num\":2.0,\"b_text\":\"x\",\"a_block\":{\"f\":0.0},"
            "\"z_block\":{\"n\":1}}");
}

TEST(MetricsSink, NumbersAreFloatsWrittenAsShortestDoubles) {
  MetricsSink s;
  s.set_number("tenth", 0.1f);    // VW keeps a float and writes the double it is
  s.set_number("whole", 1221.0f);
  s.set_number("big", 1e30f);
  s.set_number("nan", std::nanf(""));
  EXPECT_EQ(s.json(), "{\"big\":1.0000000150474662e+30,\"nan\":null,\"tenth\":0.10000000149011612,\"whole\":1221.0}");
}

TEST(MetricsSink, TextsAreEscapedAndKeysReplaced) {
  MetricsSink s;
  s.set_text("id", "a\"b\\c\nd");
  s.set_count("k", 1);
  s.set_count("k", 2);
  EXPECT_EQ(s.json(), "{\"k\":2,\"id\":\"a\\\"b\\\\c\\u000ad\"}");
  EXPECT_FALSE(s.empty());
  EXPECT_TRUE(MetricsSink().empty());
  EXPECT_EQ(MetricsSink().json(), "{}");
}

}  // namespace
}  // namespace learner
