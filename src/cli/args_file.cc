#include "args_file.h"

#include <algorithm>
#include <fstream>

#include "driver.h"
#include "learner/cli/options.h"
#include "learner/error.h"

namespace learner {
namespace {

std::vector<std::string> split_words(const std::string& line, const std::string& where) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;
  char quote = 0;
  for (char c : line) {
    if (quote) {
      if (c == quote) quote = 0;
      else word += c;
    } else if (c == '\'' || c == '"') {
      quote = c;
      in_word = true;
    } else if (c == ' ' || c == '\t' || c == '\r') {
      if (in_word) words.push_back(word);
      word.clear();
      in_word = false;
    } else {
      word += c;
      in_word = true;
    }
  }
  if (quote) throw Error(where + ": unclosed quote");
  if (in_word) words.push_back(word);
  return words;
}

// Whether a command line names its data file with -d F, -dF, --data F or --data=F.
bool names_data(const std::vector<std::string>& words) {
  return std::any_of(words.begin(), words.end(), [](const std::string& w) {
    return w == "-d" || w == "--data" || w.rfind("--data=", 0) == 0 || (w.size() > 2 && w.rfind("-d", 0) == 0);
  });
}

std::string data_of(const std::vector<std::string>& words) {
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string& w = words[i];
    if ((w == "-d" || w == "--data") && i + 1 < words.size()) return words[i + 1];
    if (w.rfind("--data=", 0) == 0) return w.substr(7);
    if (w.size() > 2 && w.rfind("-d", 0) == 0) return w.substr(2);
  }
  return "";
}

}  // namespace

std::vector<std::vector<std::string>> read_args_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw Error("--args: cannot open " + path);
  std::vector<std::vector<std::string>> lines;
  std::string line, first_data;
  for (uint64_t number = 1; std::getline(in, line); ++number) {
    std::vector<std::string> words = split_words(line, path + ":" + std::to_string(number));
    if (words.empty()) continue;
    if (lines.empty()) first_data = data_of(words);
    if (!names_data(words) && !first_data.empty()) words.insert(words.end(), {"-d", first_data});
    words.insert(words.end(), {"-f", "model." + std::to_string(lines.size() + 1), "--no_stdin"});
    lines.push_back(std::move(words));
  }
  if (lines.empty()) throw Error("--args: " + path + " holds no command line");
  return lines;
}

int run_args_file(const std::string& path, std::ostream& out) {
  int worst = 0;
  for (const std::vector<std::string>& words : read_args_file(path)) {
    std::string shown;
    std::vector<const char*> argv = {"learner"};
    for (const std::string& w : words) {
      shown += (shown.empty() ? "" : " ") + w;
      argv.push_back(w.c_str());
    }
    out << shown << std::endl;
    const auto options = parse_options(static_cast<int>(argv.size()), argv.data(), out);
    if (options) worst = std::max(worst, run(*options));
  }
  return worst;
}

}  // namespace learner
