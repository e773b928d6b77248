#include "learner/train/vw_options_text.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
#include <string_view>

namespace learner {

namespace {

// The options VW 9.11's reductions declare with .keep() (read from its
// sources: vowpalwabbit/core/src), sorted.
constexpr std::string_view kVwKeep[] = {
    "OjaNewton", "action_cache_slack", "active", "active_cover", "affix", "alg", "audit_regressor",
    "autolink", "automl", "automl_significance_level", "bag", "bandwidth", "baseline",
    "baseline_challenger_cb", "bfgs", "binary", "bonferroni_denominator", "boosting", "bootstrap", "bs_type",
    "cats", "cats_pdf", "cats_tree", "cb", "cb_adf", "cb_c_alpha", "cb_c_tau", "cb_discrete", "cb_dro",
    "cb_dro_alpha", "cb_dro_tau", "cb_dro_wmax", "cb_explore", "cb_explore_adf", "cb_explore_pdf",
    "cb_force_legacy", "cb_max_cost", "cb_min_cost", "cb_sample", "cb_type", "cbify", "cbify_ldf", "cbzo",
    "ccb_explore_adf", "chain_hash", "challenger_epsilon", "check_enabled", "clip_p", "coin", "confidence",
    "conjugate_gradient", "constant_epsilon", "constraints", "cost_to_go", "cover", "cs_active", "csoaa",
    "csoaa_ldf", "csoaa_rank", "cubic", "default_lease", "degree", "dictionary", "dropout", "ect", "elim",
    "emt", "emt_initial", "emt_leaf", "emt_router", "emt_scorer", "emt_tree", "entity_cost", "epsilon",
    "epsilon_decay", "epsilon_decay_significance_level", "error", "eval",
    "experimental_full_name_interactions", "experimental_igl", "explore_eval", "first", "first_only",
    "fixed_significance_level", "flip_loss_sign", "freegrad", "ftrl", "gamma_exponent", "gamma_scale",
    "get_pmf", "global_only", "graph_feedback", "greedify", "hash", "hash_seed", "ignore",
    "ignore_features_dsjson_experimental", "ignore_linear", "indexing", "initial_epsilon", "inpass",
    "interact", "interaction_type", "interactions", "kary_tree", "keep", "kernel", "ksvm", "lambda",
    "large_action_space", "lda", "lda_alpha", "lda_rho", "link", "log_multi", "lrq", "lrqdropout", "lrqfa",
    "marginal", "max_actions", "max_candidates", "max_depth", "max_value", "mellowness", "memory_tree",
    "min_champ_examples", "min_scope", "min_value", "model_count", "multilabel_oaa", "multitask",
    "multiworld_test", "named_labels", "new_mf", "nn", "noconstant", "node_only", "noop", "nounif",
    "num_label", "oaa", "old_style_labels", "one_learner", "opt_func", "oracle_type", "ot",
    "per_model_save_load", "pistol", "plt", "pmf_to_pdf", "policy", "print", "priority_challengers",
    "priority_type", "probabilities", "psi", "quadratic", "randomized_routing", "rank", "rank_all",
    "recall_tree", "redefine", "regcb", "regcbopt", "relation_cost", "relation_none_cost", "reward_as_cost",
    "rnd", "rnd_alpha", "rnd_invlambda", "root_label", "sample_pdf", "search",
    "search_condition_feature_value", "search_history_length", "search_interpolation",
    "search_max_bias_ngram_length", "search_max_quad_ngram_length", "search_metatask",
    "search_neighbor_features", "search_order", "search_task", "search_use_passthrough_repr", "sendto",
    "shift_model_bounds", "skip_cost", "slates", "softmax", "spanner_c", "spelling", "squarecb", "stage_poly",
    "svrg", "synthcover", "synthcoverpsi", "synthcoversize", "tol_x", "top", "transition_system",
    "tree_bandwidth", "wap_ldf", "warm_cb",
};

// Declared .keep(save_resume): kept unless --predict_only_model.
constexpr std::string_view kVwKeepWithResume[] = {"adaptive", "invariant", "learning_rate", "normalized",
                                                   "power_t",  "radius",    "sgd"};

// Namespace lists VW merges into one word of sorted, distinct letters.
bool vw_merged_list(const std::string& name) { return name == "ignore" || name == "ignore_linear" || name == "keep"; }

// A float option's value as VW's serializer prints it: the float, 15 digits.
std::string vw_float_text(const std::string& value) {
  char* end = nullptr;
  const double x = std::strtod(value.c_str(), &end);
  if (end == value.c_str() || *end) return value;
  char out[40];
  std::snprintf(out, sizeof out, "%.15g", static_cast<double>(static_cast<float>(x)));
  return out;
}

std::vector<std::string> list_items(const std::string& joined) {
  std::vector<std::string> items;
  std::size_t start = 0;
  while (start < joined.size()) {
    const std::size_t tab = joined.find('\t', start);
    items.push_back(joined.substr(start, tab == std::string::npos ? std::string::npos : tab - start));
    start = tab == std::string::npos ? joined.size() : tab + 1;
  }
  return items;
}

}  // namespace

bool vw_keeps(const std::string& name, bool save_resume) {
  if (std::binary_search(std::begin(kVwKeep), std::end(kVwKeep), std::string_view(name))) return true;
  return save_resume &&
         std::find(std::begin(kVwKeepWithResume), std::end(kVwKeepWithResume), std::string_view(name)) !=
             std::end(kVwKeepWithResume);
}

std::string vw_options_text(const std::vector<SuppliedOption>& supplied, bool save_resume) {
  std::map<std::string, SuppliedOption> kept;
  for (const SuppliedOption& o : supplied) {
    if (o.kind == SuppliedOption::Kind::kSwitch && o.value != "1") continue;
    if (vw_keeps(o.name, save_resume)) kept[o.name] = o;
  }
  // What VW's contextual-bandit reductions insert (cb_explore_adf_*.cc, cb_adf.cc).
  const auto insert = [&kept](const std::string& name, const std::string& value, SuppliedOption::Kind kind) {
    if (!kept.count(name)) kept[name] = SuppliedOption{name, value, kind};
  };
  if (kept.count("cb_explore_adf")) insert("cb_adf", "1", SuppliedOption::Kind::kSwitch);
  if (kept.count("cb_adf")) {
    insert("cb_type", "mtr", SuppliedOption::Kind::kText);
    insert("csoaa_ldf", "multiline", SuppliedOption::Kind::kText);
    insert("csoaa_rank", "1", SuppliedOption::Kind::kSwitch);
  }
  std::string out;
  std::map<std::string, std::set<char>> merged;
  for (const auto& [name, o] : kept) {
    switch (o.kind) {
      case SuppliedOption::Kind::kSwitch: out += " --" + name; break;
      case SuppliedOption::Kind::kList:
        for (const std::string& item : list_items(o.value)) {
          if (vw_merged_list(name)) merged[name].insert(item.begin(), item.end());
          else out += " --" + name + " " + item;
        }
        break;
      case SuppliedOption::Kind::kFloat: out += " --" + name + " " + vw_float_text(o.value); break;
      default: out += " --" + name + " " + o.value;
    }
  }
  for (const auto& [name, letters] : merged)
    if (!letters.empty()) out += " --" + name + " " + std::string(letters.begin(), letters.end());
  return out;
}

}  // namespace learner
