// vw2json: VW text lines to --json lines with the same features
// (learner/formats/vw_to_json.h), e.g. for the JSON speed benchmark:
//
//   vw2json [--bytes N] < data.txt > data.json
//
// --bytes N stops after the first line that brings the output to at least N
// bytes (suffixes K, M, G = 10^3, 10^6, 10^9). Read the output with
// `learner --json --chain_hash` (string values hash as the text's name:value).
// Exit status: 0, 1 on a line it cannot convert (file:line and why: not VW text, a control
// byte, invalid UTF-8, what JSON cannot say) or when standard output cannot be written, 2 on
// usage (--bytes must be 1 .. 10^18).
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>

#include "learner/error.h"
#include "learner/formats/vw_to_json.h"
#include "learner/io/standard_output.h"

namespace {

bool parse_bytes(const std::string& text, unsigned long long& out) {
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  double scale = 1;
  if (*end == 'K') scale = 1e3, ++end;
  else if (*end == 'M') scale = 1e6, ++end;
  else if (*end == 'G') scale = 1e9, ++end;
  if (end == text.c_str() || *end != '\0' || !(v * scale >= 1.0 && v * scale <= 1e18)) return false;
  out = static_cast<unsigned long long>(v * scale);
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  unsigned long long limit = 0;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--bytes" && i + 1 < argc && parse_bytes(argv[i + 1], limit)) {
      ++i;
    } else {
      std::fprintf(stderr, "usage: vw2json [--bytes N] < data.txt > data.json  (N: 1 .. 10^18, suffixes K, M, G)\n");
      return 2;
    }
  }
  std::ios::sync_with_stdio(false);
  std::string line, out;
  unsigned long long line_no = 0, written = 0;
  try {
    while (std::getline(std::cin, line)) {
      ++line_no;
      out.clear();
      try {
        learner::vw_line_to_json(line, out, "<stdin>", line_no);
      } catch (const learner::Error& e) {
        std::fprintf(stderr, "vw2json: %s\n", e.what());
        return 1;
      }
      learner::write_stdout(out);
      written += out.size();
      if (limit > 0 && written >= limit) break;
    }
    learner::finish_stdout();
  } catch (const learner::Error& e) {
    std::fprintf(stderr, "vw2json: %s\n", e.what());
    return 1;
  }
  return 0;
}
