// One declaration per rule option (core/rules/rule_fields.h): for every game,
// the schema's defaults are the rules struct's defaults, and each option,
// set alone to another value, changes its own field and no other.
#include "core/rules/rule_fields.h"

#include <gtest/gtest.h>

#include <functional>

#include "core/games/chess/chess.h"
#include "core/games/chess/rules.h"
#include "core/games/inchworm/inchworm.h"
#include "core/games/inchworm/rules.h"
#include "core/games/invector/invector.h"
#include "core/games/steere_inchworm/steere_inchworm.h"

namespace inchzero {
namespace {

// The value of every declared field, in declaration order (a choice as the
// index of its value).
struct FieldValues {
  std::vector<int64_t> values;
  void integer(const char*, int& field, int64_t, int64_t, int64_t, const char*) {
    values.push_back(field);
  }
  void flag(const char*, bool& field, bool, const char*) { values.push_back(field); }
  template <typename T>
  void choice(const char*, T& field, std::initializer_list<ChoiceOf<T>> choices, const char*) {
    int64_t index = 0, found = -1;
    for (const ChoiceOf<T>& c : choices) {
      if (c.value == field) found = index;
      ++index;
    }
    values.push_back(found);
  }
};

// `fields(options)`: the field values of the rules read from `options`.
using FieldsOf = std::function<std::vector<int64_t>(const RuleOptions&)>;

// Another value than the default, in the option's own text.
std::string other_value(const OptionSchema& schema, const OptionSpec& spec) {
  switch (spec.kind) {
    case OptionSpec::Kind::Bool:
      return spec.default_int ? "false" : "true";
    case OptionSpec::Kind::Choice:
      return spec.choices.at(spec.default_int == 0 ? 1 : 0);
    case OptionSpec::Kind::Int:
      break;
  }
  return schema.format(spec, spec.default_int < spec.max ? spec.default_int + 1 : spec.min);
}

void expect_one_field_per_option(const OptionSchema& schema, const FieldsOf& fields,
                                 const std::vector<int64_t>& struct_defaults) {
  SCOPED_TRACE(schema.game());
  const std::vector<int64_t> defaults = fields(schema.defaults());
  ASSERT_EQ(defaults.size(), schema.specs().size()) << "one field per option";
  EXPECT_EQ(defaults, struct_defaults) << "the struct's defaults are the schema's";
  for (size_t k = 0; k < schema.specs().size(); ++k) {
    const OptionSpec& spec = schema.specs()[k];
    RuleOptions options = schema.defaults();
    schema.set(options, spec.name, other_value(schema, spec));
    const std::vector<int64_t> changed = fields(options);
    for (size_t i = 0; i < changed.size(); ++i) {
      if (i == k)
        EXPECT_NE(changed[i], defaults[i]) << spec.name << " does not reach its field";
      else
        EXPECT_EQ(changed[i], defaults[i])
            << spec.name << " changes field " << i << " (" << schema.specs()[i].name << ")";
    }
  }
}

template <typename Rules>
std::vector<int64_t> values_of(Rules rules) {
  FieldValues v;
  Rules::visit(rules, v);
  return v.values;
}

TEST(RuleFields, EachOptionOfEveryGameReachesItsOwnFieldOnly) {
  expect_one_field_per_option(
      inchworm::schema(),
      [](const RuleOptions& o) { return values_of(inchworm::Rules::from_options(o)); },
      values_of(inchworm::Rules()));
  expect_one_field_per_option(
      steere::schema(),
      [](const RuleOptions& o) { return values_of(steere::Rules::from_options(o)); },
      values_of(steere::Rules::from_options(steere::schema().defaults())));
  expect_one_field_per_option(
      invector::schema(),
      [](const RuleOptions& o) { return values_of(invector::Rules::from_options(o)); },
      values_of(invector::Rules::from_options(invector::schema().defaults())));
  for (bool long_worm : {false, true}) {
    auto values = [long_worm](chess::ChessRules r) {
      FieldValues v;
      chess::ChessRules::visit(r, v, long_worm);
      return v.values;
    };
    expect_one_field_per_option(
        long_worm ? chess::longworm_chess_schema() : chess::inchworm_chess_schema(),
        [&](const RuleOptions& o) { return values(chess::ChessRules::from_options(o, long_worm)); },
        values(chess::ChessRules()));
  }
}

// What the rules derive from their options: the handicap stocks, chess's
// move rule by its ruling.
TEST(RuleFields, DerivedValuesFollowTheOptions) {
  RuleOptions o = inchworm::schema().defaults();
  inchworm::schema().set_assignment(o, "stock=7");
  inchworm::schema().set_assignment(o, "stock_blue=3");
  const inchworm::Rules r = inchworm::Rules::from_options(o);
  EXPECT_EQ(r.start_stock[0], 7);
  EXPECT_EQ(r.start_stock[1], 3);
  EXPECT_EQ(inchworm::Rules().start_stock[0], 25);
  RuleOptions fide = chess::inchworm_chess_schema().defaults();
  chess::inchworm_chess_schema().set_assignment(fide, "inchworm=false");
  EXPECT_EQ(chess::ChessRules::from_options(fide, false).move_rule_plies, 100);
  EXPECT_EQ(chess::ChessRules().move_rule_plies, 200);
  const RuleOptions longworm = chess::longworm_chess_schema().defaults();
  EXPECT_TRUE(chess::ChessRules::from_options(longworm, true).variant.long_worm);
}

}  // namespace
}  // namespace inchzero
