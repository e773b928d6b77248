// libFuzzer target: the rating tools' readers over a file of arbitrary bytes
// (plain or gzip, through LineReader): the rating line reader of
// learner-ratings, learner-spectral, learner-lfl and learner-bpmf
// (ratings/rating_reader.h), the converter (ratings/converter.h), the side
// information files (--users, --items: side_info.h), --implicit and the
// --neighbors reference (implicit_feedback.h, neighbor_column.h), and the
// training / test readers of learner-spectral, learner-lfl and learner-bpmf
// (spectral/load.h). The first byte picks the reader (bits 2..4), the rating
// format (bits 0..1) and a variant (bit 7: timestamps needed / --user-day /
// --centered). Only learner::Error may escape. The converter's output must be
// VW text the learner reads: a line its parser refuses is a finding.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>

#include "learner/error.h"
#include "learner/io/line_reader.h"
#include "learner/parse/text_parser.h"
#include "learner/ratings/converter.h"
#include "learner/ratings/implicit_feedback.h"
#include "learner/ratings/neighbor_column.h"
#include "learner/ratings/rating_reader.h"
#include "learner/ratings/side_info.h"
#include "learner/spectral/load.h"

namespace {

using namespace learner;
using namespace learner::ratings;

void convert(LineReader& in, RatingFormat format, bool user_day) {
  ConvertOptions o;
  o.format = format;
  if (user_day) o.user_day = "0.5";
  Converter converter(o, SideTables{});
  std::string out;
  converter.convert(in, out);
  const TextParser parser{ParseOptions{}};
  Example ex;
  std::size_t start = 0;
  for (uint64_t n = 1; start < out.size(); ++n) {
    const std::size_t nl = out.find('\n', start);
    const std::string_view line(out.data() + start, nl - start);
    try {
      parser.parse(line, ex, "converted", n);
    } catch (const InputError&) {
      std::abort();  // learner-ratings wrote a line learner refuses
    }
    start = nl + 1;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const RatingFormat formats[] = {RatingFormat::kAuto, RatingFormat::kTab, RatingFormat::kDcolon, RatingFormat::kCsv};
  const RatingFormat format = formats[data[0] & 3];
  const unsigned reader = (data[0] >> 2) & 7;
  const bool variant = data[0] & 0x80;
  auto in = LineReader::from_string(std::string(reinterpret_cast<const char*>(data) + 1, size - 1), "fuzz");
  in->set_max_line(1u << 20);
  try {
    switch (reader) {
      case 0: {
        RatingReader r(*in, format, variant);
        RatingRecord rec;
        while (r.next(rec)) {
        }
        break;
      }
      case 1: convert(*in, format, variant); break;
      case 2: load_users(*in); break;
      case 3: load_items(*in); break;
      case 4: load_implicit(*in, format, variant); break;
      case 5: load_reference(*in, format); break;
      default: {  // learner-spectral, learner-lfl, learner-bpmf: training ids, then test lines against them
        spectral::IdMap users, items;
        spectral::read_training(*in, format, users, items);
        in->rewind();
        spectral::read_queries(*in, format, users, items);
        break;
      }
    }
  } catch (const Error&) {
  }
  return 0;
}
