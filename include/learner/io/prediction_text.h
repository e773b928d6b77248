// One text form for every prediction the tools write (issue 27: learner's -p
// and -r, learner-lfl, learner-spectral and learner-bpmf predictions, the
// kNN estimates of learner-ratings --neighbors and rating_neighbors): VW's
// -p form (VW 9.11.2 print_result_by_ref), so learner's -p stays VW's byte
// for byte:
//  * an integral value without decimals: "4", "-3", "0" (-0.0 is "-0", as VW);
//  * any other finite value with 6 decimals, rounded to nearest (ties to even
//    on the exact binary value, as printf): "3.527162", "-0.000001";
//  * "nan", "inf", "-inf".
// Six decimals are 7 significant digits on ratings (1..5), about a float's:
// learner's weights are floats, so more digits would be noise; a ratings
// RMSE computed from the text is off by at most 5e-7. Any double fits (no
// fixed-size buffer can be overrun: 1e308 is 309 digits).
#pragma once

#include <string>

namespace learner {

void append_prediction(std::string& out, double value);
std::string prediction_text(double value);

}  // namespace learner
