// A whole model file: the learner's sections (learner.h) followed by the run's
// own ("labels": the clipping range the scalar reduction has widened and,
// from version 2, the lowest and highest label learned from), and
// the text forms (--readable_model, --invert_hash). The option list is what
// the CLI stores (every option that changes predictions).
#pragma once

#include <string>

#include "learner/learners/gd/label_range.h"
#include "learner/learner.h"
#include "learner/model/model_file.h"
#include "learner/reduction/reduction_state.h"
#include "learner/train/vw_resume_block.h"
#include "learner/train/vw_text_header.h"

namespace learner {

// Writes `learner`, `range` and the reduction's state (reduction_state.h;
// nullptr: none) to `path` (model_file.h: atomically).
void save_model(const std::string& path, const OptionList& options, const Learner& learner, const LabelRange& range,
                bool with_state, const ReductionState* reduction = nullptr);
// Reads the learner's sections and the range from `in` (already open: its
// options configured the learner) and, unless `finish` is false, checks the
// file's end and CRC. Throws learner::Error when the file was written by
// another learner.
void load_model(ModelReader& in, Learner& learner, LabelRange& range, bool finish = true);
// After load_model(..., false), once the reduction is built: reads its state
// (when the file has the section and `reduction` is not nullptr), then
// checks the file's end and CRC. A file with the section for a reduction
// without state is an error (another reduction wrote it).
void load_reduction_state(ModelReader& in, ReductionState* reduction);
// Text model in VW 9.11's layout: VW's header (vw_text_header.h; its label
// range is `range`'s), the reduction's state lines (`reduction`, nullptr:
// none), then, for a run that keeps its optimizer state (`run` not nullptr)
// and a learner that has one (Learner::resume_counters), VW's save_resume
// block (vw_resume_block.h) and Learner::write_resume_text's lines; else
// VW's flag ":0" (not for cbzo, as VW) and the learner's write_text lines.
// Written atomically like -f.
void write_readable_model(const std::string& path, const VwTextHeader& header, const Learner& learner,
                          const LabelRange& range, const ReductionState* reduction, const NameMap* names,
                          const RunCounters* run = nullptr);

}  // namespace learner
