#include "learner/train/audit.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "learner/error.h"
#include "learner/io/output_file.h"
#include "learner/reduction/score_text.h"

namespace learner {
namespace {

// A float as a C++ stream prints it by default (%g, 6 significant digits).
void append_float(std::string& s, float x) {
  std::ostringstream o;
  o << x;
  s += o.str();
}

// VW's feature order: linear features, the constant (its namespace comes
// last among the example's), then the interactions; the builder puts the
// constant after the interactions. Interaction names are "a*b" and precede
// the constant, which comes last.
void vw_order(std::size_t n, const std::vector<std::string>& names, std::vector<uint32_t>& order) {
  order.clear();
  for (uint32_t i = 0; i < n; ++i) order.push_back(i);
  if (n == 0 || names.size() != n || names[n - 1] != "Constant") return;
  std::size_t first = n - 1;
  while (first > 0 && names[first - 1].find('*') != std::string::npos) --first;
  std::rotate(order.begin() + static_cast<std::ptrdiff_t>(first), order.end() - 1, order.end());
}

thread_local std::vector<uint32_t> g_order;

}  // namespace

void AuditWriter::capture(const std::vector<Feature>& x, const std::vector<std::string>& names) {
  entries_.clear();
  vw_order(x.size(), names, g_order);
  for (uint32_t sub = 0; sub < subs_; ++sub) {
    for (uint32_t i : g_order) {
      AuditWeight w;
      if (!learner_.audit_weight(x[i].index, sub, w)) continue;
      Entry& e = entries_.emplace_back();
      e.key = std::fabs(w.weight * x[i].value);
      if (i < names.size()) e.text = names[i];
      if (subs_ > 1) e.text = std::to_string(sub) + ":" + e.text;
      e.text += ':' + std::to_string(w.slot) + ':';
      append_float(e.text, x[i].value);
      e.text += ':';
      append_float(e.text, w.weight);
      if (w.has_adaptive && !testonly_) {
        e.text += '@';
        append_float(e.text, w.adaptive);
      }
    }
  }
  std::stable_sort(entries_.begin(), entries_.end(), [](const Entry& a, const Entry& b) { return a.key > b.key; });
}

void AuditWriter::write(double prediction, const std::string& tag) {
  line_.clear();
  append_number(line_, static_cast<float>(prediction));  // VW prints the float it predicted
  append_tag(line_, tag);
  line_ += '\n';
  std::fwrite(line_.data(), 1, line_.size(), out_);
  for (const Entry& e : entries_) {
    std::fputc('\t', out_);
    std::fwrite(e.text.data(), 1, e.text.size(), out_);
  }
  std::fputc('\n', out_);
  if (std::ferror(out_)) throw Error("--audit: error writing to standard output");
}

RegressorAudit::RegressorAudit(const std::string& path, const Learner& learner, uint32_t sub_models)
    : learner_(learner), subs_(sub_models) {
  AuditWeight probe;
  if (!learner.audit_weight(0, 0, probe))
    throw UsageError("--audit_regressor: the '" + std::string(learner.name()) + "' learner's weights cannot be audited");
  total_ = learner.nonzero_weights();
  if (total_ == 0) throw UsageError("--audit_regressor: the model has no non-zero weights, nothing to audit");
  printed_.assign(learner.weight_slots(), false);
  file_ = std::make_unique<OutputFile>(path, "--audit_regressor file");
}

RegressorAudit::~RegressorAudit() = default;

void RegressorAudit::record(const std::vector<Feature>& x, const std::vector<std::string>& names) {
  std::FILE* out = file_->stream();
  vw_order(x.size(), names, g_order);
  for (uint32_t sub = 0; sub < subs_; ++sub) {
    for (uint32_t i : g_order) {
      if (i >= names.size()) break;
      AuditWeight w;
      if (!learner_.audit_weight(x[i].index, sub, w) || w.weight == 0.0f) continue;
      if (w.slot >= printed_.size() || printed_[w.slot]) continue;
      printed_[w.slot] = true;
      ++found_;
      std::string line = subs_ > 1 ? std::to_string(sub) + ":" : std::string();
      line += names[i];
      line += ':' + std::to_string(w.slot) + ':';
      append_float(line, w.weight);
      line += '\n';
      std::fwrite(line.data(), 1, line.size(), out);
    }
  }
}

void RegressorAudit::close() { file_->commit(); }

}  // namespace learner
