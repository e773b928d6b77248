"""The MovieLens bandit rounds and the rewards a run earned.

rounds(u_data, n, k, liked, seed): n rounds (user, [(item, reward)] * k): the user drawn
uniformly among those with at least k ratings, k distinct items among the user's rated ones,
reward 1 when rated >= liked. write(rounds, path, shared): --cbify_ldf examples, one line per
candidate `j:cost |a iITEM` (cost = 1 - reward), the user either on a `shared |u uUSER` line
(learner) or on every line (VW 9.11's --cbify_ldf mislabels examples with a shared line).
earned(predictions, rounds): the reward of the drawn candidate of each round, read from -p (one
line per candidate: the drawn one's number on its line, 0 on the others; blank lines ignored).
"""
import random


def read_ratings(u_data):
    by_user = {}
    with open(u_data, encoding="utf-8") as f:
        for line in f:
            fields = line.split()
            if len(fields) >= 3:
                by_user.setdefault(int(fields[0]), []).append((int(fields[1]), int(fields[2])))
    return by_user


def rounds(u_data, n, k, liked, seed):
    by_user = read_ratings(u_data)
    users = sorted(u for u, rated in by_user.items() if len(rated) >= k)
    if not users:
        raise ValueError(f"{u_data}: no user rated {k} items")
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        user = rng.choice(users)
        out.append((user, [(item, 1 if r >= liked else 0) for item, r in rng.sample(by_user[user], k)]))
    return out


def write(rounds_, path, shared):
    with open(path, "w", encoding="utf-8") as f:
        for user, candidates in rounds_:
            if shared:
                f.write(f"shared |u u{user}\n")
            for j, (item, reward) in enumerate(candidates, 1):
                f.write(f"{j}:{1 - reward} " + ("" if shared else f"|u u{user} ") + f"|a i{item}\n")
            f.write("\n")


def earned(predictions, rounds_):
    """Reward per round from a -p file; raises ValueError when it does not fit the rounds."""
    values = []
    with open(predictions, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                values.append(float(line.split()[0]))
    k = len(rounds_[0][1]) if rounds_ else 0
    if len(values) != k * len(rounds_):
        raise ValueError(f"{predictions}: {len(values)} prediction lines for {len(rounds_)} rounds of {k}")
    rewards = []
    for r, (_, candidates) in enumerate(rounds_):
        chosen = [int(v) for v in values[r * k:(r + 1) * k] if v != 0]
        if len(chosen) != 1 or not 1 <= chosen[0] <= k:
            raise ValueError(f"{predictions}: round {r + 1}: no single drawn candidate")
        rewards.append(candidates[chosen[0] - 1][1])
    return rewards


def uniform_reward(rounds_):
    """Expected reward of drawing uniformly among the candidates, per round."""
    return [sum(r for _, r in c) / len(c) for _, c in rounds_]


def oracle_reward(rounds_):
    """The best candidate's reward, per round."""
    return [max(r for _, r in c) for _, c in rounds_]
