// The dyadic terms of --dotproduct (docs/dyadic-update.md).
//
// For a pair (a, b) every feature f of a namespace selected by a or b owns k
// latent weights V[f][0..k) plus one adaptive sum G_f, stored together in the
// latent table at the feature's slot (stride k + 1): changing --rank never
// needs new input. Per example and pair
//
//   A = sum_{f in a} x_f V[f],  B = sum_{f in b} x_f V[f],
//   dyadic = A.B - k c^2 s_a s_b,  s_a = sum_{f in a} x_f, s_b likewise,
//
// the "-k c^2 s_a s_b" offset being the +1 change of variables of the note
// (1) with c = --dotproduct_center (default 0.5): latent weights start at
// c + init_scale * (u - mean(u)), u uniform in [-1, 1]^k from a hash of
// (slot, dimension, --random_seed) (with c = 0: c + init_scale * u), so the
// dyadic term starts near 0 and, with c = 1, A.B - k = a.b + a.1 + 1.b for
// one-hot namespaces. The noise sums to 0 over the dimensions so that 1.a =
// 0 at the start: a part c (s_b 1.a + s_a 1.b) linear in the noise would be
// a random linear model of the features, as large as c times a side's
// feature count (issue 28: VW's --lrq aa3 on a9a). With c = 0 the start is
// zero-mean and the term is the plain a.b (matrix factorisation's usual
// form); --dotproduct_l2 then shrinks a and b towards 0 instead of a + 1 and
// b + 1 towards 0. The path (cosh/sinh) is the same for every c: only the
// stored vectors' start and the constant offset change.
//
// Several pairs (--dotproduct repeated) must use disjoint namespaces, so each
// pair keeps its own closed-form path and the prediction path is their sum
// (field-aware pairs, below, share namespaces but not latent weights).
// A reduction's sub-model (a Part, learner.h: sub-model i of K keeps feature
// h's latent vector at slot h K + i, as the linear weights; entering p with
// sign +1 or -1) has its own latent vectors; a part with sign -1 moves along
// -t, i.e. its term enters the path with P and M swapped.
//
// A pair may name one namespace twice (--dotproduct aa, VW's --lrq aa3):
// its term is A.A - k c^2 s_a^2, |A|^2 with c = 0. Its flow V[f]' = -eta_f g
// x_f 2 A gives A(s) = A0 e^{2 rho s} (rho = sum eta_f x_f^2), a path term
// with kappa = 2 rho, P = 2 |A0|^2, M = 0, and V[f] += eta_f x_f (A(s) - A0)
// / rho; its adaptive sums grow by g2 x_f^2 |2 A|^2.
//
// Field-aware pairs (--dotproduct_fields abc, VW's --lrqfa abcK): every
// pair (a, b) of the listed namespaces (a before b) is a term A_ab.B_ba with
// A_ab = sum_{f in a} x_f V[f; b], feature f owning one latent vector per
// other field (slot of (f + id(b) C) with id the field's position + 1 and C
// an odd constant; plain pairs use id 0). Pairs share namespaces but no
// latent weights, so each keeps its own closed-form path and the prediction
// path is their sum, exactly as for disjoint --dotproduct pairs. The letters
// must differ, except one letter twice ("aa": the one pair a, a, VW's
// meaning of --lrqfa aa3).
//
// Dropout (--dotproduct_dropout P, VW's --lrqdropout is P = 1/2): each
// learning update draws, per (component, pair) and latent dimension j, a
// keep bit (kept with probability 1 - P, from a hash of --random_seed and a
// count of the draws made so far, so a run is reproducible). The update
// moves the model restricted to the kept dimensions, sum_{j kept} (A_j B_j
// - c^2 s_a s_b), exactly (a dropped dimension is absent, so its weights
// do not move; under --dotproduct_l2 they still decay): the path starts at
// p_hat minus the predicted dyadic part plus the restricted one. Every
// prediction (training examples' included) is the expectation over masks,
// (1 - P) times the full dyadic part: VW predicts with its scale 1/2 on test
// examples only and reports training losses of the masked prediction.
// What-if paths (set_accumulate(false), --active) use the full model.
//
// Update (note section 2): feature f's rate eta_f = eta_L / sqrt(G_f) with
// the adaptive rule (G_f += importance g^2 x_f^2 |other side|^2; kept in every
// mode, so G_f > 0 marks a trained feature) or eta_L otherwise, eta_L being
// the rate prepare() is given: -l (or --dotproduct_lr), under plain SGD
// decayed by --power_t as the linear rate is (Model::build_path);
// rho_a = sum eta_f x_f^2, kappa = sqrt(rho_a rho_b), r = sqrt(rho_a / rho_b),
// and after the loss chooses t (s = sign * t)
//
//   A(s) = A0 cosh(kappa s) + r B0 sinh(kappa s),  B(s) = B0 cosh + A0/r sinh,
//   V[f] += eta_f x_f (A(s) - A0) / rho_a   (f in a; b likewise with B, rho_b),
//
// with sinh(x) and cosh(x) - 1 both from m = expm1(x) (no cancellation). With
// --dotproduct_l2 lambda all latent features of the example share one rate
// eta = (sum rho) / (sum x^2) and every latent weight touched is multiplied
// by e^{-eta lambda h} (the path gets mu = 2 eta lambda).
//
// What the closed form needs is one decay for all latent weights of the
// example, not one rate: with V_f = e^{-mu h / 2} V~_f, the V~_f follow the
// unregularised flow with their own rates. So under L2 the rates may differ:
// --dotproduct_side_ratio r multiplies the right-hand side's rates by r, and
// --dotproduct_freq_l2 alpha multiplies feature f's rate by (n_f / n-bar)^alpha
// (clamped to [1e-3, 1e3]), n_f its importance-weighted count so far (kept
// in G_f, which then counts occurrences: under the adaptive rule the shared
// rate becomes the mean of eta / sqrt(count)) and n-bar the mean count of its
// side's features. A feature's L2 per occurrence is lambda eta / rate_f: the
// plain rule shrinks a feature in proportion to its count (ALS-WR's weighted
// lambda, Zhou et al., "Large-scale parallel collaborative filtering for the
// Netflix prize", 2008), alpha = 1 shrinks every feature equally in total (MAP
// with one Gaussian prior). docs/ratings-quality.md has the measurements.
//
// Automatic rate and L2 (--dotproduct_lr auto, --dotproduct_l2 auto: the
// command line's defaults; issue 27, docs/ratings-quality.md "Defaults").
// With g the mean |dl/dp| over the updates of pass 1 (importance-weighted;
// running during pass 1, then frozen and kept in the model file), the latent
// weights learn at the constant rate kAutoStep / g, plainly (no per-feature
// adaptive rates, whatever the linear part's rule; only the linear rate's
// decay across passes, --decay_learning_rate, scales it too), and their L2 is
// kAutoL2 * g. A latent vector then moves by about kAutoStep of the other
// side's vector per occurrence, and its L2 per occurrence is kAutoStep *
// kAutoL2 of itself, whatever the scale of the labels and the loss (the
// squared loss's g grows with the labels' spread, the quantile loss's is
// tau or 1 - tau): the rate has units 1 / label and the L2 units of a label.
// The rate above is a one-hot pair's (one feature of value 1 per side): for
// other pairs it is divided, per example, by the ratio of the squared
// gradient of the pair's term in its latent weights at the expected start,
// sum_side |x_side|^2 E|other side|^2 with E|A|^2 = k (c^2 s_a^2 + sigma^2
// |x_a|^2), sigma^2 = init_scale^2 / 3 (a self pair: |x_a|^2 4 E|A|^2), to
// the one-hot pair's 2 k (c^2 + sigma^2). So one update moves the term about
// as far for a side of many features (a self pair of a9a's 14 features:
// 5,400 times less than it would at the one-hot rate) as for a user and an
// item, and the ratio is exactly 1 for the one-hot pair.
// With the adaptive rule a fresh feature's first rate, eta / sqrt(G), is huge
// and its first update fits the rating it sees exactly; constant-rate SGD
// with L2 is matrix factorisation's usual recipe.
//
// Unseen features (cold start; src/learners/gd/dotproduct_unseen.cc). A latent
// feature is trained once its G_f > 0. Per side of each (sub-model, pair)
// the model keeps the slots first trained as that side (in that order) and,
// refreshed at every end of pass, at the end of training, after loading and
// after an --allreduce average, the mean of their vectors and, for a plain
// pair (not field-aware), of their linear weights. Once the means are in use
// (from the first end of pass on, and at once in a test-only run,
// CoreConfig::test_only), an untrained feature enters A (or B) with its
// side's mean vector in place of its stored start and, for a plain pair,
// the linear part with its side's mean linear weight in place of its own:
// an unseen user u on a seen item i is predicted as the average over the
// trained users of their predictions on i (the latent term alone, mean_u.B_i,
// is exactly the average of A_u.B_i), and an unseen user on an unseen item
// as the average trained pair. With its start vector and weight 0 the unseen
// user got about k c^2 less than that (the constant had absorbed that offset)
// and none of the users' mean bias. When such a feature is then trained, its
// stored vector and linear weight are first set to the means its prediction
// used, so the path stays exact. In
// pass 1 of a fresh model features start from their own start, and a model
// saved within its pass 1 (one pass) and trained further with -i continues
// the same way, so a resumed run is the one run, byte for byte.
#pragma once

#include <cstdint>
#include <cstdio>
#include <vector>

#include "learner/learners/gd/config.h"
#include "learner/plugin.h"
#include "learner/model/weight_table.h"
#include "learner/example.h"
#include "learner/loss/path.h"

namespace learner {

class AllReduce;
class ModelReader;
class ModelWriter;

// The most --dotproduct pairs: each pair is one dyadic term of the
// prediction path per model component, and a reduction combines up to two
// components (PredictionPath::kMaxTerms = 16).
constexpr std::size_t kMaxDotProductPairs = 8;

// The automatic latent rate and L2 (above), chosen on validation cuts of
// MovieLens 100K (docs/ratings-quality.md, "Defaults").
// The dyadic model's options (--dotproduct, --rank, --dotproduct_l2, ...,
// VW's --lrq, --lrqfa, --lrqdropout), declared in dotproduct.cc beside the
// code that uses them; their defaults are CoreConfig's.
std::vector<OptionSpec> dotproduct_options();

// Reads them into `c` (after the linear part's settings), applying VW's
// spellings (vw_latent.h) and the defaults that depend on other settings,
// and tells the run what it must know (the namespaces named, raw features,
// holdout, the preamble's lines, the stored spelling) through `s`.
void read_dotproduct_options(const OptionValues& v, const RunFacts& f, CoreConfig& c, LearnerSetup& s);

constexpr double kAutoStep = 0.024;
constexpr double kAutoL2 = 1.0 / 6.0;

// The mean |dl/dp| behind the automatic rate: sums over pass 1's updates.
struct GradientScale {
  double sum = 0.0;     // importance * |dl/dp|
  double weight = 0.0;  // importance
  bool frozen = false;  // pass 1 ended: the mean no longer changes
  double mean() const { return weight > 0 ? sum / weight : 0.0; }
};

class DotProduct {
 public:
  // `linear`: the model's linear table (stride 4, weight first; the cold
  // start reads and sets the weights of unseen features), or nullptr.
  explicit DotProduct(const CoreConfig& config, WeightTable* linear = nullptr);  // throws UsageError for bad pairs

  // Starts a new example: forgets the terms gathered so far.
  void reset() { used_ = 0; }
  // Asks the memory system for the latent slots `ex` will use (a hint; the
  // learning loop calls it for the example after the current one).
  void prefetch(const Example& ex) const;
  // Gathers the latent features of `ex` for sub-model `sub` (sign +1/-1)
  // and returns its signed dyadic part of p.
  double gather(const Example& ex, uint32_t sub, double sign);
  // Accumulates adaptive sums for g2 = importance * g^2 and adds every
  // gathered term (kappa, P, M, mu) to `path`. Returns the dyadic part at
  // t = 0, sum of sign A0.B0, which the caller subtracts from p_lin0.
  double prepare(double g2, double eta, double importance, PredictionPath& path);
  // With false, prepare() computes rates as if the adaptive sums had grown
  // but writes nothing (what-if paths for active learning).
  void set_accumulate(bool on) { accumulate_ = on; }
  // Moves the latent weights gathered to step t after importance h.
  void apply(double t, double importance);

  // The slots whose G_f > 0 (trained), in the order they were first
  // trained: the first call scans the table, later calls add the slots
  // trained since (--average_passes sweeps only these).
  const std::vector<uint32_t>& trained_slots();
  // --allreduce: the latent table averaged across ranks with the G_f as
  // weights (model/table_average.h); slots trained on other ranks join
  // trained_slots(). Throws learner::Error under --dotproduct_freq_l2 (its
  // per-side counts are not averaged yet).
  void average(AllReduce& group);

  // At each end of pass: freezes the gradient scale after pass 1 and
  // refreshes the unseen features' means.
  void end_pass();
  // Cold start: recomputes every side's mean of trained vectors (above).
  void refresh_unseen();
  // The automatic rate's gradient scale (model files, the run summary).
  const GradientScale& gradient_scale() const { return gradient_; }
  void set_gradient_scale(const GradientScale& g) { gradient_ = synced_gradient_ = g; }
  bool automatic() const { return auto_rate_ || auto_l2_; }
  // The latent rate and L2 an update would use now (auto: from the gradient
  // scale; otherwise --dotproduct_l2 and --dotproduct_lr relative to `eta`).
  double latent_rate(double eta) const;
  double latent_l2() const;
  // The mean vector that stands for an untrained feature of side `side` of
  // pair `pair` in sub-model `sub`, or nullptr when that side has no trained
  // feature; unseen_linear(): its mean linear weight (0 for field-aware pairs).
  const float* unseen(uint32_t sub, std::size_t pair, int side) const {
    const std::vector<float>& m = sides_[side_index(sub, pair, side)].mean;
    return m.empty() ? nullptr : m.data();
  }
  float unseen_linear(uint32_t sub, std::size_t pair, int side) const {
    return sides_[side_index(sub, pair, side)].mean_linear;
  }
  // Model-file payload after the latent table (gd.latent version 2): per
  // side, its trained slots, whether the means are in use, and the
  // per-side counts of --dotproduct_freq_l2; read_unseen() recomputes the means.
  void write_unseen(ModelWriter& out) const;
  void read_unseen(ModelReader& in);
  // --readable_model / --invert_hash: one line "unseen(NS)@j:value" per
  // dimension of every side's mean (NS the side's namespace, ",F" the other
  // field of a field-aware pair, "[i]" sub-model i of several).
  void write_unseen_text(std::FILE* out) const;
  std::size_t pairs() const { return pairs_.size(); }

  // The whole latent table, every row holding its start vector (or what
  // training made of it). Rows get their start lazily (dotproduct_start.cc:
  // the first time an example gathers them), so the first call here starts
  // every row not started yet (2^bits start vectors, once); learning never
  // calls it. The model is used by one thread: no locking.
  WeightTable& latent() {
    start_all_rows();
    return latent_;
  }
  const WeightTable& latent() const {
    start_all_rows();
    return latent_;
  }
  // For a model file's latent table, which overwrites every row: marks every
  // row started without computing a start, and returns the table's floats.
  float* latent_to_overwrite();
  // How many rows have their start vector (or were read from a model file).
  std::size_t rows_started() const;
  unsigned rank() const { return rank_; }
  // Which side (0 left, 1 right) of pair `pair` a namespace belongs to, or -1.
  int side(const NamespaceSpan& ns, std::size_t pair) const {
    const PairKey& key = keys_[pair];
    if (key.by_full_name) return side_by_name(ns, pairs_[pair]);
    return ns.first == key.left ? 0 : ns.first == key.right ? 1 : -1;
  }
  int side(const NamespaceSpan& ns) const {  // any pair
    for (std::size_t p = 0; p < pairs_.size(); ++p)
      if (const int s = side(ns, p); s >= 0) return s;
    return -1;
  }
  // A slot's start vector (k values): c + init_scale (u - mean(u)), u uniform
  // in [-1, 1] from a hash of (slot, dimension, --random_seed); the mean is
  // subtracted only with a centre c > 0 (above).
  void initial_vector(std::size_t slot, float* out) const;

 private:
  // The first characters of a pair's namespaces, compared per namespace of
  // every example (by_full_name: the full names, side_by_name).
  struct PairKey {
    char left, right;
    bool by_full_name;
    bool self;           // one namespace on both sides: the term A.A
    uint32_t salt[2];    // per side, the field id keying the latent slot (0: plain pair)
  };
  // One latent feature of the current example: its slot in the latent table
  // (k weights, then G_f), its value and, once prepare() ran, its rate eta_f.
  struct Term {
    float* slot;
    double x;
    double rate;
  };
  // One (component, pair) of the current example. States are reused across
  // examples: vec is sized for the rank when the state is created and the
  // term lists keep their capacity, so the steady state allocates nothing.
  struct State {
    explicit State(unsigned rank) : vec(2 * static_cast<std::size_t>(rank), 0.0) {}
    double sign = 1.0;
    uint32_t sub = 0, pair = 0;     // the (sub-model, pair): its sides_ (cold start)
    std::vector<Term> terms[2];
    std::vector<double> vec;        // A0 in [0, k), B0 in [k, 2k)
    double norm2[2] = {0, 0};       // |A0|^2, |B0|^2
    double sum_x[2] = {0, 0}, sum_x2[2] = {0, 0}, rho[2] = {0, 0};
    double kappa = 0, r = 1, inv_r = 1;
    double unseen_linear = 0;       // what the unseen features' mean linear weights add to p
    bool active = false;
    bool self = false;              // a pair of one namespace: vec's B half is a copy of A
    double predicted = 0;           // the term as gather() returned it (dropout: scaled)
  };

  static int side_by_name(const NamespaceSpan& ns, const DotProductPair& pair);
  // Adds the features of namespace `ns` (side s) to st: terms, A0 or B0
  // (an untrained feature with `unseen` and, into st.unseen_linear,
  // `unseen_linear` in place of its vector and linear weight when `unseen` is given), sums.
  // K: the rank as a compile-time constant, or 0 (rank_dispatch.h: gather,
  // prepare and apply call the K of rank_).
  template <unsigned K>
  void add_namespace(const Example& ex, const NamespaceSpan& ns, uint32_t sub, uint32_t salt, const float* unseen,
                     float unseen_linear, State& st, int s);
  template <unsigned K>
  double gather_in(const Example& ex, uint32_t sub, double sign);
  template <unsigned K>
  void apply_in(double t, double importance);
  // The latent slot of feature `index` in sub-model `sub` under field id
  // `salt`, given its start vector if it has none yet (dotproduct_start.cc).
  float* latent_slot(uint32_t index, uint32_t sub, uint32_t salt) {
    const uint32_t row = ((index + salt * kFieldStep) * sub_models_ + sub) & latent_.mask();
    if (!(started_[row >> 6] >> (row & 63) & 1u)) start_row(row);
    return latent_.data() + static_cast<std::size_t>(row) * latent_.stride();
  }
  // Lazy start vectors (dotproduct_start.cc): row `row` (not started) gets
  // initial_vector(row) and is marked started; start_all_rows() does that for
  // every row not started yet (model files, text models, --allreduce, and
  // any caller of latent()). A row not started holds zeros (its G_f too, so
  // trained_slots() and the cold start read it as untrained), and is never
  // written before it is started.
  void start_row(uint32_t row) const;
  void start_all_rows() const;
  // Adds the field-aware pairs of --dotproduct_fields to pairs_ and keys_.
  void add_field_pairs(const std::string& fields);
  // --dotproduct_dropout: zeroes the dropped dimensions of st (A, B, norms)
  // and returns the restricted term sign (sum_{kept} A_j B_j - kept c^2 s_a s_b).
  double drop_dimensions(State& st);
  // Sets each term's rate (growing G_f by g2 x^2 other_norm2 when
  // accumulating) and returns rho = sum rate x^2.
  double assign_rates(std::vector<Term>& terms, double g2, double other_norm2, double eta_l, double importance,
                      int side, const State& st);
  // A feature first trained (cold start): joins its side's list and, while
  // the means are in use, starts from them (its prediction used them).
  void first_trained(float* slot, const State& st, int side);
  // --dotproduct_freq_l2 alpha: (n_f / mean n)^alpha, n_f = the feature's
  // count (G_f), mean n = the mean count of its side's features so far.
  double frequency_factor(const Term& term, int side) const;
  // The automatic rate's divisor for the pair of st (above): the squared
  // gradient of its term in its latent weights at the expected start, over
  // that of a pair of one feature of value 1 per side (so 1 for that pair).
  double start_gradient_ratio(const State& st) const;
  // Sets st.kappa, st.r and st.active (false when a side has no rate: the
  // pair cannot move); when active, adds st's (kappa, P, M) to `path` and
  // returns its dyadic part at t = 0, (P - M) / 2 = sign A0.B0 (else 0).
  template <unsigned K>
  double add_to_path(State& st, PredictionPath& path) const;
  // add_to_path for every state of the example; sets path.mu = mu_ when one
  // is active, and returns the sum of their dyadic parts at t = 0.
  double add_paths(PredictionPath& path);
  // V[f] += rate x (moved - start) / rho for every term of one side, with
  // `delta` = moved - start (k values), then times `decay`.
  template <unsigned K>
  void move_terms(const std::vector<Term>& terms, const double* delta, double rho, double decay) const;

  bool unseen_active_ = false;  // untrained features take their side's mean (above)
  // Cold start: per (sub-model, pair, side), the slots first trained as that
  // side and the mean of their vectors at the last refresh_unseen() (empty:
  // none trained then). A self pair uses side 0 only.
  struct Side {
    std::vector<uint32_t> slots;
    std::vector<float> mean;
    float mean_linear = 0.0f;  // a plain pair's: the mean linear weight of the slots
  };
  // The linear weight of a plain pair's latent slot (the same slot number:
  // both tables have 2^bits slots and index the feature as h K + i), or nullptr.
  float* linear_weight(const float* latent_slot, uint32_t salt) const {
    if (!linear_ || salt != 0) return nullptr;
    return linear_->data() + static_cast<std::size_t>((latent_slot - latent_.data()) / (rank_ + 1)) * linear_->stride();
  }
  std::size_t side_index(uint32_t sub, std::size_t pair, int side) const {
    return (static_cast<std::size_t>(sub) * pairs_.size() + pair) * 2 + static_cast<std::size_t>(side);
  }
  // --allreduce: every rank's trained slots join the side that trained them.
  void merge_unseen(AllReduce& group);

  static constexpr uint32_t kFieldStep = 0x9E3779B1u;  // odd: ids 1..F land apart for every -b
  std::vector<DotProductPair> pairs_;
  std::vector<PairKey> keys_;  // parallel to pairs_
  unsigned rank_;
  double l2_;
  double eta_scale_;  // --dotproduct_lr / -l (1 when unset)
  double base_rate_;  // -l: the automatic rate follows the linear rate's decay, eta / base_rate_
  bool auto_rate_, auto_l2_;  // --dotproduct_lr auto, --dotproduct_l2 auto
  GradientScale gradient_, synced_gradient_;  // synced: after the last --allreduce average
  bool adaptive_;
  double init_scale_;
  double center_;  // --dotproduct_center c: start c + init_scale u, offset k c^2 s_a s_b
  double freq_alpha_;      // --dotproduct_freq_l2
  double side_rate_[2];    // 1 and --dotproduct_side_ratio
  double dropout_;         // --dotproduct_dropout P (0: off)
  uint64_t draws_ = 0;     // dropout masks drawn so far (in memory only)
  bool field_aware_ = false;  // --dotproduct_fields pairs present
  // Per side, the features first trained and (--dotproduct_freq_l2) their total count.
  uint64_t distinct_[2] = {0, 0};
  std::vector<uint32_t> trained_;  // trained_slots()
  bool tracking_ = false;
  double occurrences_[2] = {0, 0};
  uint32_t seed_;
  uint32_t sub_models_;
  WeightTable* linear_;  // the model's linear table (cold start), or nullptr
  // mutable: latent() const starts the rows not started yet (above).
  mutable WeightTable latent_;
  mutable std::vector<uint64_t> started_;  // one bit per latent row: given its start vector
  mutable bool all_started_ = false;       // every bit of started_ set
  std::vector<Side> sides_;     // side_index()
  std::vector<State> states_;  // reused across examples
  std::vector<double> delta_;  // apply(): A(s) - A0 and B(s) - B0, 2k values
  std::size_t used_ = 0;
  double mu_ = 0;
  bool accumulate_ = true;
};

}  // namespace learner
