import Foundation
import Testing

/// Expects two JSON texts to hold the same value: both are parsed by `JSONSerialization` and written
/// back with sorted keys, so key order and whitespace do not matter while `null` still differs from a
/// missing key, `true` from `1` and `"1"` from `1`.
func expectSameJSON(_ actual: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let canonicalExpected = canonicalJSON(expected)
    #expect(canonicalExpected != nil, "expected text is not JSON: \(expected)", sourceLocation: sourceLocation)
    #expect(canonicalJSON(actual) == canonicalExpected, "\(actual) is not \(expected)", sourceLocation: sourceLocation)
}

/// The text parsed by `JSONSerialization` and written again with sorted keys; nil if it is not JSON.
func canonicalJSON(_ text: String) -> String? {
    guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]),
        let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed])
    else { return nil }
    return String(decoding: data, as: UTF8.self)
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
