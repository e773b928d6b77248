#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <sstream>

#include "content_sample.h"
#include "learner/cache/cache_file.h"

namespace learner {
namespace {

// How labels were parsed: the grammar and, for the reductions', the class count.
std::string label_grammar(const ParseOptions& parse) {
  const char* name = "simple";
  switch (parse.labels) {
    case LabelFormat::kSimple: return "simple";
    case LabelFormat::kMulticlass: name = "multiclass"; break;
    case LabelFormat::kCostSensitive: name = "cost-sensitive"; break;
    case LabelFormat::kMulticlassOrCost: name = "multiclass-or-cost"; break;
    case LabelFormat::kMultilabel: name = "multilabel"; break;
    case LabelFormat::kLabelDependent: name = "label-dependent multi-line"; break;
    case LabelFormat::kContextualBandit: name = "contextual-bandit"; break;
    case LabelFormat::kContextualBanditAdf: name = "contextual-bandit adf multi-line"; break;
    case LabelFormat::kContextualBanditEval: name = "contextual-bandit eval"; break;
    case LabelFormat::kContinuousAction: name = "continuous-action"; break;
  }
  return std::string(name) + "/" + std::to_string(parse.classes) +
         (parse.class_labels ? " " + parse.class_labels->describe() : std::string());
}

// The input format and its settings. "text/2": a string value's feature is no
// longer scaled by the namespace weight (caches of the earlier text parser are rebuilt).
std::string format_key(const ParseOptions& parse) {
  const std::string chain = parse.chain_hash ? "+chain_hash" : "";
  switch (parse.format) {
    case InputFormat::kText: return "text/2";
    case InputFormat::kJson: return "json" + chain;
    case InputFormat::kDsJson: return "dsjson" + chain;
    case InputFormat::kCsv:
      return "csv separator=" + std::to_string(int(parse.csv.separator)) + " header=" + parse.csv.header +
             " no_file_header=" + std::to_string(int(parse.csv.no_file_header)) + " ns_value=" + parse.csv.ns_value;
  }
  return "?";
}

// Standard input that holds no data: a terminal, a character device such as
// /dev/null, or an empty regular file. A pipe is never known to be empty.
bool stdin_has_no_data() {
  if (::isatty(0)) return true;
  struct stat st {};
  if (::fstat(0, &st) != 0) return false;
  if (S_ISCHR(st.st_mode)) return true;
  if (!S_ISREG(st.st_mode)) return false;
  const off_t at = ::lseek(0, 0, SEEK_CUR);
  return at >= 0 && at >= st.st_size;
}

}  // namespace

CacheKey make_cache_key(const std::string& data_path, const ParseOptions& parse) {
  CacheKey key;
  if (data_path.empty() || data_path == "-") {
    // No data on stdin: the cache made from stdin earlier is the data (as
    // VW reads its cache when no data is given), never replaced by nothing.
    key.verifiable = stdin_has_no_data();
    key.fields.emplace_back("data", "<stdin>");
  } else {
    struct stat st {};
    if (::stat(data_path.c_str(), &st) != 0)
      throw Error("cannot stat '" + data_path + "': " + std::strerror(errno));
    std::error_code ec;
    std::string canonical = std::filesystem::weakly_canonical(data_path, ec).string();
    if (ec) canonical = data_path;
    key.verifiable = S_ISREG(st.st_mode);
    key.fields.emplace_back("data", canonical);
    key.fields.emplace_back("data_size", std::to_string(st.st_size));
    key.fields.emplace_back("data_mtime_ns", std::to_string(static_cast<long long>(st.st_mtim.tv_sec) * 1000000000LL +
                                                             st.st_mtim.tv_nsec));
    if (key.verifiable) key.fields.emplace_back("data_content", content_sample(data_path, st.st_size));
  }
  key.fields.emplace_back("hash", parse.hash_all ? "all" : "strings");
  key.fields.emplace_back("hash_seed", std::to_string(parse.hash_seed));
  key.fields.emplace_back("labels", label_grammar(parse));
  key.fields.emplace_back("format", format_key(parse));
  // Labels are checked against the loss's domain when parsed, not when read
  // from a cache: a cache written without that check must not be reused.
  if (parse.labels == LabelFormat::kSimple && parse.label_domain.bounded()) {
    std::ostringstream domain;
    domain << parse.label_domain.min << "," << parse.label_domain.max;
    key.fields.emplace_back("label_domain", domain.str());
  }
  if (parse.labels == LabelFormat::kSimple && !parse.label_domain.signs.empty())
    key.fields.emplace_back("label_signs", "-1,1");
  return key;
}

}  // namespace learner
