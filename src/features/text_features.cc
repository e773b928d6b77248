// The arguments of --ngram, --skips, --affix, --spelling, --redefine and
// --dictionary (VW 9.11 parse_args.cc, kskip_ngram_transformer.cc), strict:
// what VW reads loosely (atoi, strtok) is an error here, named.
#include <cstdio>

#include "learner/error.h"
#include "learner/features/text_features.h"

#include <filesystem>
#include "learner/io/line_reader.h"
#include "learner/parse/parse_detail.h"

namespace learner {
namespace {

bool all_digits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}

// Namespace characters VW accepts in an argument: not a separator of its grammar.
bool valid_ns(char c) { return c != '|' && c != ':' && c != ' ' && c != '\t' && c != '\0'; }

}  // namespace

bool TextFeatures::parse_time() const {
  if (redefine_some) return true;
  for (std::size_t i = 0; i < 256; ++i)
    if (affix[i] != 0 || spelling[i] || !dictionaries[i].empty()) return true;
  return false;
}

bool TextFeatures::grams() const {
  for (uint8_t n : ngram)
    if (n > 1) return true;
  return false;
}

void parse_grams(const std::vector<std::string>& args, const char* flag, unsigned max, std::array<uint8_t, 256>& dest) {
  for (const std::string& a : args) {
    const bool all = !a.empty() && a[0] >= '0' && a[0] <= '9';
    const std::string_view number = all ? std::string_view(a) : std::string_view(a).substr(a.empty() ? 0 : 1);
    if (!a.empty() && (a[0] == '-' || a[0] == '+') && all_digits(number))
      throw UsageError(std::string("--") + flag + " '" + a + "': N is a count from 0 to " + std::to_string(max) +
                       ", not signed (a namespace '" + a[0] + "' cannot be given here: '" + a +
                       "' reads as a signed number)");
    if (a.empty() || (!all && !valid_ns(a[0])) || !all_digits(number))
      throw UsageError(std::string("--") + flag + " '" + a +
                       "': expected N (every namespace) or a namespace letter followed by N (e.g. 2 or t2)");
    if (number.size() > 3 || std::stoul(std::string(number)) > max)
      throw UsageError(std::string("--") + flag + " '" + a + "': N must be at most " + std::to_string(max));
    const auto n = static_cast<uint8_t>(std::stoul(std::string(number)));
    if (all)
      dest.fill(n);
    else
      dest[static_cast<unsigned char>(a[0])] = n;
  }
}

void parse_affix(const std::string& arg, std::array<uint64_t, 256>& dest) {
  std::size_t start = 0;
  for (;;) {
    const std::size_t comma = arg.find(',', start);
    const std::string item = arg.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    std::string_view q(item);
    uint64_t prefix = 1;
    if (!q.empty() && (q[0] == '+' || q[0] == '-')) {
      prefix = q[0] == '+' ? 1 : 0;
      q.remove_prefix(1);
    }
    if (q.empty() || q[0] < '1' || q[0] > '7')
      throw UsageError("--affix '" + item + "': expected [+|-]L[namespace] with length L in 1..7 (e.g. +2t,-3t,+1)");
    const uint64_t len = static_cast<uint64_t>(q[0] - '0');
    unsigned char ns = ' ';
    if (q.size() >= 2) {
      if (!valid_ns(q[1])) throw UsageError("--affix '" + item + "': invalid namespace character");
      if (q.size() > 2) throw UsageError("--affix '" + item + "': one namespace letter after the length (too long)");
      ns = static_cast<unsigned char>(q[1]);
    }
    if (dest[ns] >> 60 != 0) throw UsageError("--affix '" + arg + "': at most 16 affixes per namespace");
    dest[ns] = (dest[ns] << 4) | (len << 1) | prefix;
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
}

void parse_spelling(const std::vector<std::string>& args, std::array<bool, 256>& dest) {
  for (const std::string& a : args) {
    if (a.size() != 1 || !valid_ns(a[0]))
      throw UsageError("--spelling '" + a + "': expected one namespace letter ('_' for the default namespace)");
    dest[a[0] == '_' ? static_cast<unsigned char>(' ') : static_cast<unsigned char>(a[0])] = true;
  }
}

void parse_redefine(const std::vector<std::string>& args, TextFeatures& out) {
  if (!out.redefine_some)
    for (std::size_t i = 0; i < 256; ++i) out.redefine[i] = static_cast<unsigned char>(i);
  for (const std::string& a : args) {
    const std::size_t op = a.find(":=");
    if (op == std::string::npos)
      throw UsageError("--redefine '" + a + "': malformed; the form is N:=S, :=S or N:= (N the new namespace letter)");
    const std::string target = a.substr(0, op), sources = a.substr(op + 2);
    // VW's grammar is one N:=S per flag, S a set of first letters written
    // together; anything that reads otherwise is refused, not given a meaning.
    if (sources.find(":=") != std::string::npos)
      throw UsageError("--redefine '" + a + "': one renaming N:=S per --redefine (give --redefine once for each)");
    if (sources.find(':') != std::string::npos && sources != ":")
      throw UsageError("--redefine '" + a + "': ':' in S means every named namespace and stands alone (N:=:)");
    if (sources.size() > 1 && sources.find(',') != std::string::npos)
      throw UsageError("--redefine '" + a + "': S is the first letters written together (N:=ab renames a and b), "
                       "not a list");
    for (char c : sources)
      if (!valid_ns(c) && sources != ":")
        throw UsageError("--redefine '" + a + "': '" + std::string(1, c) +
                         "' is not a namespace letter (N:= renames the default namespace)");
    if (!target.empty() && !valid_ns(target[0]))
      throw UsageError("--redefine '" + a + "': the new namespace letter cannot be '" + std::string(1, target[0]) + "'");
    const unsigned char to = target.empty() ? ' ' : static_cast<unsigned char>(target[0]);
    if (target.size() > 1)
      std::fprintf(stderr, "warning: --redefine '%s': only the first letter of the target ('%c') is used\n", a.c_str(),
                   to);
    out.redefine_some = true;
    if (sources.empty()) {
      out.redefine[' '] = to;  // the default namespace (VW's help; see docs/text-features.md)
      continue;
    }
    for (char c : sources) {
      if (c == ':') {  // wildcard: every named namespace
        for (std::size_t j = 0; j < 256; ++j)
          if (j != ' ') out.redefine[j] = to;
        break;
      }
      out.redefine[static_cast<unsigned char>(c)] = to;
    }
  }
}

std::string find_dictionary(const std::string& name, const std::vector<std::string>& search_path) {
  namespace fs = std::filesystem;
  if (fs::path(name).is_absolute()) return name;
  std::string tried;
  for (const std::string& dir : search_path) {
    const fs::path candidate = fs::path(dir) / name;
    std::error_code ec;
    if (fs::is_regular_file(candidate, ec)) return candidate.string();
    tried += "'" + dir + "', ";
  }
  std::error_code ec;
  if (fs::exists(name, ec) || search_path.empty()) return name;  // the current directory (or its error, below)
  throw UsageError("--dictionary: cannot find '" + name + "' in --dictionary_path " + tried +
                   "nor in the current directory");
}

void add_dictionary(const std::string& arg, const std::vector<std::string>& search_path, bool hash_all,
                    uint32_t hash_seed, TextFeatures& out) {
  unsigned char ns = ' ';
  std::string file = arg;
  if (arg.size() > 2 && arg[1] == ':') {
    ns = static_cast<unsigned char>(arg[0]);
    file = arg.substr(2);
  }
  if (file.empty()) throw UsageError("--dictionary '" + arg + "': no file name (the form is x:file or file)");
  file = find_dictionary(file, search_path);
  std::unique_ptr<LineReader> reader;
  try {
    reader = LineReader::open(file);
  } catch (const Error& e) {
    throw UsageError("--dictionary: cannot read the dictionary file '" + file + "': " + e.what());
  }
  auto dict = std::make_shared<Dictionary>();
  dict->file = file;
  ParseOptions parse;
  parse.hash_all = hash_all;
  parse.hash_seed = hash_seed;
  Example ex;
  std::string_view line;
  while (reader->next(line)) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    std::size_t b = 0;
    while (b < line.size() && is_blank(line[b])) ++b;
    std::size_t e = b;
    while (e < line.size() && !is_blank(line[e])) ++e;
    if (e == b || e == line.size()) continue;  // no word, or a word without features
    const std::string_view word = line.substr(b, e - b);
    if (dict->words.find(word) != dict->words.end()) continue;  // the first line of a word wins
    ex.clear();
    const LineContext ctx{reader->name(), reader->line_number()};
    // VW parses the rest as a line's default namespace: anything after a
    // further '|' is another namespace and not part of the entry.
    const std::string_view rest = line.substr(e);
    parse_namespace(rest.substr(0, rest.find('|')), parse, ex, ctx);  // starts with a blank: the default namespace
    if (ex.features.empty()) continue;
    dict->words.emplace(std::string(word), ex.features);
  }
  if (!out.arguments.empty()) out.arguments += ' ';
  // The cache key: the file's path as found (its content is not checked).
  out.arguments += "--dictionary " + (arg.size() > 2 && arg[1] == ':' ? arg.substr(0, 2) : std::string()) + file;
  out.dictionaries[ns].push_back(std::move(dict));
}

}  // namespace learner
