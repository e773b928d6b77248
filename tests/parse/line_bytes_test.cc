// reject_control_bytes (line_bytes.h), whose clean-line check runs 16 bytes a
// step: every byte value at every column of lines of every length up to 70
// bytes (so the byte falls in a full chunk, in the tail after the chunks,
// and on their boundaries) must be refused exactly when it is a control byte
// (below 0x20 other than tab, or 0x7f), named by its column; clean lines of
// every byte value 0x20..0xff except 0x7f pass.
#include <string>

#include <gtest/gtest.h>

#include "learner/error.h"
#include "learner/parse/line_bytes.h"

namespace learner {
namespace {

bool reference_control(unsigned char c) { return (c < 0x20 && c != '\t') || c == 0x7f; }

TEST(LineBytes, EveryByteAtEveryColumn) {
  const LineContext ctx{"bytes.vw", 7};
  int refused = 0;
  for (std::size_t n = 1; n <= 70; ++n) {
    // A clean line: printable, tab, and bytes >= 0x80 (UTF-8), all passed.
    std::string line(n, 'x');
    for (std::size_t i = 0; i < n; ++i) line[i] = static_cast<char>(i % 3 == 0 ? '\t' : i % 3 == 1 ? 0xC3 : 'a' + i % 26);
    EXPECT_NO_THROW(reject_control_bytes(line, ctx)) << n;
    for (std::size_t at = 0; at < n; ++at)
      for (int c = 0; c < 256; ++c) {
        std::string probe = line;
        probe[at] = static_cast<char>(c);
        bool threw = false;
        try {
          reject_control_bytes(probe, ctx);
        } catch (const InputError& e) {
          threw = true;
          EXPECT_NE(std::string(e.what()).find("column " + std::to_string(at + 1) + (c == 0 ? ":" : " ")),
                    std::string::npos)
              << e.what();
        }
        ASSERT_EQ(threw, reference_control(static_cast<unsigned char>(c))) << "byte " << c << " at " << at << " of " << n;
        refused += threw;
      }
  }
  EXPECT_EQ(refused, 32 * (70 * 71 / 2));  // 31 bytes below 0x20 other than tab, and 0x7f
}

}  // namespace
}  // namespace learner
