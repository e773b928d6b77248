// --coin as a command-line learner (plugin.h): its own options (--ftrl_alpha,
// --ftrl_beta, VW's defaults for --coin), the loss options it shares with the
// gradient learner (declared once, by gd), and --l2 (VW's ftrl reads it in
// its sensitivity only).
#include "learner/learners/plugins.h"

#include <limits>
#include <memory>
#include <string>

#include "coin.h"
#include "learner/error.h"
#include "learner/learners/gd/gd_plugin.h"

namespace learner {
namespace {

// The gradient learner's options the coin learner reads too.
OptionSpec shared_gd_option(const std::string& name) {
  for (const OptionSpec& s : gd_options())
    if (s.name == name) return s;
  throw Error("internal: the gradient learner has no option --" + name);
}

}  // namespace

const LearnerPlugin& coin_plugin() {
  static const LearnerPlugin plugin = [] {
    const CoinConfig d;
    constexpr double kInf = std::numeric_limits<double>::infinity();
    LearnerPlugin p;
    p.name = "coin";
    p.selector = "coin";
    p.title = "coin betting (VW's --coin: parameter-free COCOB, no learning rate)";
    p.options = {
        switch_option("coin", "VW's coin-betting optimizer (ftrl.cc's Coin Betting) instead of gd: each weight bets a "
                              "fraction of its wealth; -l, --power_t and the update-rule flags do not apply",
                      true),
        number_option("ftrl_alpha", OptionKind::kNumber, default_text(d.alpha), 0, kInf,
                      "--coin: the initial wealth alpha (VW's default for --coin: 4)", true, 0, true),
        number_option("ftrl_beta", OptionKind::kNumber, default_text(d.beta), 0, kInf,
                      "--coin: the least Lipschitz constant beta (VW's default for --coin: 1)", true),
    };
    for (const char* name : {"loss_function", "loss", "quantile_tau", "expectile_q", "l2"})
      p.options.push_back(shared_gd_option(name));
    p.setup = [](const OptionValues& v, const RunFacts&) {
      CoinConfig config;
      config.alpha = static_cast<float>(v.number("ftrl_alpha"));
      config.beta = static_cast<float>(v.number("ftrl_beta"));
      config.l2 = static_cast<float>(v.number("l2"));
      LearnerSetup s;
      char text[128];
      std::snprintf(text, sizeof text, "coin betting: ftrl_alpha = %g, ftrl_beta = %g\n", config.alpha, config.beta);
      s.preamble = text;
      s.make = [config](const LearnerContext& c) -> std::unique_ptr<Learner> {
        CoinConfig k = config;
        k.bits = c.bits;
        k.sub_models = c.sub_models;
        return make_coin(k, c.loss);
      };
      return s;
    };
    return p;
  }();
  return plugin;
}

}  // namespace learner
