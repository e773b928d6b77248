#include "learner/learners/gd/dotproduct.h"

#include <algorithm>
#include <cfloat>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>

#include "learner/error.h"
#include "latent_hash.h"
#include "vw_latent.h"

namespace learner {
namespace {

bool overlaps(const DotProductPair& a, const DotProductPair& b) {
  for (const std::string* x : {&a.left, &a.right})
    for (const std::string* y : {&b.left, &b.right}) {
      if (a.by_full_name && b.by_full_name ? *x == *y : (*x)[0] == (*y)[0]) return true;
    }
  return false;
}

}  // namespace

DotProduct::DotProduct(const CoreConfig& config, WeightTable* linear)
    : pairs_(config.dotproducts),
      rank_(config.rank),
      l2_(config.dotproduct_l2),
      eta_scale_(config.dotproduct_learning_rate > 0 && config.learning_rate > 0
                     ? config.dotproduct_learning_rate / config.learning_rate
                     : 1.0),
      base_rate_(config.learning_rate),
      auto_rate_(config.auto_latent_rate),
      auto_l2_(config.auto_latent_l2),
      adaptive_(config.rule.adaptive && !config.auto_latent_rate),
      init_scale_(config.init_scale),
      center_(config.center),
      freq_alpha_(config.dotproduct_freq_l2),
      side_rate_{1.0, config.dotproduct_side_ratio},
      dropout_(config.dotproduct_dropout),
      seed_(config.random_seed),
      sub_models_(config.sub_models),
      linear_(linear),
      latent_(config.bits, config.rank + 1),
      delta_(2 * static_cast<std::size_t>(config.rank), 0.0) {
  if (pairs_.empty() && config.dotproduct_fields.empty())
    throw UsageError("--dotproduct needs a pair of namespaces");
  if (rank_ < 1 || rank_ > 256) throw UsageError("--rank must be between 1 and 256");
  if (l2_ < 0) throw UsageError("--dotproduct_l2 must be >= 0");
  if (!(center_ >= 0 && center_ <= 1e3)) throw UsageError("--dotproduct_center must be between 0 and 1000");
  if (!(freq_alpha_ >= -2 && freq_alpha_ <= 2)) throw UsageError("--dotproduct_freq_l2 must be between -2 and 2");
  if (!(side_rate_[1] > 0 && side_rate_[1] <= 1e3))
    throw UsageError("--dotproduct_side_ratio must be > 0 and at most 1000");
  if ((freq_alpha_ != 0 || side_rate_[1] != 1) && !(l2_ > 0 || auto_l2_))
    throw UsageError("--dotproduct_freq_l2 and --dotproduct_side_ratio need --dotproduct_l2 > 0");
  if (!(dropout_ >= 0 && dropout_ < 1))
    throw UsageError("--dotproduct_dropout must be at least 0 and below 1 (the chance a latent dimension sits out an "
                     "update), got " + std::to_string(dropout_));
  for (std::size_t i = 0; i < pairs_.size(); ++i) {
    const DotProductPair& p = pairs_[i];
    if (p.left.empty() || p.right.empty()) throw UsageError("--dotproduct needs two namespaces");
    for (std::size_t j = 0; j < i; ++j)
      if (overlaps(p, pairs_[j]))
        throw UsageError("--dotproduct pairs must use disjoint namespaces (" + p.left + p.right + " and " +
                         pairs_[j].left + pairs_[j].right + " share one)");
  }
  for (const DotProductPair& p : pairs_)
    keys_.push_back({p.left[0], p.right[0], p.by_full_name,
                     p.by_full_name ? p.left == p.right : p.left[0] == p.right[0], {0, 0}});
  add_field_pairs(config.dotproduct_fields);
  if (pairs_.size() > kMaxDotProductPairs)
    throw UsageError("--dotproduct: at most " + std::to_string(kMaxDotProductPairs) + " pairs (got " +
                     std::to_string(pairs_.size()) + (config.dotproduct_fields.empty() ? "" : ", field pairs counted") +
                     ")");
  if (pairs_.size() > PredictionPath::kMaxTerms)
    throw UsageError("--dotproduct: at most " + std::to_string(PredictionPath::kMaxTerms) + " pairs");
  sides_.resize(static_cast<std::size_t>(sub_models_) * pairs_.size() * 2);
  unseen_active_ = config.test_only;
  // No row has its start vector yet: each gets it when first gathered
  // (latent_slot, dotproduct_start.cc).
  started_.assign((latent_.slots() + 63) / 64, 0);
}

void DotProduct::add_field_pairs(const std::string& fields) {
  if (fields.empty()) return;
  if (fields.size() < 2)
    throw UsageError("--dotproduct_fields needs at least two namespace letters, got '" + fields + "'");
  if (fields.size() == 2 && fields[0] == fields[1]) {  // VW's --lrqfa aa: the one pair (a, a), ids by last position
    pairs_.push_back({fields.substr(0, 1), fields.substr(0, 1), false});
    keys_.push_back({fields[0], fields[0], false, true, {2, 0}});
    return;
  }
  for (std::size_t i = 0; i < fields.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (fields[i] == fields[j])
        throw UsageError("--dotproduct_fields: each namespace letter once (or one letter twice, 'aa'), got '" + fields +
                         "'");
  for (std::size_t i = 0; i < fields.size(); ++i)
    for (std::size_t j = i + 1; j < fields.size(); ++j) {
      pairs_.push_back({fields.substr(i, 1), fields.substr(j, 1), false});
      // The left feature's vector is the one for the right field, and back.
      keys_.push_back({fields[i], fields[j], false, false,
                       {static_cast<uint32_t>(j + 1), static_cast<uint32_t>(i + 1)}});
    }
  field_aware_ = true;
}

const std::vector<uint32_t>& DotProduct::trained_slots() {
  if (!tracking_) {
    const float* v = latent_.data();
    const std::size_t stride = rank_ + 1;
    for (std::size_t s = 0; s < latent_.slots(); ++s)
      if (v[s * stride + rank_] != 0.0f) trained_.push_back(static_cast<uint32_t>(s));
    tracking_ = true;
  }
  return trained_;
}

int DotProduct::side_by_name(const NamespaceSpan& ns, const DotProductPair& pair) {
  if (ns.name == pair.left) return 0;
  if (ns.name == pair.right) return 1;
  return -1;
}

void DotProduct::prefetch(const Example& ex) const {
  if (field_aware_) {
    for (const NamespaceSpan& ns : ex.namespaces)
      for (std::size_t p = 0; p < pairs_.size(); ++p)
        if (const int s = side(ns, p); s >= 0)
          for (uint32_t i = ns.begin; i < ns.end; ++i)
            __builtin_prefetch(latent_.slot((ex.features[i].index + keys_[p].salt[s] * kFieldStep) * sub_models_), 1);
    return;
  }
  for (const NamespaceSpan& ns : ex.namespaces)
    if (side(ns) >= 0)
      for (uint32_t i = ns.begin; i < ns.end; ++i) __builtin_prefetch(latent_.slot(ex.features[i].index * sub_models_), 1);
}

void DotProduct::first_trained(float* slot, const State& st, int side) {
  Side& owner = sides_[side_index(st.sub, st.pair, side)];
  if (unseen_active_ && !owner.mean.empty()) {
    std::copy(owner.mean.begin(), owner.mean.end(), slot);
    if (float* lin = linear_weight(slot, keys_[st.pair].salt[side])) *lin = owner.mean_linear;
  }
  owner.slots.push_back(static_cast<uint32_t>((slot - latent_.data()) / (rank_ + 1)));
}

[[gnu::always_inline]] inline double DotProduct::assign_rates(std::vector<Term>& terms, double g2, double other_norm2, double eta_l,
                                double importance, int side, const State& st) {
  const unsigned k = rank_;
  const bool count = freq_alpha_ != 0;
  double rho = 0.0;
  for (Term& term : terms) {
    const double x2 = term.x * term.x;
    // --dotproduct_freq_l2: G_f counts the feature's (importance-weighted)
    // occurrences instead; the side's mean count is kept alongside.
    float G = static_cast<float>(term.slot[k] + (count ? importance * x2 : g2 * x2 * other_norm2));
    // Without the adaptive rule G_f only marks a trained feature; a feature
    // that moves (x != 0) is marked even when the other side's vector is 0.
    if (!adaptive_ && !(G > 0.0f) && x2 > 0) G = FLT_MIN;
    if (accumulate_ && term.slot[k] == 0.0f && G > 0.0f) {
      distinct_[side] += 1;
      if (tracking_) trained_.push_back(static_cast<uint32_t>((term.slot - latent_.data()) / (rank_ + 1)));
      first_trained(term.slot, st, side);
    }
    if (accumulate_ && count) occurrences_[side] += importance * x2;
    if (accumulate_) term.slot[k] = G;
    term.rate = adaptive_ ? (G > 0 ? eta_l / std::sqrt(static_cast<double>(G)) : 0.0) : eta_l;
    rho += term.rate * x2;
  }
  return rho;
}

double DotProduct::drop_dimensions(State& st) {
  const unsigned k = rank_;
  double* a = st.vec.data();
  double* b = a + k;
  const uint64_t base = detail::splitmix64((static_cast<uint64_t>(seed_) << 32) ^ 0x6C72717Dull ^ (draws_++ << 1));
  double dot = 0.0, norm_a = 0.0, norm_b = 0.0;
  unsigned kept = 0;
  for (unsigned j = 0; j < k; ++j) {
    const double u = static_cast<double>(detail::splitmix64(base + j) >> 11) * (1.0 / 9007199254740992.0);
    if (u < dropout_) {
      a[j] = 0.0;
      b[j] = 0.0;
      continue;
    }
    ++kept;
    dot += a[j] * b[j];
    norm_a += a[j] * a[j];
    norm_b += b[j] * b[j];
  }
  st.norm2[0] = norm_a;
  st.norm2[1] = norm_b;
  return st.sign * (dot - static_cast<double>(kept) * center_ * center_ * st.sum_x[0] * st.sum_x[1]);
}

[[gnu::always_inline]] inline double DotProduct::frequency_factor(const Term& term, int side) const {
  if (freq_alpha_ == 0 || distinct_[side] == 0 || !(occurrences_[side] > 0)) return 1.0;
  const double mean = occurrences_[side] / static_cast<double>(distinct_[side]);
  const double n = std::max(static_cast<double>(term.slot[rank_]), 1e-6 * mean);
  // In single precision (exp2f and log2f: a few ns; std::pow in double cost
  // 20 % of a pass at rank 10): the factor scales a rate, and the path is
  // exact for whatever rate it is given.
  const float factor = std::exp2(static_cast<float>(freq_alpha_) * std::log2(static_cast<float>(n / mean)));
  return std::clamp(static_cast<double>(factor), 1e-3, 1e3);
}

double DotProduct::latent_rate(double eta) const {
  if (!auto_rate_) return eta * eta_scale_;
  const double g = gradient_.mean();
  return g > 0 ? kAutoStep / g * (base_rate_ > 0 ? eta / base_rate_ : 1.0) : 0.0;
}

[[gnu::always_inline]] inline double DotProduct::start_gradient_ratio(const State& st) const {
  // E|other side|^2 / k at the start: c^2 s^2 + sigma^2 |x|^2 (the start is
  // c + init u, u uniform in [-1, 1]: variance init^2 / 3 per weight).
  const double c2 = center_ * center_, sigma2 = init_scale_ * init_scale_ / 3.0;
  const double one_hot = c2 + sigma2;
  if (!(one_hot > 0)) return 1.0;
  auto start_norm2 = [&](int s) { return c2 * st.sum_x[s] * st.sum_x[s] + sigma2 * st.sum_x2[s]; };
  // |dp/dV|^2 summed over the pair's latent weights (over k), and the same
  // for a pair of one feature of value 1 on each side, 2 (c^2 + sigma^2):
  // exactly 1 for such a pair.
  const double n = st.self ? st.sum_x2[0] * 4.0 * start_norm2(0)
                           : st.sum_x2[0] * start_norm2(1) + st.sum_x2[1] * start_norm2(0);
  const double ratio = n / (one_hot + one_hot);
  return ratio > 0 && std::isfinite(ratio) ? ratio : 1.0;
}

double DotProduct::latent_l2() const { return auto_l2_ ? kAutoL2 * gradient_.mean() : l2_; }

void DotProduct::end_pass() {
  if (gradient_.weight > 0) gradient_.frozen = true;
  refresh_unseen();
  unseen_active_ = true;
}

double DotProduct::prepare(double g2, double eta, double importance, PredictionPath& path) {
  // The automatic rate's scale: importance * |g| = sqrt(g2 importance).
  if (automatic() && accumulate_ && !gradient_.frozen && importance > 0) {
    gradient_.sum += std::sqrt(g2 * importance);
    gradient_.weight += importance;
  }
  const double eta_l = latent_rate(eta);
  const double l2 = latent_l2();
  // Dropout: the update moves the model restricted to the kept dimensions,
  // from p_hat - predicted + restricted (the caller subtracts what this returns).
  double restricted_shift = 0.0;
  if (dropout_ > 0 && accumulate_)
    for (std::size_t n = 0; n < used_; ++n) restricted_shift += states_[n].predicted - drop_dimensions(states_[n]);
  double rho_total = 0.0, x2_total = 0.0;
  for (std::size_t n = 0; n < used_; ++n) {
    State& st = states_[n];
    const double eta_pair = auto_rate_ ? eta_l / start_gradient_ratio(st) : eta_l;
    for (int s = 0; s < 2; ++s) {
      // A self pair's features all sit on side 0; d|A|^2/dV[f] = 2 x_f A.
      const double other_norm2 = st.self ? 4.0 * st.norm2[0] : st.norm2[1 - s];
      st.rho[s] = assign_rates(st.terms[s], g2, other_norm2, eta_pair, importance, s, st);
      rho_total += st.rho[s];
      x2_total += st.sum_x2[s];
    }
  }
  mu_ = 0.0;
  if (l2 > 0 && x2_total > 0) {
    // One decay mu for every latent weight of the example keeps the closed
    // form exact (A = e^{-mu h / 2} A~ with A~ on the unregularised path,
    // whatever the rates), so the rates may differ per feature: the side
    // ratio and the frequency factor scale a feature's rate and thereby set
    // its L2 per occurrence to lambda shared / rate.
    const bool scaled = freq_alpha_ != 0 || side_rate_[1] != 1.0;
    const double shared = rho_total / x2_total;
    for (std::size_t n = 0; n < used_; ++n) {
      State& st = states_[n];
      for (int s = 0; s < 2; ++s) {
        if (!scaled) {
          for (Term& term : st.terms[s]) term.rate = shared;
          st.rho[s] = shared * st.sum_x2[s];
          continue;
        }
        double rho = 0.0;
        for (Term& term : st.terms[s]) {
          term.rate = shared * side_rate_[s] * frequency_factor(term, s);
          rho += term.rate * term.x * term.x;
        }
        st.rho[s] = rho;
      }
    }
    mu_ = 2.0 * shared * l2;
  }
  return add_paths(path) + restricted_shift;
}

// The dyadic model's options, declared beside the code that uses them and
// read here into CoreConfig; their defaults are CoreConfig's.
namespace {

constexpr double kNoLimit = std::numeric_limits<double>::infinity();

std::string latent_default(bool automatic, double number) {
  return automatic ? std::string("auto") : default_text(number);
}

// --dotproduct_lr / --dotproduct_l2: "auto" (set from the data in pass 1,
// dotproduct.h) or a number >= 0 (false: auto).
bool latent_number(const OptionValues& v, const char* name, double& out) {
  const std::string text = v.text(name);
  if (text == "auto") return false;
  const char* begin = text.data();
  const char* end = begin + text.size();
  if (begin != end && *begin == '+') ++begin;
  double x = 0;
  const auto [ptr, ec] = std::from_chars(begin, end, x);
  if (text.empty() || ec != std::errc() || ptr != end || !std::isfinite(x) || x < 0)
    throw UsageError(std::string("--") + name + " takes auto or a finite number >= 0, got '" + text + "'");
  out = x;
  return true;
}

DotProductPair parse_pair(const std::string& d) {
  DotProductPair pair;
  const auto comma = d.find(',');
  if (comma != std::string::npos) {
    pair = {d.substr(0, comma), d.substr(comma + 1), true};
  } else if (d.size() == 2) {
    pair = {d.substr(0, 1), d.substr(1, 1), false};
    if (pair.left == "_") pair.left = " ";
    if (pair.right == "_") pair.right = " ";
  } else {
    throw UsageError("--dotproduct takes two namespace letters ('ui') or two full names ('user,item'), got '" + d + "'");
  }
  if (pair.left.empty() || pair.right.empty()) throw UsageError("--dotproduct '" + d + "' names an empty namespace");
  return pair;
}

char spelled_letter(char c) { return c == ' ' ? '_' : c; }  // '_' writes the default namespace

// What the run must know of the dyadic settings: the namespaces they name,
// the stream's raw features, the preamble's lines.
void describe_latent(const CoreConfig& c, LearnerSetup& s) {
  if (!c.has_latent()) return;
  s.raw_features = true;
  for (const DotProductPair& p : c.dotproducts)
    s.namespaces.push_back({p.by_full_name ? "--dotproduct " + p.left + "," + p.right
                                           : std::string("--dotproduct ") + spelled_letter(p.left[0]) +
                                                 spelled_letter(p.right[0]),
                            p.left, p.right, p.by_full_name});
  for (char f : c.dotproduct_fields)
    s.namespaces.push_back({"--dotproduct_fields " + c.dotproduct_fields, std::string(1, f), std::string(1, f), false});
  char line[256];
  if (!c.dotproducts.empty()) {
    std::snprintf(line, sizeof line, "dotproduct = %s%s%s, rank = %u\n", c.dotproducts[0].left.c_str(),
                  c.dotproducts[0].by_full_name ? "," : "", c.dotproducts[0].right.c_str(), c.rank);
    s.preamble += line;
  }
  if (!c.dotproduct_fields.empty()) {
    std::snprintf(line, sizeof line, "dotproduct_fields = %s, rank = %u\n", c.dotproduct_fields.c_str(), c.rank);
    s.preamble += line;
  }
  if (c.dotproduct_dropout > 0) {
    std::snprintf(line, sizeof line, "dotproduct_dropout = %g\n", c.dotproduct_dropout);
    s.preamble += line;
  }
  // The automatic latent rate and L2 are set from pass 1's gradients; the
  // summary prints their values (dotproduct.h, "Automatic rate and L2").
  if (c.auto_latent_rate) {
    std::snprintf(line, sizeof line, "dotproduct_lr = auto: %g / g, g = the mean |dl/dp| of pass 1's updates\n",
                  kAutoStep);
    s.preamble += line;
  }
  if (c.auto_latent_l2) {
    std::snprintf(line, sizeof line, "dotproduct_l2 = auto: %g g (frequency-aware, --dotproduct_freq_l2 %g)\n", kAutoL2,
                  c.dotproduct_freq_l2);
    s.preamble += line;
  }
  std::snprintf(line, sizeof line, "dotproduct_center = %g, dotproduct_init = %g\n", c.center, c.init_scale);
  s.preamble += line;
}

}  // namespace

std::vector<OptionSpec> dotproduct_options() {
  const CoreConfig d;
  std::vector<OptionSpec> o = {
      list_option("dotproduct", "latent dot product between two namespaces: by first letters 'ab' or full names 'user,item'"),
      number_option("rank", OptionKind::kCount, default_text(d.rank), 1, 256, "latent dimensions per feature; without --dotproduct, VW's spelling: --rank K -q ab = --dotproduct ab --rank K (the -q pairs are factorised, not also crossed)", true),
      // Not stored: a model records the --dotproduct spelling it maps to.
      list_option("lrq", "VW's low-rank quadratic: --lrq abK = --dotproduct ab --rank K, keeping any -q (one K for all pairs; repeatable; --lrq aaK: the term |A|^2)", 0, false),
      text_option("dotproduct_l2", "L2 on latent weights only (exact closed form): a number >= 0, or auto: 1/6 of the mean |dl/dp| of pass 1's updates", 0, latent_default(d.auto_latent_l2, d.dotproduct_l2), true),
      text_option("dotproduct_lr", "learning rate of the latent weights: auto, a constant rate 0.024 / (the mean |dl/dp| of pass 1's updates), plain whatever the linear part's rule; or a number: the latent weights follow the linear part's rule with this rate in place of -l (0: -l itself)", 0, latent_default(d.auto_latent_rate, d.dotproduct_learning_rate), true),
      number_option("dotproduct_init", OptionKind::kNumber, default_text(d.init_scale), 0, kNoLimit, "spread of the latent weights' random start around the centre", true),
      number_option("dotproduct_freq_l2", OptionKind::kNumber, default_text(d.dotproduct_freq_l2), -2, 2, "frequency-aware L2 (needs latent L2): a latent feature seen n times, n-bar the mean count of its side's features, learns at rate eta (n / n-bar)^alpha under the example's common decay, so its L2 per occurrence is lambda (n-bar / n)^alpha (0: the same for all; 1: the same in total, MAP); the default is 0 without latent L2 and with --allreduce", true),
      number_option("dotproduct_side_ratio", OptionKind::kNumber, default_text(d.dotproduct_side_ratio), 0, 1e3, "latent rate of the right-hand namespace over the left's (needs --dotproduct_l2): the right side's L2 per occurrence is lambda / ratio", true, 0, true),
      text_option("dotproduct_fields", "field-aware dyadic terms (FFM): every pair a, b of these namespace letters adds A_ab.B_ba, a feature of a keeping one latent vector per other field (at most 8 pairs: 4 fields; 'aa' is the one self pair A.A); exact update, as --dotproduct's", 0, d.dotproduct_fields, true),
      number_option("dotproduct_dropout", OptionKind::kNumber, default_text(d.dotproduct_dropout), 0, 1, "dropout of latent dimensions: each update trains the model restricted to the dimensions kept (each kept with chance 1 - P, drawn from --random_seed), exactly; predictions use (1 - P) times the full term (VW's --lrqdropout is 0.5)", true),
      // Not stored: a model records the --dotproduct_fields / --dotproduct_dropout spelling.
      text_option("lrqfa", "VW's field-aware low-rank quadratic: --lrqfa abcK = --dotproduct_fields abc --rank K"),
      switch_option("lrqdropout", "VW's dropout for --lrq: = --dotproduct_dropout 0.5"),
      number_option("dotproduct_center", OptionKind::kNumber, default_text(d.center), 0, 1e3, "centre c of the latent start: V = c + u, dyadic term A.B - k c^2 s_a s_b (1: the note's +1 change of variables; 0: zero-mean start, the latent L2 shrinks towards a.b = 0)", true),
  };
  return o;
}

void read_dotproduct_options(const OptionValues& v, const RunFacts& f, CoreConfig& c, LearnerSetup& s) {
  for (const std::string& d : v.list("dotproduct")) c.dotproducts.push_back(parse_pair(d));
  c.test_only = f.test_only;
  c.rank = static_cast<unsigned>(v.number("rank"));
  c.auto_latent_l2 = !latent_number(v, "dotproduct_l2", c.dotproduct_l2);
  c.auto_latent_rate = !latent_number(v, "dotproduct_lr", c.dotproduct_learning_rate);
  c.init_scale = v.number("dotproduct_init");
  c.center = v.number("dotproduct_center");
  c.dotproduct_freq_l2 = v.number("dotproduct_freq_l2");
  c.dotproduct_side_ratio = v.number("dotproduct_side_ratio");
  c.dotproduct_fields = v.text("dotproduct_fields");
  c.dotproduct_dropout = v.number("dotproduct_dropout");
  // VW's --lrq / --rank -q spellings (vw_latent.h); a -i model (which
  // stores the mapped spelling) without a dyadic term conflicts with them.
  const bool had_latent = c.has_latent();
  const bool rank_typed = f.on_command_line && f.on_command_line("rank");
  const bool vw_spelling =
      detail::apply_vw_latent_spellings(v, c, f.interactions, rank_typed, s.takes_interactions);
  if (vw_spelling && !f.initial_model.empty() && !had_latent)
    throw UsageError("VW's --rank -q / --lrq spelling conflicts with the model " + f.initial_model +
                     ", which was trained without a dyadic term");
  if (vw_spelling) {  // stored as the learner spelling it maps to, so -i restores the same model
    std::string pairs;
    for (const DotProductPair& p : c.dotproducts) {
      if (!pairs.empty()) pairs += '\t';
      pairs += p.by_full_name ? p.left + "," + p.right : p.left + p.right;
    }
    s.stored.emplace_back("rank", std::to_string(c.rank));
    s.stored.emplace_back("dotproduct", pairs);
    if (c.dotproduct_dropout == 0.5) s.stored.emplace_back("dotproduct_dropout", "0.5");
    if (!c.dotproduct_fields.empty()) s.stored.emplace_back("dotproduct_fields", c.dotproduct_fields);
  }
  // Defaults that depend on other settings (docs/ratings-quality.md,
  // "Defaults"): the frequency-aware L2 needs latent L2 and is not averaged
  // across --allreduce ranks; a multi-pass run of a dyadic model with latent
  // L2 holds nothing out (the L2, not early stopping, keeps it from
  // overfitting, and a held-out tenth is a tenth of every user's ratings).
  const bool latent_l2 = c.auto_latent_l2 || c.dotproduct_l2 > 0;
  if (!v.given("dotproduct_freq_l2") && (!latent_l2 || f.allreduce)) c.dotproduct_freq_l2 = 0.0;
  if (c.has_latent() && latent_l2) s.no_holdout_reason = "dyadic model with latent L2";
  if (!c.has_latent()) {
    // VW's --rank K alone (its gd_mf with no -q pair) trains the linear
    // model: accept VW's command line, and say what it means. (A model so
    // trained stores --rank K: restored silently.)
    if (rank_typed && c.rank != 1 && f.interactions.empty())
      std::fprintf(stderr,
                   "warning: --rank %u without a -q pair (or --dotproduct ab): nothing to factorise, the model is "
                   "linear (as VW's --rank without -q)\n",
                   c.rank);
    // The other latent settings mean nothing without a pair: say so rather
    // than train a linear model the user did not ask for (typed on the
    // command line; a -i model stores them all, defaults included).
    for (const char* name : {"dotproduct_l2", "dotproduct_lr", "dotproduct_init", "dotproduct_center",
                             "dotproduct_freq_l2", "dotproduct_side_ratio", "dotproduct_dropout"})
      if (f.initial_model.empty() && v.given(name))
        throw UsageError(std::string("--") + name +
                         " applies to --dotproduct models only (give --dotproduct ab, or VW's --rank K -q ab)");
  }
  describe_latent(c, s);
}

}  // namespace learner
