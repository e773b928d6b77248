// Constructors of the concrete losses, one per family file (internal; the
// public entry point is make_loss in factory.cc).
#pragma once

#include <memory>

#include "learner/loss/loss.h"

namespace learner::detail {

std::unique_ptr<Loss> make_squared_loss();             // squared.cc
std::unique_ptr<Loss> make_classic_loss();             // squared.cc
std::unique_ptr<Loss> make_expectile_loss(double q);   // squared.cc
std::unique_ptr<Loss> make_logistic_loss();            // logistic.cc
std::unique_ptr<Loss> make_poisson_loss();             // poisson.cc
std::unique_ptr<Loss> make_hinge_loss();               // hinge.cc
std::unique_ptr<Loss> make_perceptron_loss();          // hinge.cc
std::unique_ptr<Loss> make_quantile_loss(double tau);  // quantile.cc
std::unique_ptr<Loss> make_absolute_loss();            // quantile.cc

}  // namespace learner::detail
