// The top-N readers' one field splitter (private to src/topn).
#pragma once

#include <string_view>
#include <vector>

namespace learner::topn_detail {

// The fields of `line` between runs of blanks and tabs, into out (cleared).
inline void split_blanks(std::string_view line, std::vector<std::string_view>& out) {
  out.clear();
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    if (i == line.size()) break;
    std::size_t j = i;
    while (j < line.size() && line[j] != ' ' && line[j] != '\t') ++j;
    out.push_back(line.substr(i, j - i));
    i = j;
  }
}

}  // namespace learner::topn_detail
