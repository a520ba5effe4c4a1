// The request bodies the monitor reads (server/json_request.hpp): strings and objects of
// strings, everything else refused at its byte.
#include "server/json_request.hpp"

#include <gtest/gtest.h>

namespace arbiter::server {
namespace {

TEST(JsonRequest, ReadsStringsNestedObjectsAndEscapes) {
  const JsonObject o = parse_json_object(
      R"( {"variant": "diplomacy", "knobs": {"king-capture": "illegal"}, "m": "a\"b\\c\u00e9\ud83d\ude00"} )");
  EXPECT_EQ(o.strings.at("variant"), "diplomacy");
  EXPECT_EQ(o.objects.at("knobs").strings.at("king-capture"), "illegal");
  EXPECT_EQ(o.strings.at("m"), "a\"b\\c\xC3\xA9\xF0\x9F\x98\x80");
}

TEST(JsonRequest, RefusesOtherValuesNamingTheKeyOrTheByteAndWhatWasExpected) {
  try {
    parse_json_object(R"({"move": 4})");
    FAIL() << "a number was accepted";
  } catch (const JsonRequestError& e) {
    EXPECT_STREQ(e.what(),
                 "bad JSON body: expected a string or an object as the value of \"move\", "
                 "found a number");
  }
  try {
    parse_json_object(R"({"knobs": {"a": [1]}})");
    FAIL() << "an array was accepted";
  } catch (const JsonRequestError& e) {
    EXPECT_STREQ(e.what(),
                 "bad JSON body: expected a string or an object as the value of "
                 "\"knobs\".\"a\", found an array");
  }
  try {
    parse_json_object(R"({"a": "b",})");
    FAIL() << "a trailing comma was accepted";
  } catch (const JsonRequestError& e) {
    EXPECT_NE(std::string(e.what()).find("bad JSON body at byte 10: "), std::string::npos)
        << e.what();
  }
  EXPECT_THROW(parse_json_object(""), JsonRequestError);
  EXPECT_THROW(parse_json_object("[]"), JsonRequestError);
  EXPECT_THROW(parse_json_object(R"({"a": "b"} x)"), JsonRequestError);
  EXPECT_THROW(parse_json_object(R"({"a": "b",})"), JsonRequestError);
  EXPECT_THROW(parse_json_object(R"({"a": "unterminated)"), JsonRequestError);
  EXPECT_THROW(parse_json_object("{\"a\": \"tab\tinside\"}"), JsonRequestError);
  EXPECT_THROW(parse_json_object(R"({"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{}}}}}}}}}})"),
               JsonRequestError);
}

TEST(JsonRequest, StringOrRefusesAnObjectWhereAStringBelongs) {
  const JsonObject o = parse_json_object(R"({"variant": {}})");
  EXPECT_THROW(o.string_or("variant", ""), JsonRequestError);
  EXPECT_EQ(o.string_or("missing", "fallback"), "fallback");
}

/// The message of the JsonRequestError that parsing `text` throws ("" when none is thrown).
std::string json_request_refusal(std::string_view text) {
  try {
    parse_json_object(text);
  } catch (const JsonRequestError& e) {
    return e.what();
  }
  return "";
}

TEST(JsonRequest, NumberOutOfRangeIsABadBodyWithoutTheLibrarysCode) {
  EXPECT_EQ(json_request_refusal(R"({"variant": 1e999})"),
            "bad JSON body: number overflow parsing '1e999' (the values of a request are strings "
            "or objects)");
  EXPECT_EQ(json_request_refusal(R"({"knobs": {"a": -1e400}})"),
            "bad JSON body: number overflow parsing '-1e400' (the values of a request are "
            "strings or objects)");
}

TEST(JsonRequest, NestingDeeperThanEightIsRefusedAtItsFirstBracketBeforeParsing) {
  EXPECT_EQ(json_request_refusal(std::string(100000, '[')),
            "bad JSON body at byte 8: nested deeper than 8 levels (a request is an object of "
            "strings and objects of strings)");
  // Brackets inside strings are text.
  EXPECT_EQ(json_request_refusal(R"({"move": "[[[[[[[[[[{{{{{{{{{{\"[["})"), "");
}

TEST(JsonRequest, NulInAKeyOrValueIsRefusedNamingWhere) {
  EXPECT_EQ(json_request_refusal(R"({"knobs": {"a": "b\u0000c"}})"),
            "bad JSON body: the value of \"knobs\".\"a\" holds a NUL character (\\u0000) at "
            "character 1; text values may not contain NUL");
  EXPECT_EQ(json_request_refusal(R"({"mo\u0000ve": "e4"})"),
            "bad JSON body: a key in the body holds a NUL character (\\u0000) at "
            "character 2; text values may not contain NUL");
}

}  // namespace
TEST(JsonRequest, IntegerKeysTakeWholeNumbersAtTheTopOnly) {
  const JsonObject o = parse_json_object(R"({"move": "e4", "turn": 7})", {"turn"});
  EXPECT_EQ(o.integers.at("turn"), 7);
  EXPECT_EQ(o.strings.at("move"), "e4");
  EXPECT_EQ(parse_json_object(R"({"turn": "7"})", {"turn"}).strings.at("turn"), "7");
  const auto refusal = [](std::string_view text) {
    try {
      parse_json_object(text, {"turn"});
    } catch (const JsonRequestError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(refusal(R"({"turn": 2.5})"),
            "bad JSON body: expected a whole number (at most 2147483647) as the value of "
            "\"turn\", found 2.5");
  EXPECT_EQ(refusal(R"({"turn": 18446744073709551615})"),
            "bad JSON body: expected a whole number (at most 2147483647) as the value of "
            "\"turn\", found 18446744073709551615");
  EXPECT_EQ(refusal(R"({"move": 7})"),
            "bad JSON body: expected a string or an object as the value of \"move\", found a "
            "number");
  EXPECT_EQ(refusal(R"({"knobs": {"turn": 7}})"),
            "bad JSON body: expected a string or an object as the value of "
            "\"knobs\".\"turn\", found a number");
}

}  // namespace arbiter::server
