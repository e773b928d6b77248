// The check that every rank of an --allreduce group was started with the
// same model and learning options (docs/allreduce.md, "Failure"). Ranks started with different options (mpirun's MPMD form
// `-np 1 learner ... : -np 1 learner ...`, a job script that builds each
// node's command line) would average tables of different sizes, meet
// different numbers of collectives, or average different losses silently.
#pragma once

#include <string>
#include <vector>

#include "learner/parallel/allreduce.h"
#include "learner/plugin.h"

namespace learner {

// The options every rank must share, one "name=value" line each in name
// order: every declared option except the per-rank files and limits (-d, -p,
// -r, -f, -i, the cache options, --examples, ...: rank_agreement.cc), with
// its value, defaults included (so `-b 18` agrees with no -b), numbers in
// shortest form (18 = 18.0), --loss folded into --loss_function. A -i
// model's stored options are values like the command line's.
std::string agreement_text(const OptionValues& v);

// What differs between the ranks' agreement texts (texts[r] is rank r's):
// "" when they are equal, else one clause per differing option, "; "
// between them, naming its values and the ranks that hold each
// ("-b: 18 (ranks 0, 2-3), 20 (rank 1)"); at most a few values per option.
std::string disagreement(const std::vector<std::string>& texts);

// A collective, the group's first: each rank's text is compared with the
// others' through a hash and a length per rank (one sum of a fixed size);
// only when they differ are the texts gathered, and then every rank throws
// the same UsageError naming each differing option and its value per rank.
void check_ranks_agree(AllReduce& group, const std::string& text);

}  // namespace learner
