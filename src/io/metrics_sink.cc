#include "learner/io/metrics_sink.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace learner {
namespace {

void metrics_json_string(std::string& out, const std::string& text) {
  out += '"';
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (u < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", u);
      out += buf;
    } else {
      out += c;
    }
  }
  out += '"';
}

void metrics_json_number(std::string& out, float value) {
  if (!std::isfinite(value)) {
    out += "null";
    return;
  }
  char buf[64];
  const auto r = std::to_chars(buf, buf + sizeof buf, static_cast<double>(value));
  const std::string_view text(buf, static_cast<std::size_t>(r.ptr - buf));
  out += text;
  if (text.find_first_of(".e") == std::string_view::npos) out += ".0";
}

void metrics_json_key(std::string& out, const std::string& key) {
  if (out.back() != '{') out += ',';
  metrics_json_string(out, key);
  out += ':';
}

}  // namespace

MetricsSink::MetricsSink() = default;
MetricsSink::~MetricsSink() = default;
MetricsSink::MetricsSink(MetricsSink&&) noexcept = default;
MetricsSink& MetricsSink::operator=(MetricsSink&&) noexcept = default;

MetricsSink& MetricsSink::block(const std::string& key) {
  std::unique_ptr<MetricsSink>& b = blocks_[key];
  if (!b) b = std::make_unique<MetricsSink>();
  return *b;
}

std::string MetricsSink::json() const {
  std::string out;
  append_json(out);
  return out;
}

void MetricsSink::append_json(std::string& out) const {
  out += '{';
  for (const auto& [key, value] : counts_) {
    metrics_json_key(out, key);
    out += std::to_string(value);
  }
  for (const auto& [key, value] : numbers_) {
    metrics_json_key(out, key);
    metrics_json_number(out, value);
  }
  for (const auto& [key, value] : texts_) {
    metrics_json_key(out, key);
    metrics_json_string(out, value);
  }
  for (const auto& [key, value] : blocks_) {
    metrics_json_key(out, key);
    value->append_json(out);
  }
  out += '}';
}

}  // namespace learner
