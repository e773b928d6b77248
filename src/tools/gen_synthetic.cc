// gen_synthetic: deterministic synthetic data in learner / VW text format, for the
// throughput benchmark (scripts/bench/throughput.sh).
//
//   gen_synthetic --bytes N [--seed S] [--out FILE|-] [--stats FILE] [--quiet]
//
// Each line is one binary example with exactly 60 features in three namespaces:
//
//   -1 |a 913:0.532 17:0.071 ... |b tq3 k8 ... |c c0:0.4123 c1:-1.0710 ... c19:0.0301
//
//   |a  20 sparse integer ids (log-uniform over [0, 2^20), many rare, a few very common)
//       with values in (0, 1];
//   |b  20 string features (log-uniform over a 2^16-word vocabulary), value 1;
//   |c  20 dense real features c0..c19, values roughly N(0, 0.58^2), never 0.
//
// The label is +1 with probability sigmoid(w . x) for a hidden weight vector w that
// is a hash of (seed, namespace, feature), so the data is learnable by logistic
// regression (Bayes accuracy around 0.85). Output stops after the first line that
// brings the total to at least N bytes. N accepts the decimal suffixes K, M, G
// (200M = 200,000,000 bytes).
//
// Determinism: the output depends only on --seed and --bytes (integer arithmetic
// plus one std::exp per line to draw the label; glibc's exp is deterministic).
// --stats writes a key=value sidecar (lines, features, bytes, ...) for the
// benchmark, so nobody has to count features in a 200 MB file.
// --out and --stats are written through learner::OutputFile (a temporary renamed
// into place): a failed write (ENOSPC, EFBIG) leaves the previous file as it was.
// Exit status: 0; 1 when an output cannot be written; 2 on a usage error.

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "learner/error.h"
#include "learner/io/output_file.h"
#include "learner/io/same_file.h"

namespace {

constexpr std::string_view kVersion = "gen_synthetic/1";
constexpr int kPerNamespace = 20;
constexpr int kFeaturesPerLine = 3 * kPerNamespace;
constexpr int kIdBitsA = 20;  // |a ids in [0, 2^20)
constexpr int kIdBitsB = 16;  // |b vocabulary of 2^16 words

std::uint64_t Mix64(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// splitmix64 (Steele, Lea, Flood 2014): tiny, fast, good enough for test data.
class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
  std::uint64_t Next() { return Mix64(state_ += 0x9e3779b97f4a7c15ULL); }
  // Uniform in [0, n), n < 2^32 (multiply-shift; the bias is irrelevant here).
  std::uint32_t Below(std::uint32_t n) {
    return static_cast<std::uint32_t>(((Next() >> 32) * n) >> 32);
  }
  double Unit() { return static_cast<double>(Next() >> 11) * 0x1.0p-53; }  // [0, 1)

 private:
  std::uint64_t state_;
};

// Log-uniform id: pick a bit length in [1, bits], then a uniform id below 2^len.
std::uint32_t LogUniformId(SplitMix64& rng, int bits) {
  const std::uint64_t r = rng.Next();
  const int len = 1 + static_cast<int>((r & 0xff) % static_cast<unsigned>(bits));
  return static_cast<std::uint32_t>((r >> 8) & ((1ULL << len) - 1));
}

// Hidden model: weight of (namespace, feature) in [-scale, scale).
double HiddenWeight(std::uint64_t key, char ns, std::uint64_t id, double scale) {
  const std::uint64_t h = Mix64(key ^ (static_cast<std::uint64_t>(ns) << 56) ^ Mix64(id));
  return (static_cast<double>(h >> 11) * 0x1.0p-52 - 1.0) * scale;
}

// Output buffer with hand-written number formatting (no stdio per token).
class Writer {
 public:
  explicit Writer(std::FILE* f) : file_(f), buf_(1 << 20) {}
  bool ok() const { return ok_; }
  std::uint64_t bytes() const { return bytes_; }

  void Char(char c) { buf_[pos_++] = c; }
  void Str(std::string_view s) {
    std::memcpy(buf_.data() + pos_, s.data(), s.size());
    pos_ += s.size();
  }
  void Uint(std::uint64_t v) {
    char tmp[24];
    int n = 0;
    do {
      tmp[n++] = static_cast<char>('0' + v % 10);
      v /= 10;
    } while (v != 0);
    while (n > 0) buf_[pos_++] = tmp[--n];
  }
  // Signed fixed point: v / 10^decimals with exactly `decimals` digits after the dot.
  void Fixed(std::int64_t v, int decimals) {
    if (v < 0) {
      Char('-');
      v = -v;
    }
    std::uint64_t scale = 1;
    for (int i = 0; i < decimals; ++i) scale *= 10;
    const auto u = static_cast<std::uint64_t>(v);
    Uint(u / scale);
    Char('.');
    std::uint64_t frac = u % scale;
    for (int i = decimals - 1; i >= 0; --i) {
      buf_[pos_ + static_cast<std::size_t>(i)] = static_cast<char>('0' + frac % 10);
      frac /= 10;
    }
    pos_ += static_cast<std::size_t>(decimals);
  }
  // Short lower-case word for vocabulary id `id` (base 36, prefixed so it is never numeric).
  void Word(std::uint32_t id) {
    static constexpr char kDigits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
    Char(static_cast<char>('g' + id % 20));
    id /= 20;
    while (id != 0) {
      Char(kDigits[id % 36]);
      id /= 36;
    }
  }
  // Call at the end of each line: counts bytes and flushes when the buffer is nearly full.
  void EndLine() {
    Char('\n');
    if (buf_.size() - pos_ < 8192) Flush();
  }
  void Flush() {
    if (pos_ == 0) return;
    if (std::fwrite(buf_.data(), 1, pos_, file_) != pos_) ok_ = false;
    bytes_ += pos_;
    pos_ = 0;
  }
  std::uint64_t pending() const { return pos_; }

 private:
  std::FILE* file_;
  std::vector<char> buf_;
  std::size_t pos_ = 0;
  std::uint64_t bytes_ = 0;
  bool ok_ = true;
};

// Per-namespace scales of the hidden weights: the margin's standard deviation is near 3.
constexpr double kScaleA = 1.0, kScaleB = 0.5, kScaleC = 1.5;

struct Line {
  std::uint32_t ids_a[kPerNamespace];
  std::uint32_t vals_a[kPerNamespace];  // value vals_a / 1000, in (0, 1]
  std::uint32_t ids_b[kPerNamespace];
  std::int32_t vals_c[kPerNamespace];  // value vals_c / 10^4, in (-2, 2), never 0
};

// Draws the features of one line and returns w . x under the hidden model.
double DrawLine(SplitMix64& rng, std::uint64_t model_key, const double* weight_c, Line* l) {
  double margin = 0.0;
  for (int j = 0; j < kPerNamespace; ++j) {
    l->ids_a[j] = LogUniformId(rng, kIdBitsA);
    l->vals_a[j] = 1 + rng.Below(1000);
    margin += HiddenWeight(model_key, 'a', l->ids_a[j], kScaleA) * (l->vals_a[j] * 1e-3);
  }
  for (int j = 0; j < kPerNamespace; ++j) {
    l->ids_b[j] = LogUniformId(rng, kIdBitsB);
    margin += HiddenWeight(model_key, 'b', l->ids_b[j], kScaleB);
  }
  for (int j = 0; j < kPerNamespace; ++j) {
    // Irwin-Hall: a sum of 4 uniforms, centred.
    std::int32_t s = 0;
    for (int k = 0; k < 4; ++k) s += static_cast<std::int32_t>(rng.Below(10000));
    l->vals_c[j] = (s == 20000) ? 1 : s - 20000;
    margin += weight_c[j] * (l->vals_c[j] * 1e-4);
  }
  return margin;
}

struct Options {
  std::uint64_t bytes = 0;
  bool have_bytes = false;
  std::uint64_t seed = 1;
  std::string out = "-";
  std::string stats;
  bool quiet = false;
};

void PrintUsage(std::FILE* f) {
  std::fputs(
      "Usage: gen_synthetic --bytes N [--seed S] [--out FILE|-] [--stats FILE] [--quiet]\n"
      "\n"
      "Write deterministic synthetic binary-classification data in learner/VW text format:\n"
      "labels -1/1 drawn from a hidden logistic model, 60 features per line in namespaces\n"
      "|a (20 sparse ids with values), |b (20 string features), |c (20 real-valued).\n"
      "\n"
      "  --bytes N     stop after the line that reaches N bytes; suffixes K, M, G are\n"
      "                powers of 1000 (200M = 200000000)\n"
      "  --seed S      seed of the data and of the hidden model [default: 1]\n"
      "  --out FILE    output file, '-' for stdout [default: -]\n"
      "  --stats FILE  also write key=value totals (lines, features, bytes) to FILE\n"
      "  --quiet       no summary on stderr\n"
      "  --version     print the generator version (changes whenever the output does)\n",
      f);
}

bool ParseUint(std::string_view s, std::uint64_t* out) {
  std::uint64_t mult = 1;
  if (!s.empty()) {
    switch (s.back()) {
      case 'K': case 'k': mult = 1000ULL; break;
      case 'M': case 'm': mult = 1000ULL * 1000; break;
      case 'G': case 'g': mult = 1000ULL * 1000 * 1000; break;
      default: break;
    }
    if (mult != 1) s.remove_suffix(1);
  }
  std::uint64_t v = 0;
  const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (s.empty() || ec != std::errc() || ptr != s.data() + s.size()) return false;
  if (v > UINT64_MAX / mult) return false;
  *out = v * mult;
  return true;
}

// Returns 0 to continue, otherwise an exit status + 1 (so --help can exit 0).
int ParseArgs(int argc, char** argv, Options* opt) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    auto value = [&](std::string_view name) -> const char* {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "gen_synthetic: %.*s needs a value\n", static_cast<int>(name.size()),
                     name.data());
        return nullptr;
      }
      return argv[++i];
    };
    if (a == "-h" || a == "--help") {
      PrintUsage(stdout);
      return 1;
    } else if (a == "--version") {
      std::printf("%.*s\n", static_cast<int>(kVersion.size()), kVersion.data());
      return 1;
    } else if (a == "--quiet") {
      opt->quiet = true;
    } else if (a == "--bytes" || a == "--seed") {
      const char* v = value(a);
      if (v == nullptr) return 3;
      std::uint64_t* dst = a == "--bytes" ? &opt->bytes : &opt->seed;
      if (!ParseUint(v, dst)) {
        std::fprintf(stderr, "gen_synthetic: %s: '%s' is not a non-negative integer\n", argv[i - 1], v);
        return 3;
      }
      if (a == "--bytes") opt->have_bytes = true;
    } else if (a == "--out" || a == "--stats") {
      const char* v = value(a);
      if (v == nullptr) return 3;
      (a == "--out" ? opt->out : opt->stats) = v;
    } else {
      std::fprintf(stderr, "gen_synthetic: unknown argument '%s'\n", argv[i]);
      return 3;
    }
  }
  if (!opt->have_bytes) {
    std::fputs("gen_synthetic: --bytes is required\n", stderr);
    return 3;
  }
  if (!opt->stats.empty() && (opt->stats == opt->out || learner::same_regular_file(opt->stats, opt->out))) {
    std::fputs("gen_synthetic: --stats and --out name the same file\n", stderr);
    return 3;
  }
  return 0;
}

// Writes the data (and the --stats file); throws learner::Error when an output fails.
int Generate(const Options& opt) {
  std::unique_ptr<learner::OutputFile> file;  // --out FILE: written whole, then renamed into place
  if (opt.out != "-") {
    file = std::make_unique<learner::OutputFile>(opt.out, "output file");
    if (!opt.stats.empty()) learner::check_output_writable(opt.stats, "stats file");  // before the data
  }
  std::FILE* out = file ? file->stream() : stdout;

  SplitMix64 rng(Mix64(opt.seed ^ 0x5eed5eed5eed5eedULL));
  const std::uint64_t model_key = Mix64(opt.seed + 0x1234567ULL);
  double weight_c[kPerNamespace];
  for (int j = 0; j < kPerNamespace; ++j) weight_c[j] = HiddenWeight(model_key, 'c', j, kScaleC);

  // The frequent ids carry fixed weights, which would shift every margin the same way:
  // estimate that shift on a pilot sample (its own stream) and cancel it with a bias.
  Line line;
  double bias = 0.0;
  {
    SplitMix64 pilot(Mix64(opt.seed ^ 0x9170779170770ULL));
    constexpr int kPilot = 20000;
    double sum = 0.0;
    for (int i = 0; i < kPilot; ++i) sum += DrawLine(pilot, model_key, weight_c, &line);
    bias = -sum / kPilot;
  }

  Writer w(out);
  std::uint64_t lines = 0, positives = 0;
  double bayes_hits = 0.0;  // sum of max(p, 1 - p): the hidden model's expected accuracy
  while (w.bytes() + w.pending() < opt.bytes) {
    const double margin = bias + DrawLine(rng, model_key, weight_c, &line);
    const double p = 1.0 / (1.0 + std::exp(-margin));
    const bool positive = rng.Unit() < p;
    positives += positive;
    bayes_hits += p > 0.5 ? p : 1.0 - p;
    const auto& ids_a = line.ids_a;
    const auto& vals_a = line.vals_a;
    const auto& ids_b = line.ids_b;
    const auto& vals_c = line.vals_c;

    w.Str(positive ? "1 |a" : "-1 |a");
    for (int j = 0; j < kPerNamespace; ++j) {
      w.Char(' ');
      w.Uint(ids_a[j]);
      w.Char(':');
      w.Fixed(vals_a[j], 3);
    }
    w.Str(" |b");
    for (int j = 0; j < kPerNamespace; ++j) {
      w.Char(' ');
      w.Word(ids_b[j]);
    }
    w.Str(" |c");
    for (int j = 0; j < kPerNamespace; ++j) {
      w.Str(" c");
      w.Uint(static_cast<std::uint64_t>(j));
      w.Char(':');
      w.Fixed(vals_c[j], 4);
    }
    w.EndLine();
    ++lines;
  }
  w.Flush();
  if (file) {
    file->commit();  // throws with the errno of a failed write
  } else if (!w.ok() || std::fflush(out) != 0 || std::ferror(out)) {
    throw learner::Error(std::string("write error on standard output: ") + std::strerror(errno));
  }

  const std::uint64_t features = lines * kFeaturesPerLine;
  if (!opt.stats.empty()) {
    learner::OutputFile stats(opt.stats, "stats file");
    {
      std::FILE* s = stats.stream();
      std::fprintf(s,
                   "generator=%.*s\nseed=%llu\nrequested_bytes=%llu\nbytes=%llu\nlines=%llu\n"
                   "features=%llu\nfeatures_per_line=%d\npositives=%llu\nbayes_accuracy=%.4f\n",
                   static_cast<int>(kVersion.size()), kVersion.data(),
                   static_cast<unsigned long long>(opt.seed),
                   static_cast<unsigned long long>(opt.bytes),
                   static_cast<unsigned long long>(w.bytes()),
                   static_cast<unsigned long long>(lines),
                   static_cast<unsigned long long>(features), kFeaturesPerLine,
                   static_cast<unsigned long long>(positives),
                   lines ? bayes_hits / static_cast<double>(lines) : 0.0);
    }
    stats.commit();
  }
  if (!opt.quiet) {
    std::fprintf(stderr,
                 "gen_synthetic: %llu bytes, %llu lines, %llu features (%d per line, constant "
                 "not counted), %.1f%% positive, hidden-model accuracy %.3f, seed %llu\n",
                 static_cast<unsigned long long>(w.bytes()), static_cast<unsigned long long>(lines),
                 static_cast<unsigned long long>(features), kFeaturesPerLine,
                 lines ? 100.0 * static_cast<double>(positives) / static_cast<double>(lines) : 0.0,
                 lines ? bayes_hits / static_cast<double>(lines) : 0.0,
                 static_cast<unsigned long long>(opt.seed));
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  Options opt;
  if (const int rc = ParseArgs(argc, argv, &opt); rc != 0) {
    if (rc > 1) PrintUsage(stderr);
    return rc - 1;
  }

  try {
    return Generate(opt);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "gen_synthetic: %s\n", e.what());
    return 1;
  }
}
