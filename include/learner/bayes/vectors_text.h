// The posterior-mean vectors of one side (learner/bayes/sample_mean.h) as a plain text matrix
// (learner-bpmf --user_vectors / --item_vectors): a comment line starting with '#' that says
// what the columns are, then one line per id in dense-id order,
//   id bias x_1 ... x_k
// blank-separated, numbers as %.9g. x is the latent vector with its implicit sum, the vector
// that enters the dot product, so mu + b_u + c_i + x_u . y_i approximates the prediction (the
// posterior mean of a product is not the product of the means). Written through OutputFile:
// a failure leaves nothing at `path`.
#pragma once

#include <Eigen/Dense>
#include <string>
#include <vector>

namespace learner::bayes {

// `side`: "user" or "item"; `means`: d x ids.size(); `samples`: how many were averaged.
void write_vectors(const std::string& path, const std::string& side, const std::vector<std::string>& ids,
                   const Eigen::MatrixXd& means, double global_mean, int samples);

}  // namespace learner::bayes
