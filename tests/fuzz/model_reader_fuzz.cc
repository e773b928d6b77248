// libFuzzer target: a model file of arbitrary bytes loaded as `learner -t -i
// FILE` loads it: parse_options reads the header and applies the options the
// file stores (each range-checked as on the command line), the plug-in of the
// learner the file names makes it (gd: linear, dyadic, --bfgs; perceptron;
// kernel; pa: passive-aggressive and MIRA; struct_svm; noop; print), with the
// reduction's sub-models (--oaa K, ...), and load_model reads its sections.
// Files whose stored options ask for tables past 2^20 weights (-b, K, --rank)
// or for a dictionary file are skipped: a valid model may be that big, and
// the target must not allocate gigabytes or read other files. Only
// learner::Error may escape.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <ostream>
#include <streambuf>
#include <string>

#include "learner/cli/options.h"
#include "learner/learners/gd/label_range.h"
#include "learner/error.h"
#include "learner/learner.h"
#include "learner/model/model_file.h"
#include "learner/train/model_output.h"

namespace {

struct NullBuffer : std::streambuf {
  int overflow(int c) override { return c; }
};

bool too_big(const learner::Options& o) {
  const auto rank = static_cast<uint64_t>(o.values->number("rank"));
  if (o.bits > 16 || o.sub_models > 256 || rank > 64) return true;
  return (uint64_t{1} << o.bits) * o.sub_models * (1 + rank) > (uint64_t{1} << 20);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  static const std::string path = "/tmp/learner_fuzz_model_" + std::to_string(::getpid());
  static NullBuffer null_buffer;
  static std::ostream null_out(&null_buffer);
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) return 0;
  std::fwrite(data, 1, size, f);
  std::fclose(f);
  try {
    {
      learner::ModelReader probe(path);  // the header: skip what would read other files
      if (probe.option("dictionary") || probe.option("dictionary_path")) return 0;
    }
    const char* argv[] = {"learner", "--quiet", "-t", "-i", path.c_str(), "-d", "/dev/null"};
    const auto o = learner::parse_options(7, argv, null_out);
    if (!o || !o->initial_model || too_big(*o)) return 0;
    const std::unique_ptr<learner::Loss> loss = learner::make_loss(o->loss);
    const std::unique_ptr<learner::Learner> model = o->learner_setup.make(
        learner::LearnerContext{*o->values, o->bits, o->sub_models, *loss, nullptr});
    learner::LabelRange range;
    learner::load_model(*o->initial_model, *model, range);
  } catch (const learner::Error&) {
  }
  return 0;
}
