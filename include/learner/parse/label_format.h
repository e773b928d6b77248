// Which label grammar the label part of a line follows. The default is VW's
// simple label; the reductions (learner/reduction) choose the others.
//
//   kSimple             label [importance [base]] ['tag]
//   kMulticlass         class [importance [base]] ['tag]          class an integer in 1..K
//   kCostSensitive      (class[:cost])* ['tag]                    VW's --csoaa label: a bare class is a
//                       candidate with unknown cost (kUnknownCost); a line whose costs are all unknown,
//                       or that has no class at all, is unlabeled
//   kMulticlassOrCost   kCostSensitive when a label token holds ':', else kMulticlass (filter trees)
//   kMultilabel         c1,c2,...,cn [importance] ['tag]          a set of classes in 1..K, e.g. `1,3,4`
//                       (no token: unlabeled). Note VW's --multilabel_oaa counts classes from 0.
//   kLabelDependent     shared | class[:cost] ['tag]              one line of a multi-line example
//                       (--csoaa_ldf, --wap_ldf): `shared` (no cost) marks the shared context
//                       (Example::shared); else exactly one action id, an integer >= 1 (or as
//                       --named_labels / --indexing 0 write classes), with its cost (a bare id:
//                       unknown cost, the line is unlabeled). A line without a label, with two ids,
//                       or `shared:cost` is an InputError. The action in Example::costs (one entry).
//   kContextualBandit   (action[:cost[:probability]])* ['tag]      VW's --cb label, e.g. `2:0.5:0.25`: the
//                       logged action (an integer in 1..K), its observed cost and the probability with
//                       which the logging policy chose it (in [0, 1]); a bare `action` or `action:cost`
//                       lists an allowed action without an observation. Several tokens restrict the
//                       actions to those listed. Held in Example::costs (ClassCost::probability); the
//                       line is labeled (Example::has_label) when an entry has a known cost and a
//                       probability > 0 (VW's observed cost). `shared` is refused (it belongs to
//                       multi-line examples).
//   kContextualBanditEval policy (action:cost:probability)* ['tag]  --cb K --eval: the evaluated
//                       policy's action (1..K, in Example::label), then a --cb label.
//   kContextualBanditAdf shared | [action:cost:probability] ['tag]  one line of a --cb_adf multi-line example:
//                       `shared` (the shared context), nothing (an action line without an observation)
//                       or one observation `a:c:p` (a, a non-negative integer, is not read: the line's
//                       place in its group is the action). Two tokens, `shared:...`, a probability
//                       outside [0, 1] are InputErrors. Example::has_label: c known and p > 0.
//   kContinuousAction   ca action:cost:pdf_value [pdf l:r:v ...] [chosen_action a] ['tag]  VW's continuous-action
//                       label (--cbzo): the action in Example::label, {0, cost, pdf_value} in Example::costs;
//                       labeled when the cost is known and pdf_value > 0 (src/parse/continuous_label.h).
//
// Strict, as the rest of the parser: a class that is not an integer in 1..K
// (when K > 0), a repeated class, a cost that is not a finite number, an empty
// element (`1,,3`, `:0.5`, `2:`), or more tokens than the grammar allows is an
// InputError naming file:line and the token. Cost-sensitive labels carry no
// importance (importance 1, as in VW). Examples hold the result in
// Example::label (class), Example::costs or Example::label_set.
#pragma once

#include <cstdint>

namespace learner {

enum class LabelFormat { kSimple, kMulticlass, kCostSensitive, kMulticlassOrCost, kMultilabel, kLabelDependent,
                         kContextualBandit, kContextualBanditAdf,
                         kContextualBanditEval, kContinuousAction };

}  // namespace learner
