#include "csv_split.h"

namespace learner {

void split_csv(std::string_view line, char separator, std::vector<CsvCell>& cells, std::string& storage,
               const LineContext& ctx) {
  cells.clear();
  storage.clear();
  storage.reserve(line.size());
  std::size_t i = 0;
  const std::size_t n = line.size();
  for (;;) {
    if (i < n && line[i] == '"') {
      std::size_t segment = i + 1, q;
      bool escaped = false;
      const std::size_t stored = storage.size();
      for (;;) {
        q = line.find('"', segment);
        if (q == std::string_view::npos) ctx.fail("unclosed quote in CSV column " + std::to_string(cells.size() + 1), line.substr(i));
        if (q + 1 < n && line[q + 1] == '"') {  // "" -> "
          storage.append(line.substr(segment, q + 1 - segment));
          segment = q + 2;
          escaped = true;
          continue;
        }
        break;
      }
      if (q + 1 < n && line[q + 1] != separator)
        ctx.fail("a quote inside a quoted CSV cell must be doubled (column " + std::to_string(cells.size() + 1) + ")", line.substr(i, q + 2 - i));
      std::string_view text = line.substr(i + 1, q - i - 1);
      if (escaped) {
        storage.append(line.substr(segment, q - segment));
        text = std::string_view(storage).substr(stored);
      }
      cells.push_back({text, true});
      i = q + 1;
      if (i == n) return;
      ++i;  // the separator
      continue;
    }
    const std::size_t sep = line.find(separator, i);
    const std::size_t end = sep == std::string_view::npos ? n : sep;
    const std::string_view cell = line.substr(i, end - i);
    if (cell.find('"') != std::string_view::npos)
      ctx.fail("a quote inside an unquoted CSV cell (column " + std::to_string(cells.size() + 1) +
                   "): quote the whole cell and double its quotes (\"a\"\"b\")",
               cell);
    cells.push_back({cell, false});
    if (sep == std::string_view::npos) return;
    i = sep + 1;
  }
}

}  // namespace learner
