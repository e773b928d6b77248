// The single-elimination tournament behind both filter trees (Beygelzimer,
// Langford and Ravikumar, "Error-Correcting Tournaments", ALT 2009: the
// filter tree is their tournament without error correction).
//
// Structure for classes 1..K (K >= 2): round 1 pairs the classes in order,
// (1,2), (3,4), ...; every later round pairs the previous round's winners in
// order; an odd one out gets a bye into the next round. That is K - 1 games,
// numbered in the order they are played, so the entrants of game g are
// classes or the winners of games < g, and game K - 2 is the final. Example,
// K = 5: g0 = (1,2), g1 = (3,4), bye 5; g2 = (g0,g1), bye 5; g3 = (g2,5).
//
// Entrants are encoded as one number e: e < K is class e + 1, e >= K the
// winner of game e - K.
//
// Training (filter tree rule): each game is a binary problem "does the left
// entrant win", trained on the examples that reach it, i.e. every example,
// with the entrants its lower games actually let through; the label says
// which of the two classes that arrived is cheaper, the importance is their
// cost difference, and games whose two classes cost the same are skipped.
// With a multiclass label y (cost 1 for every class but y) a game is trained
// only when y arrived at it, with importance 1.
#pragma once

#include <cstdint>
#include <vector>

namespace learner {

struct Game {
  uint32_t left = 0, right = 0;  // entrants (encoding above)
};

// What one example contributes to one game's binary problem.
struct NodeExample {
  uint32_t game = 0;
  bool left_better = false;  // the label: the left class costs less
  double importance = 0.0;   // |cost(left) - cost(right)|, > 0
};

class Tournament {
 public:
  explicit Tournament(uint32_t classes);  // throws UsageError for K < 2
  uint32_t classes() const { return classes_; }
  std::size_t games() const { return games_.size(); }
  const Game& game(std::size_t g) const { return games_[g]; }
  std::size_t final_game() const { return games_.size() - 1; }

  // Plays every game in order. left_wins(g, left_class, right_class) decides
  // game g; the winner of each game is kept in `winners` (class per game,
  // resized to games(), reused). Returns the champion (a class 1..K).
  template <class Decide>
  uint32_t play(Decide&& left_wins, std::vector<uint32_t>& winners) const {
    winners.resize(games_.size());
    for (std::size_t g = 0; g < games_.size(); ++g) {
      const uint32_t l = entrant_class(games_[g].left, winners), r = entrant_class(games_[g].right, winners);
      winners[g] = left_wins(g, l, r) ? l : r;
    }
    return winners.back();
  }
  // The class an entrant stands for, given the winners of the games so far.
  uint32_t entrant_class(uint32_t entrant, const std::vector<uint32_t>& winners) const {
    return entrant < classes_ ? entrant + 1 : winners[entrant - classes_];
  }

 private:
  uint32_t classes_;
  std::vector<Game> games_;
};

// The game's training example for classes l and r with costs cost[l - 1],
// cost[r - 1]; importance 0 (skip) when they cost the same.
NodeExample node_example(uint32_t game, uint32_t l, uint32_t r, const std::vector<double>& cost);

// The training set one example gives the tournament: one NodeExample per game
// with distinct entrant costs, in play order, the games decided by left_wins
// (what the node classifiers predict). For tests and documentation; the
// filter trees call play() and node_example() directly.
template <class Decide>
std::vector<NodeExample> training_set(const Tournament& t, const std::vector<double>& cost, Decide&& left_wins) {
  std::vector<NodeExample> out;
  std::vector<uint32_t> winners;
  t.play(
      [&](std::size_t g, uint32_t l, uint32_t r) {
        const NodeExample e = node_example(static_cast<uint32_t>(g), l, r, cost);
        if (e.importance > 0) out.push_back(e);
        return left_wins(g, l, r);
      },
      winners);
  return out;
}

}  // namespace learner
