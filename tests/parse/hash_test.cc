#include "learner/parse/hash.h"

#include <gtest/gtest.h>

namespace learner {
namespace {

constexpr uint32_t kMask18 = 0x3FFFF;  // -b 18

TEST(Murmur3, StandardVectors) {
  EXPECT_EQ(murmur3_32("", 0), 0u);
  EXPECT_EQ(murmur3_32("", 1), 0x514E28B7u);
  EXPECT_EQ(murmur3_32("", 0xffffffffu), 0x81F16F39u);
  EXPECT_EQ(murmur3_32(std::string_view("\0\0\0\0", 4), 0), 0x2362F9DEu);
  EXPECT_EQ(murmur3_32("hello", 0), 0x248BFA47u);
  EXPECT_EQ(murmur3_32("aaaa", 0x9747b28cu), 0x5A97808Au);
  EXPECT_EQ(murmur3_32("Hello, world!", 0x9747b28cu), 0x24884CBAu);
  EXPECT_EQ(murmur3_32("The quick brown fox jumps over the lazy dog", 0x9747b28cu), 0x2FA826CDu);
}

TEST(Murmur3, TailLengthsAndHighBytes) {
  // Bytes >= 0x80 must be read unsigned (the "signed char" bug).
  EXPECT_EQ(murmur3_32("\xff\xff\xff\xff", 0), 0x76293B50u);
  EXPECT_EQ(murmur3_32("\x21\x43\x65\x87", 0), 0xF55B516Bu);
  EXPECT_EQ(murmur3_32("\x21\x43\x65", 0), 0x7E4A8634u);
  EXPECT_EQ(murmur3_32("\x21\x43", 0), 0xA0F7B07Au);
  EXPECT_EQ(murmur3_32("\x21", 0), 0x72661CF4u);
  EXPECT_EQ(murmur3_32("\xcf\x80\xcf\x80\xcf\x80\xcf\x80\xcf\x80\xcf\x80\xcf\x80\xcf\x80", 0x9747b28cu),  // "ππππππππ"
            0xD58063C1u);
}

TEST(Hash, VwPinnedDefaultNamespace) {
  const uint32_t ns = hash_namespace("", 0);
  EXPECT_EQ(ns, 0u);
  EXPECT_EQ(hash_feature("a", ns, false) & kMask18, 92594u);
  EXPECT_EQ(hash_feature("b", ns, false) & kMask18, 163331u);
  EXPECT_EQ(hash_feature("c", ns, false) & kMask18, 185951u);
}

TEST(Hash, VwPinnedNamedNamespaceAndInteraction) {
  const uint32_t f = hash_namespace("f", 0);
  const uint32_t fa = hash_feature("a", f, false);
  const uint32_t fb = hash_feature("b", f, false);
  EXPECT_EQ(fa & kMask18, 14355u);
  EXPECT_EQ(fb & kMask18, 146788u);
  EXPECT_EQ(interaction_hash(fa, fb) & kMask18, 161933u);
  // Masking first gives the same slot: only low bits carry upward.
  EXPECT_EQ(interaction_hash(fa & kMask18, fb & kMask18) & kMask18, 161933u);
  EXPECT_EQ((16777619u * 14355u ^ 146788u) & kMask18, 161933u);
  EXPECT_EQ(kConstantIndex & kMask18, 116060u);
}

TEST(Hash, NumericNamesAreNotMixed) {
  EXPECT_EQ(hash_feature("1", 0, false), 1u);
  EXPECT_EQ(hash_feature("0", 0, false), 0u);
  const uint32_t f = hash_namespace("f", 0);
  EXPECT_EQ(hash_feature("1", f, false), f + 1);
  EXPECT_EQ(hash_feature("  17 ", f, false), f + 17);
  EXPECT_EQ(hash_feature("\t17\n", 5, false), 22u);
  // 2^32 + 5 wraps like VW's 64-bit sum truncated to 32 bits.
  EXPECT_EQ(hash_feature("4294967301", 0, false), 5u);
}

TEST(Hash, NonNumericNamesAreMurmurOfTheTrimmedName) {
  EXPECT_EQ(hash_feature("1a", 7, false), murmur3_32("1a", 7));
  EXPECT_EQ(hash_feature(" ab ", 7, false), murmur3_32("ab", 7));
  EXPECT_EQ(hash_feature("-1", 7, false), murmur3_32("-1", 7));
  EXPECT_EQ(hash_feature("caf\xc3\xa9", 0, false), murmur3_32("caf\xc3\xa9", 0));
  EXPECT_EQ(hash_feature("", 9, false), 9u);  // nothing left: zero digits
}

TEST(Hash, HashAllAlwaysMurmurs) {
  EXPECT_EQ(hash_feature("1", 0, true), murmur3_32("1", 0));
  EXPECT_NE(hash_feature("1", 0, true), 1u);
  EXPECT_EQ(hash_feature(" 17", 3, true), murmur3_32(" 17", 3));
}

TEST(Hash, NamespaceHashWithSeed) {
  EXPECT_EQ(hash_namespace("", 0, false), 0u);
  EXPECT_EQ(hash_namespace("", 1), 0x514E28B7u);
  EXPECT_EQ(hash_namespace("", 1, false), 0x514E28B7u);
  EXPECT_EQ(hash_namespace("f", 0, false), hash_namespace("f", 0));
  EXPECT_EQ(hash_namespace("user", 42, true), murmur3_32("user", 42));
  // VW sends a named namespace through the feature hasher: digits stay numbers.
  EXPECT_EQ(hash_namespace("12", 3, false), 15u);
  EXPECT_EQ(hash_namespace("12", 3, true), murmur3_32("12", 3));
}

TEST(Hash, InteractionChainsLeftToRight) {
  EXPECT_EQ(interaction_hash(interaction_hash(1, 2), 3), (kFnvPrime * ((kFnvPrime * 1u) ^ 2u)) ^ 3u);
}

}  // namespace
}  // namespace learner
