// LineReader + TextParser over the fixtures datasets/parse/sample.vw{,.gz}
// (BOM, CRLF, blank lines, a tag touching the bar, no final newline).
#include <gtest/gtest.h>

#include "learner/io/line_reader.h"
#include "learner/parse/hash.h"
#include "learner/parse/text_parser.h"

namespace learner {
namespace {

constexpr uint32_t kReaderMask18 = 0x3FFFF;

TEST(ReaderParser, SampleFixturePlainAndGzip) {
  for (const char* file : {"sample.vw", "sample.vw.gz"}) {
    SCOPED_TRACE(file);
    auto reader = LineReader::open(std::string(LEARNER_SOURCE_DIR) + "/datasets/parse/" + file);
    TextParser parser({});
    Example ex;
    std::string_view line;
    std::vector<Example> examples;
    while (reader->next(line)) {
      if (parser.parse(line, ex, reader->name(), reader->line_number())) examples.push_back(ex);
    }
    ASSERT_EQ(examples.size(), 3u);
    EXPECT_EQ(reader->line_number(), 5u);
    EXPECT_EQ(reader->bytes_read(), 97u);

    EXPECT_EQ(examples[0].line, 1u);
    EXPECT_EQ(examples[0].label, 1.0f);
    ASSERT_EQ(examples[0].features.size(), 2u);
    EXPECT_EQ(examples[0].features[1].index & kReaderMask18, 146788u);

    EXPECT_EQ(examples[1].line, 3u);
    EXPECT_EQ(examples[1].tag, "PFF/20091028");
    EXPECT_EQ(examples[1].features.size(), 3u);
    EXPECT_FLOAT_EQ(examples[1].features[2].value, -0.10215f);

    EXPECT_EQ(examples[2].line, 5u);
    EXPECT_EQ(examples[2].label, -1.0f);
    EXPECT_EQ(examples[2].importance, 2.0f);
    EXPECT_EQ(examples[2].tag, "last");
    ASSERT_EQ(examples[2].features.size(), 3u);
    EXPECT_EQ(examples[2].features[2].index & kReaderMask18, 185951u);
  }
}

}  // namespace
}  // namespace learner
