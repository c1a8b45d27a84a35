/// (Extension.) A match's time control as the wire gives it: `{"initial": SECONDS, "increment":
/// SECONDS}`, each to the millisecond. `POST /api/matches` and the queue read it as `clock`; the
/// snapshot, the summaries and the games API show it as `timeControl`.
public struct WireTimeControl: Codable, Hashable, Sendable {
    /// Each player's time at the start of a game, in seconds.
    public var initial: Double
    /// What each move adds back to its player's clock, in seconds.
    public var increment: Double

    /// A time control.
    public init(initial: Double, increment: Double) {
        self.initial = initial
        self.increment = increment
    }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case initial, increment
    }

    /// Reads `{"initial": …, "increment": …}` strictly: both numbers, no other field, so that a typing
    /// mistake is told rather than ignored. The bounds are the server's to check.
    public init(from decoder: any Decoder) throws {
        let names = try decoder.container(keyedBy: DynamicCodingKey.self).allKeys.map(\.stringValue)
        if let unknown = names.first(where: { CodingKeys(rawValue: $0) == nil }) {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription:
                        "The clock has no field \"\(unknown.prefix(40))\": it takes \"initial\" and \"increment\", in seconds."))
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        for key in CodingKeys.allCases where !container.contains(key) {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "The clock needs \"\(key.rawValue)\", a number of seconds."))
        }
        do {
            initial = try container.decode(Double.self, forKey: .initial)
            increment = try container.decode(Double.self, forKey: .increment)
        } catch {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "The clock's \"initial\" and \"increment\" must be numbers of seconds."))
        }
    }

    /// The largest initial time, in seconds (a day).
    public static let maxInitial = 24.0 * 60 * 60
    /// The smallest initial time, in seconds.
    public static let minInitial = 10.0
    /// The largest increment, in seconds.
    public static let maxIncrement = 60.0

    /// Why the server refuses this time control, in a sentence; nil when it is within the bounds.
    public var refusal: String? {
        guard initial.isFinite, initial >= Self.minInitial, initial <= Self.maxInitial else {
            return "The clock's \"initial\" must be from 10 seconds to 24 hours (86400 seconds)."
        }
        guard increment.isFinite, increment >= 0, increment <= Self.maxIncrement else {
            return "The clock's \"increment\" must be from 0 to 60 seconds."
        }
        return nil
    }

    /// What a `clock` field of a request must look like.
    public static let shape = #"The field "clock" must be an object such as {"initial": 180, "increment": 2}, in seconds."#

    /// The `clock` field under `key` of a request body: nil when absent; throws with a sentence when it
    /// is not a time control within the bounds (`null` included: leave the field out for no clock).
    static func read<Key: CodingKey>(_ key: Key, in container: KeyedDecodingContainer<Key>) throws -> WireTimeControl? {
        guard container.contains(key) else { return nil }
        if try container.decodeNil(forKey: key) {
            throw DecodingError.dataCorrupted(.init(codingPath: [key], debugDescription: shape + " Leave it out for no clock."))
        }
        let clock = try container.decode(WireTimeControl.self, forKey: key)
        if let refusal = clock.refusal { throw DecodingError.dataCorrupted(.init(codingPath: [key], debugDescription: refusal)) }
        return clock
    }

    /// The time control in milliseconds, rounded to the nearest.
    public var milliseconds: (initial: Int, increment: Int) {
        (Int((initial * 1000).rounded()), Int((increment * 1000).rounded()))
    }
}
