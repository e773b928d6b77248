#include "learner/bayes/vectors_text.h"

#include <cstdio>

#include "learner/error.h"
#include "learner/io/output_file.h"

namespace learner::bayes {

void write_vectors(const std::string& path, const std::string& side, const std::vector<std::string>& ids,
                   const Eigen::MatrixXd& means, double global_mean, int samples) {
  if (means.cols() != static_cast<Eigen::Index>(ids.size()) || means.rows() < 2)
    throw Error("write_vectors: " + std::to_string(ids.size()) + " ids for a " + std::to_string(means.rows()) +
                " x " + std::to_string(means.cols()) + " matrix");
  OutputFile out(path, side + " vectors file");
  std::FILE* f = out.stream();
  const char* other = side == "user" ? "item" : "user";
  std::fprintf(f,
               "# learner-bpmf %s vectors, posterior means over %d samples: %s_id bias x_1..x_%ld; "
               "prediction ~ %.9g + %s bias + %s bias + %s x . %s x\n",
               side.c_str(), samples, side.c_str(), static_cast<long>(means.rows() - 1), global_mean, side.c_str(),
               other, side.c_str(), other);
  for (Eigen::Index c = 0; c < means.cols(); ++c) {
    std::fputs(ids[static_cast<std::size_t>(c)].c_str(), f);
    for (Eigen::Index r = 0; r < means.rows(); ++r) std::fprintf(f, " %.9g", means(r, c));
    std::fputc('\n', f);
  }
  out.commit();
}

}  // namespace learner::bayes
