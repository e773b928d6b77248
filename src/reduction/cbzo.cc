#include "cbzo.h"
#include "learner/reduction/plugins.h"

#include <cmath>
#include <cstdio>
#include <limits>

#include "learner/error.h"

namespace learner {

namespace {

constexpr float kMinRadius = 1e-3f;  // VW 9.11.2 raises a smaller --radius to this

float above(float x) { return x != 0.0f ? std::nextafter(x, std::numeric_limits<float>::infinity()) : 1e-5f; }
float below(float x) { return x != 0.0f ? std::nextafter(x, -std::numeric_limits<float>::infinity()) : -1e-5f; }

constexpr int kLabelDecimals = 6;  // VW's progress columns: the label with 6 decimals, the pdf with 2
constexpr int kRowDecimals = 2;

// VW's progress columns cut a longer text to 11 characters and "...".
void cut_to_column(std::string& text) {
  constexpr std::size_t kWidth = 14;
  if (text.size() > kWidth) text.replace(kWidth - 3, std::string::npos, "...");
}

void append_pdf(std::string& out, const PdfSegment pdf[2], int decimals) {
  for (int i = 0; i < 2; ++i) {
    if (i > 0) out += ',';
    append_fixed_trimmed(out, pdf[i].left, decimals);
    out += '-';
    append_fixed_trimmed(out, pdf[i].right, decimals);
    out += ':';
    append_fixed_trimmed(out, pdf[i].value, decimals);
  }
}

}  // namespace

void cbzo_pdf(float centroid, float radius, PdfSegment out[2]) {
  const float points[2] = {centroid - radius, centroid + radius};
  for (int i = 0; i < 2; ++i) {
    out[i].left = below(points[i]);
    out[i].right = above(points[i]);
    out[i].value = static_cast<float>(0.5 / static_cast<double>(out[i].right - out[i].left));
  }
}

void append_fixed_trimmed(std::string& out, float value, int decimals) {
  char text[64];
  const int n = std::snprintf(text, sizeof text, "%.*f", decimals, static_cast<double>(value));
  std::string_view s(text, n > 0 && n < static_cast<int>(sizeof text) ? static_cast<std::size_t>(n) : 0);
  if (s.find('.') != std::string_view::npos) {
    while (!s.empty() && s.back() == '0') s.remove_suffix(1);
    if (!s.empty() && s.back() == '.') s.remove_suffix(1);
  }
  out.append(s);
}

CbzoReduction::CbzoReduction(const CbzoSettings& settings, Learner& learner, LabelRange& range)
    : settings_(settings), learner_(learner), range_(range) {}

const Outcome& CbzoReduction::process(const Example& ex, const std::vector<Feature>& features, bool learn) {
  const float centroid = static_cast<float>(learner_.predict(ex, features, kSinglePart));
  range_.widen_clipping(centroid);
  const float clipped = std::clamp(centroid, static_cast<float>(range_.min), static_cast<float>(range_.max));
  cbzo_pdf(clipped, settings_.radius, pdf_);
  const bool labeled = ex.has_label && !ex.costs.empty();
  action_ = ex.label;
  cost_ = labeled ? ex.costs.front().cost : 0.0f;
  density_ = labeled ? ex.costs.front().probability : 0.0f;
  if (learn && labeled) learner_.learn(ex, features, kSinglePart, centroid, ex.label, ex.importance);
  outcome_.labeled = labeled;
  outcome_.label = 1.0;  // VW's "weighted label sum" adds each example's weight (the row shows the action)
  outcome_.prediction = clipped;
  outcome_.loss = cost_;
  outcome_.weight = 1.0;
  return outcome_;
}

void CbzoReduction::write_prediction(std::string& out) const {
  append_pdf(out, pdf_, std::numeric_limits<float>::max_digits10);
}

bool CbzoReduction::row_text(std::string& label, std::string& prediction) const {
  if (outcome_.labeled) {
    label = "{";
    append_fixed_trimmed(label, action_, kLabelDecimals);
    label += ',';
    append_fixed_trimmed(label, cost_, kLabelDecimals);
    label += ',';
    append_fixed_trimmed(label, density_, kLabelDecimals);
    label += '}';
  } else {
    label = "unknown";
  }
  prediction.clear();
  append_pdf(prediction, pdf_, kRowDecimals);
  cut_to_column(label);
  cut_to_column(prediction);
  return true;
}

const ReductionPlugin& cbzo_plugin() {
  static const ReductionPlugin plugin = [] {
    ReductionPlugin p;
    p.name = "cbzo";
    p.title = "--cbzo (continuous-action contextual bandit, zeroth-order optimisation)";
    p.default_learner = "cbzo";
    p.needs_learner_below = "it is its own learner's policy (VW's cbzo is a base learner)";
    p.stands_alone = "is a base learner over continuous actions";
    OptionSpec policy = text_option("policy", "with --cbzo: the policy learned, linear (the centroid is w.x; the "
                                    "default) or constant (one weight)", 0, "linear", true);
    OptionSpec radius = number_option("radius", OptionKind::kNumber, default_text(static_cast<double>(CbzoSettings{}.radius)),
                                      0, std::numeric_limits<float>::max(),
                                      "with --cbzo: the exploration radius r (the pdf's two points are centroid -+ r; "
                                      "below 1e-3 it is raised to 1e-3, as VW)", true);
    radius.resumable = true;
    p.options = {switch_option("cbzo", "continuous-action contextual bandit over one slot by zeroth-order "
                                       "optimisation (VW's); labels `ca action:cost:pdf_value |features`; -p "
                                       "prints the pdf", true),
                 policy, radius,
                 switch_option("no_bias_regularization", "with --cbzo: no --l1/--l2 term for the constant feature",
                               true)};
    p.validate = [](const OptionValues& v) {
      const std::string chosen = v.text("policy");
      if (chosen != "linear" && chosen != "constant")
        throw UsageError("--policy must be linear or constant, not '" + chosen + "'");
      if (chosen == "constant" && v.flag("noconstant"))
        throw UsageError("--cbzo --policy constant learns the constant feature's weight; it cannot be used with "
                         "--noconstant");
    };
    p.labels = [](const ReductionSpec&) { return LabelFormat::kContinuousAction; };
    p.sub_models = [](const ReductionSpec&) { return uint32_t{1}; };
    p.setup = [](const OptionValues& v, const ReductionSpec&) {
      CbzoSettings settings;
      settings.radius = static_cast<float>(v.number("radius"));
      if (settings.radius < kMinRadius) {
        std::fprintf(stderr, "warning: --radius %g is below the minimum %g; using %g (as VW, for numerical "
                             "stability)\n",
                     static_cast<double>(settings.radius), static_cast<double>(kMinRadius),
                     static_cast<double>(kMinRadius));
        settings.radius = kMinRadius;
      }
      ReductionSetup s;
      s.make = [settings](const ReductionSpec& spec, Learner& learner, LabelRange& range) -> std::unique_ptr<Reduction> {
        if (spec.binary || spec.link != Link::kIdentity || spec.output != ScoreOutput::kClass)
          throw UsageError("--cbzo predicts a pdf over actions: --binary, --link, --scores and --probabilities do "
                           "not apply");
        if (learner.name() != "cbzo")
          throw UsageError("--cbzo learns with its own learner, not the " + std::string(learner.name()) + " learner");
        return std::make_unique<CbzoReduction>(settings, learner, range);
      };
      s.describe = "cbzo";
      return s;
    };
    p.describe = [](const ReductionSpec&) { return std::string("cbzo"); };
    return p;
  }();
  return plugin;
}

}  // namespace learner
