// The header VW 9.11 writes at the top of its text models (--readable_model,
// --invert_hash; parse_regressor.cc save_load_header), line by line:
//   Version 9.11.2
//   Id <--id, empty>
//   Min label:<g>            (numbers as C++ streams print them: %g)
//   Max label:<g>
//   bits:<-b>
//   lda:0
//   <n> ngram:<each --ngram, then a blank>
//   <n> skip:<each --skips, then a blank>
//   options:<vw_options_text.h>[ --random_seed <random_state>, when non-zero]
//   Checksum: <c>
// where c chains 32-bit MurmurHash3 (VW's uniform_hash) over the text VW
// writes after the Version line, one piece per write VW makes, each piece's
// hash seeding the next, from seed 0: "Id \n", "Min label:..\n",
// "Max label:..\n", "bits:..\n", "lda:0\n", "<n> ngram:", one "<ngram> " per
// ngram, "\n", "<n> skip:", one "<skip> " per skip, "\n", "options:..\n".
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace learner {

struct VwTextHeader {
  double min_label = 0;
  double max_label = 0;
  unsigned bits = 18;
  std::vector<std::string> ngrams;  // --ngram values as given ("2", "a3")
  std::vector<std::string> skips;   // --skips values as given
  std::string options;              // vw_options_text()
  uint64_t random_state = 0;        // VW's shared generator; non-zero: " --random_seed N" ends options
};

// The header's lines after "Version", as the pieces VW writes them.
std::vector<std::string> vw_header_pieces(const VwTextHeader& h);
// VW's checksum of those pieces.
uint32_t vw_header_checksum(const std::vector<std::string>& pieces);
// Writes the whole header, Checksum line included.
void write_vw_text_header(std::FILE* out, const VwTextHeader& h);

}  // namespace learner
