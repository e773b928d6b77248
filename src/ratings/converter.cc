#include "learner/ratings/converter.h"

#include "learner/error.h"
#include "learner/ratings/rating_reader.h"

namespace learner::ratings {
namespace {

const std::string* lookup(const FeatureTable* table, std::string_view id) {
  if (table == nullptr) return nullptr;
  const auto it = table->find(std::string(id));
  return it == table->end() ? nullptr : &it->second;
}

}  // namespace

Converter::Converter(const ConvertOptions& options, const SideTables& tables) : options_(options), tables_(tables) {}

void Converter::convert(LineReader& in, std::string& out, bool keep_ids,
                        const std::function<void(std::string&)>& flush) {
  RatingReader reader(in, options_.format, options_.user_day.has_value());
  RatingRecord r;
  const std::string empty;
  while (reader.next(r)) {
    const std::string* ua = &empty;
    const std::string* ig = &empty;
    if (tables_.users) {
      ua = lookup(tables_.users, r.user);
      if (!ua) throw InputError(in.name(), in.line_number(), "user \"" + std::string(r.user) + "\" is not in " + options_.users);
    }
    if (tables_.items) {
      ig = lookup(tables_.items, r.item);
      if (!ig) throw InputError(in.name(), in.line_number(), "item \"" + std::string(r.item) + "\" is not in " + options_.items);
    }
    const std::string* ui = lookup(tables_.implicit, r.user);
    out.append(r.rating);
    if (options_.tags) {  // 'USER_ITEM: -p lines end with the pair's ids
      for (const std::string_view id : {r.user, r.item})
        if (id.find('_') != std::string_view::npos)
          throw InputError(in.name(), in.line_number(),
                           "--tags joins the user and item ids with '_', and id \"" + std::string(id) +
                               "\" has one (the tag would be ambiguous)");
      out.append(" '").append(r.user).append("_").append(r.item);
    }
    out.append(" |u ").append(r.user);
    if (options_.side_in_ui) {
      out.append(options_.centered ? twins(*ua) : *ua);
      if (ui) out.append(*ui);
      out.append(" |i ").append(r.item).append(options_.centered ? twins(*ig) : *ig);
    } else {
      if (ui) out.append(*ui);
      out.append(" |i ").append(r.item);
      if (tables_.users) out.append(" |a").append(*ua);
      if (!ig->empty()) out.append(" |g").append(*ig);
    }
    if (options_.user_day)
      out.append(" |d ").append(r.user).append("_").append(std::to_string(r.day)).append(":").append(*options_.user_day);
    out.push_back('\n');
    if (keep_ids) ids_.emplace_back(r.user, r.item);
    if (flush && out.size() > (1u << 20)) flush(out);
  }
}

}  // namespace learner::ratings
