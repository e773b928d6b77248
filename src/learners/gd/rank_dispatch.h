// The dyadic model's loops over the k latent dimensions, compiled for the
// common ranks: for_rank(k, f) calls f(std::integral_constant<unsigned, K>)
// with K = k for k in 1..8 and 10, and K = 0 (k known at run time only)
// otherwise. With k a constant the compiler unrolls the loops and pairs
// their element-wise work in SSE2 lanes (issue 32: rank 5's gather, path
// and update cost ~185 instructions an example less); the arithmetic and the
// order of every sum are those of the run-time loop, so results are bit for
// bit the same.
#pragma once

#include <type_traits>

namespace learner::detail {

template <unsigned K>
using RankConstant = std::integral_constant<unsigned, K>;

template <typename F>
decltype(auto) for_rank(unsigned k, F&& f) {
  switch (k) {
    case 1: return f(RankConstant<1>{});
    case 2: return f(RankConstant<2>{});
    case 3: return f(RankConstant<3>{});
    case 4: return f(RankConstant<4>{});
    case 5: return f(RankConstant<5>{});
    case 6: return f(RankConstant<6>{});
    case 7: return f(RankConstant<7>{});
    case 8: return f(RankConstant<8>{});
    case 10: return f(RankConstant<10>{});
    default: return f(RankConstant<0>{});
  }
}

}  // namespace learner::detail
