// libFuzzer target: a model file of arbitrary bytes read by ModelReader and
// loaded into a small learner of the kind it names (the gradient learner,
// the perceptron, the kernel perceptron; -b 4), through a temporary file,
// the reader's API. Only learner::Error may escape.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>

#include "learner/core/label_range.h"
#include "learner/core/model.h"
#include "learner/error.h"
#include "learner/learners/kernel_perceptron.h"
#include "learner/learners/perceptron.h"
#include "learner/model/model_file.h"
#include "learner/train/model_output.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  static const std::string path = "/tmp/learner_fuzz_model_" + std::to_string(::getpid());
  static const std::unique_ptr<learner::Loss> loss = learner::make_loss({});
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) return 0;
  std::fwrite(data, 1, size, f);
  std::fclose(f);
  try {
    learner::ModelReader in(path);
    std::unique_ptr<learner::Learner> model;
    if (in.learner() == "gd") {
      learner::CoreConfig c;
      c.bits = 3;
      model = std::make_unique<learner::Model>(c, *loss);
    } else if (in.learner() == "perceptron") {
      learner::PerceptronConfig c;
      c.bits = 3;
      model = learner::make_perceptron(c);
    } else if (in.learner() == "kernel") {
      learner::KernelConfig c;
      c.bits = 3;
      model = learner::make_kernel_perceptron(c);
    } else {
      return 0;
    }
    learner::LabelRange range;
    learner::load_model(in, *model, range);
  } catch (const learner::Error&) {
  }
  return 0;
}
