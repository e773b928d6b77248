#include "learner/formats/vw_to_json.h"

#include <cstdio>
#include <vector>

#include "learner/error.h"
#include "learner/parse/line_bytes.h"
#include "learner/parse/number.h"
#include "learner/parse/parse_detail.h"

namespace learner {
namespace {

bool blank(char c) { return c == ' ' || c == '\t'; }

std::vector<std::string_view> tokens(std::string_view s) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && blank(s[i])) ++i;
    const std::size_t start = i;
    while (i < s.size() && !blank(s[i])) ++i;
    if (i > start) out.push_back(s.substr(start, i - start));
  }
  return out;
}

// The offset of the first byte of `s` that is not part of well-formed UTF-8
// (RFC 3629: no overlong forms, no surrogates, nothing past U+10FFFF), or npos.
std::size_t invalid_utf8(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      ++i;
      continue;
    }
    std::size_t len;
    unsigned char lo = 0x80, hi = 0xBF;  // the allowed range of the second byte
    if (c >= 0xC2 && c <= 0xDF) len = 2;
    else if (c == 0xE0) len = 3, lo = 0xA0;
    else if (c == 0xED) len = 3, hi = 0x9F;
    else if (c >= 0xE1 && c <= 0xEF) len = 3;
    else if (c == 0xF0) len = 4, lo = 0x90;
    else if (c == 0xF4) len = 4, hi = 0x8F;
    else if (c >= 0xF1 && c <= 0xF3) len = 4;
    else return i;
    if (i + len > s.size()) return i;
    for (std::size_t k = 1; k < len; ++k) {
      const auto b = static_cast<unsigned char>(s[i + k]);
      if (b < (k == 1 ? lo : 0x80) || b > (k == 1 ? hi : 0xBF)) return i;
    }
    i += len;
  }
  return std::string_view::npos;
}

void quoted(std::string_view s, std::string& out) {
  out.push_back('"');
  for (char c : s) {
    if (c == '"' || c == '\\') {
      out.push_back('\\');
      out.push_back(c);
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
      out += buf;
    } else {
      out.push_back(c);
    }
  }
  out.push_back('"');
}

float number_of(std::string_view token, std::string_view text, const LineContext& ctx) {
  float v = 0.0f;
  if (parse_number(text, v) != NumberStatus::kOk) ctx.fail("not a finite number", token);
  return v;
}

// -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
bool is_json_number(std::string_view s) {
  std::size_t i = 0;
  auto digits = [&] {
    const std::size_t start = i;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
    return i - start;
  };
  if (i < s.size() && s[i] == '-') ++i;
  if (i < s.size() && s[i] == '0') {
    ++i;
  } else if (digits() == 0) {
    return false;
  }
  if (i < s.size() && s[i] == '.') {
    ++i;
    if (digits() == 0) return false;
  }
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    if (digits() == 0) return false;
  }
  return i == s.size();
}

// The float exactly, as a JSON number.
void json_number(float v, std::string& out) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.9g", static_cast<double>(v));
  out += buf;
}

// "name": ..., members of one namespace, after `out` holds its '{'.
void namespace_members(std::string_view segment, std::string& out, std::string& anonymous, std::string_view& ns,
                       const LineContext& ctx) {
  std::vector<std::string_view> toks = tokens(segment);
  float weight = 1.0f;
  std::size_t first = 0;
  if (!segment.empty() && !blank(segment[0]) && !toks.empty()) {
    const std::string_view header = toks[0];
    const std::size_t colon = header.find(':');
    ns = header.substr(0, colon);
    if (colon != std::string_view::npos) weight = number_of(header, header.substr(colon + 1), ctx);
    first = 1;
  }
  if (!ns.empty() && ns[0] == '_') ctx.fail("a namespace starting with '_' is a reserved key in JSON", ns);
  std::string words;
  bool any = false;
  for (std::size_t t = first; t < toks.size(); ++t) {
    const std::string_view tok = toks[t];
    const std::size_t colon = tok.find(':');
    const std::string_view name = tok.substr(0, colon);
    if (colon == std::string_view::npos) {
      if (weight != 1.0f) {  // a valueless feature has value w
        if (name[0] == '_') ctx.fail("a feature name starting with '_' is a reserved key in JSON", tok);
        if (any) out.push_back(',');
        quoted(name, out);
        out.push_back(':');
        json_number(weight, out);
        any = true;
      } else {
        if (!words.empty()) words.push_back(' ');
        words.append(name);
      }
      continue;
    }
    const std::string_view value = tok.substr(colon + 1);
    float v = 0.0f;
    const NumberStatus status = parse_number(value, v);
    if (name.empty()) {
      if (status != NumberStatus::kOk) ctx.fail("an anonymous feature needs a number", tok);
      if (!anonymous.empty()) anonymous.push_back(',');
      json_number(v * weight, anonymous);
      continue;
    }
    if (name[0] == '_') ctx.fail("a feature name starting with '_' is a reserved key in JSON", tok);
    if (any) out.push_back(',');
    any = true;
    quoted(name, out);
    out.push_back(':');
    if (status == NumberStatus::kOk && weight == 1.0f && is_json_number(value)) {
      out += value;  // the same float through either parser: keep the text
    } else if (status == NumberStatus::kOk) {
      json_number(v * weight, out);
    } else if (status == NumberStatus::kNotANumber && value.find(':') == std::string_view::npos) {
      quoted(value, out);
    } else {
      ctx.fail("a feature value JSON cannot carry", tok);
    }
  }
  if (!words.empty()) {
    if (any) out.push_back(',');
    out += "\"_text\":";
    quoted(words, out);
  }
}

}  // namespace

void vw_line_to_json(std::string_view line, std::string& out, const std::string& file, uint64_t line_no) {
  const LineContext ctx{file, line_no};
  // The text reader's own line checks first: what it refuses is not converted.
  line = without_bom(line);
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  reject_control_bytes(line, ctx);
  if (const std::size_t bad = invalid_utf8(line); bad != std::string_view::npos) {
    static const char* hex = "0123456789abcdef";
    const auto c = static_cast<unsigned char>(line[bad]);
    const char shown[] = {'\\', 'x', hex[c >> 4], hex[c & 15], '\0'};
    ctx.fail("invalid UTF-8 at column " + std::to_string(bad + 1) +
                 " (JSON text is UTF-8: learner --json would refuse the line)",
             shown);
  }
  std::size_t bar = line.find('|');
  if (bar == std::string_view::npos) {
    if (tokens(line).empty()) return;
    ctx.fail("no '|' in a non-blank line", line);
  }
  out.push_back('{');
  bool any = false;
  auto comma = [&] {
    if (any) out.push_back(',');
    any = true;
  };
  // Label part: the tag is the last token when it starts with ' or touches the '|'.
  const std::string_view label_part = line.substr(0, bar);
  std::vector<std::string_view> label = tokens(label_part);
  if (!label.empty() && (label.back()[0] == '\'' || !blank(label_part.back()))) {
    std::string_view tag = label.back();
    if (tag[0] == '\'') tag.remove_prefix(1);
    comma();
    out += "\"_tag\":";
    quoted(tag, out);
    label.pop_back();
  }
  if (!label.empty()) {
    comma();
    out += "\"_label\":";
    float v = 0.0f;
    if (label.size() == 1 && parse_number(label[0], v) == NumberStatus::kOk) {
      if (is_json_number(label[0])) {
        out += label[0];
      } else {
        json_number(v, out);
      }
    } else {
      std::string joined;
      for (std::string_view t : label) joined.append(joined.empty() ? "" : " ").append(t);
      quoted(joined, out);
    }
  }
  std::string members, anonymous;
  while (bar != std::string_view::npos) {
    const std::size_t next = line.find('|', bar + 1);
    const std::string_view segment = line.substr(bar + 1, (next == std::string_view::npos ? line.size() : next) - bar - 1);
    members.clear();
    anonymous.clear();
    std::string_view ns;
    namespace_members(segment, members, anonymous, ns, ctx);
    if (ns.empty()) {
      if (!members.empty()) {
        comma();
        out += members;
      }
      if (!anonymous.empty()) {
        comma();
        out += "\" \":[" + anonymous + "]";
      }
    } else {
      comma();
      quoted(ns, out);
      out += ":{" + members + "}";
      if (!anonymous.empty()) {
        out.push_back(',');
        quoted(ns, out);
        out += ":[" + anonymous + "]";
      }
    }
    bar = next;
  }
  out += "}\n";
}

}  // namespace learner
