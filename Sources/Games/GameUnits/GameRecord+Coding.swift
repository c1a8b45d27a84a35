import Foundation
import MatchStore
import MatchWords

extension GameRecord {
    /// A record of `kind` whose object is `value`'s `Codable` form, keys sorted, as stores keep it.
    public init(kind: String, encoding value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        self.init(kind: kind, json: String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    /// The record's object read as `type`.
    public func decoded<Value: Decodable>(as type: Value.Type) throws -> Value {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }
}
