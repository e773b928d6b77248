#include "learner/train/model_output.h"

#include <cstdio>

#include "learner/error.h"
#include "learner/io/output_file.h"
#include "learner/train/vw_text_header.h"

namespace learner {

void save_model(const std::string& path, const OptionList& options, const Learner& learner, const LabelRange& range,
                bool with_state, const ReductionState* reduction) {
  ModelWriter out(path, options, learner.name());
  learner.save(out, with_state);
  out.begin_section("labels", 2);  // 2: the lowest and highest label learned from
  out.put(range.min);
  out.put(range.max);
  out.put(static_cast<uint8_t>(range.fixed_min));
  out.put(static_cast<uint8_t>(range.fixed_max));
  out.put(range.lowest);
  out.put(range.highest);
  if (reduction) {
    out.begin_section(kReductionStateSection, kReductionStateVersion);
    reduction->save_state(out);
  }
  out.commit();
}

void load_model(ModelReader& in, Learner& learner, LabelRange& range, bool finish) {
  if (in.learner() != learner.name())
    throw UsageError(in.path() + " was written by the '" + in.learner() + "' learner; this run uses the '" +
                     std::string(learner.name()) + "' learner (drop the flag that selects it, the model's own is used)");
  learner.load(in);
  const uint32_t version = in.section("labels", 2);
  range.min = in.get<double>();
  range.max = in.get<double>();
  range.fixed_min = range.fixed_min || in.get<uint8_t>() != 0;
  range.fixed_max = range.fixed_max || in.get<uint8_t>() != 0;
  if (version >= 2) {
    range.lowest = in.get<double>();
    range.highest = in.get<double>();
  } else {  // an older model: the clipping range is all that is known of its labels
    range.lowest = range.min;
    range.highest = range.max;
  }
  if (finish) in.finish();
}

void load_reduction_state(ModelReader& in, ReductionState* reduction) {
  if (in.optional_section(kReductionStateSection, kReductionStateVersion) != 0) {
    if (!reduction) throw Error(in.path() + ": it holds the state of a reduction this run does not use");
    reduction->load_state(in);
  }
  in.finish();
}

void write_readable_model(const std::string& path, const VwTextHeader& header, const Learner& learner,
                          const LabelRange& range, const ReductionState* reduction, const NameMap* names,
                          const RunCounters* run) {
  OutputFile out(path, "readable model");
  std::FILE* f = out.stream();
  VwTextHeader h = header;
  h.min_label = range.min;
  h.max_label = range.max;
  if (reduction) h.random_state = reduction->vw_random_state();
  write_vw_text_header(f, h);
  if (reduction) reduction->write_text(f);
  // VW's gd (and coin, ftrl) writes its save_resume flag before the weights; its cbzo writes only weights.
  ResumeCounters counters;
  if (run && learner.resume_counters(counters)) {
    write_vw_resume_block(f, counters, *run, range.min, range.max);
    learner.write_resume_text(f, names);
  } else {
    if (learner.name() != "cbzo") std::fputs(":0\n", f);
    learner.write_text(f, names);
  }
  out.commit();
}

}  // namespace learner
