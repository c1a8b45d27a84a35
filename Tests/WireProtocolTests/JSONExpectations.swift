import Foundation
import Testing

@testable import WireProtocol

/// Expects two JSON texts to hold the same value, compared as parsed objects (so `null` differs from a
/// missing key and key order does not matter). Checked twice: with the module's strict parser (which
/// tells `true` from `1`) and with Foundation's, which shares no code with it.
func expectSameJSON(_ actual: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let strictActual = try? JSONParser.parse(actual)
    let strictExpected = try? JSONParser.parse(expected)
    #expect(strictExpected != nil, "expected text is not JSON: \(expected)", sourceLocation: sourceLocation)
    #expect(strictActual == strictExpected, "\(actual) is not \(expected)", sourceLocation: sourceLocation)
    #expect(
        foundationObject(actual) == foundationObject(expected),
        "Foundation sees \(actual) differ from \(expected)",
        sourceLocation: sourceLocation
    )
}

/// The text parsed by `JSONSerialization`, as an `NSObject` that compares by value.
func foundationObject(_ text: String) -> NSObject? {
    guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    else { return nil }
    switch object {
    case let dictionary as [String: Any]: return NSDictionary(dictionary: dictionary)
    case let array as [Any]: return NSArray(array: array)
    default: return object as? NSObject
    }
}

extension Result {
    /// The failure, or nil on success.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
