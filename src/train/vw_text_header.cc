#include "learner/train/vw_text_header.h"

#include "learner/parse/hash.h"

namespace learner {

namespace {

std::string vw_general_text(double x) {
  char out[40];
  std::snprintf(out, sizeof out, "%g", x);
  return out;
}

}  // namespace

std::vector<std::string> vw_header_pieces(const VwTextHeader& h) {
  std::vector<std::string> pieces = {"Id \n",
                                     "Min label:" + vw_general_text(h.min_label) + "\n",
                                     "Max label:" + vw_general_text(h.max_label) + "\n",
                                     "bits:" + std::to_string(h.bits) + "\n",
                                     "lda:0\n",
                                     std::to_string(h.ngrams.size()) + " ngram:"};
  for (const std::string& n : h.ngrams) pieces.push_back(n + " ");
  pieces.push_back("\n");
  pieces.push_back(std::to_string(h.skips.size()) + " skip:");
  for (const std::string& s : h.skips) pieces.push_back(s + " ");
  pieces.push_back("\n");
  std::string options = "options:" + h.options;
  if (h.random_state != 0) options += " --random_seed " + std::to_string(h.random_state);
  pieces.push_back(options + "\n");
  return pieces;
}

uint32_t vw_header_checksum(const std::vector<std::string>& pieces) {
  uint32_t hash = 0;
  for (const std::string& p : pieces)
    if (!p.empty()) hash = murmur3_32(p, hash);  // VW hashes each non-empty write, seeded by the last
  return hash;
}

void write_vw_text_header(std::FILE* out, const VwTextHeader& h) {
  const std::vector<std::string> pieces = vw_header_pieces(h);
  std::fputs("Version 9.11.2\n", out);
  for (const std::string& p : pieces) std::fputs(p.c_str(), out);
  std::fprintf(out, "Checksum: %u\n", static_cast<unsigned>(vw_header_checksum(pieces)));
}

}  // namespace learner
