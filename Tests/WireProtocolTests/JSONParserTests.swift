import Testing

@testable import WireProtocol

@Suite("The strict JSON parser")
struct JSONParserTests {
    @Test func test_parse_readsEveryKindOfValue() throws {
        let value = try JSONParser.parse(#"{"a":[null,true,false,-12.5e-1,"s",{}],"b":{"c":[]}}"#)
        #expect(
            value
                == .object([
                    "a": .array([
                        .null, .bool(true), .bool(false),
                        .number(JSONNumber(isNegative: true, digits: [1, 2, 5], exponent: -2)), .string("s"),
                        .object([:]),
                    ]),
                    "b": .object(["c": .array([])]),
                ])
        )
    }

    @Test func test_parse_tellsBooleansFromNumbers() throws {
        #expect(try JSONParser.parse("true") == .bool(true))
        #expect(try JSONParser.parse("1") != JSONParser.parse("true"))
    }

    @Test func test_numbers_equalInValue_areEqual() throws {
        #expect(try JSONParser.parse("1") == JSONParser.parse("1.0"))
        #expect(try JSONParser.parse("100") == JSONParser.parse("1e2"))
        #expect(try JSONParser.parse("0") == JSONParser.parse("-0.000e7"))
        #expect(try JSONParser.parse("1.5") != JSONParser.parse("15"))
    }

    @Test func test_parse_acceptsScalarsAtTopLevel() throws {
        #expect(try JSONParser.parse(" \"x\" ") == .string("x"))
        #expect(try JSONParser.parse("null") == .null)
    }
}
