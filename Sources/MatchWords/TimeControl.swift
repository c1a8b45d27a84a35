/// A match's time control: each player starts every game with `initial` on their clock, and gets
/// `increment` back after each of their moves (Fischer's increment). Kept to the millisecond, as the
/// log keeps it.
public struct TimeControl: Sendable, Hashable {
    /// Each player's time at the start of a game.
    public let initial: Duration
    /// What each move adds back to its player's clock.
    public let increment: Duration

    /// The initial times a match may have: long enough for a person to make a move, and at most a day.
    public static let initialRange = Duration.seconds(10)...Duration.seconds(24 * 60 * 60)
    /// The increments a match may have.
    public static let incrementRange = Duration.zero...Duration.seconds(60)

    /// A time control of whole milliseconds; nil when either is outside its range.
    public init?(initialMilliseconds: Int, incrementMilliseconds: Int) {
        let initial = Duration.milliseconds(initialMilliseconds)
        let increment = Duration.milliseconds(incrementMilliseconds)
        guard Self.initialRange.contains(initial), Self.incrementRange.contains(increment) else { return nil }
        self.initial = initial
        self.increment = increment
    }

    /// The initial time in milliseconds, as the log writes it.
    public var initialMilliseconds: Int { initial.wholeMilliseconds }
    /// The increment in milliseconds, as the log writes it.
    public var incrementMilliseconds: Int { increment.wholeMilliseconds }
}

extension TimeControl: Codable {
    private enum CodingKeys: String, CodingKey {
        case initialMs, incrementMs
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let initial = try container.decode(Int.self, forKey: .initialMs)
        let increment = try container.decode(Int.self, forKey: .incrementMs)
        guard let control = TimeControl(initialMilliseconds: initial, incrementMilliseconds: increment) else {
            throw DecodingError.dataCorruptedError(forKey: .initialMs, in: container, debugDescription: "a time control out of bounds")
        }
        self = control
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(initialMilliseconds, forKey: .initialMs)
        try container.encode(incrementMilliseconds, forKey: .incrementMs)
    }
}

extension Duration {
    /// The duration in whole milliseconds, rounded to the nearest: what a clock keeps.
    public var wholeMilliseconds: Int {
        let (seconds, attoseconds) = components
        return Int(seconds) * 1000 + Int((Double(attoseconds) / 1e15).rounded())
    }

    /// The duration rounded to the nearest millisecond.
    public var roundedToMilliseconds: Duration { .milliseconds(wholeMilliseconds) }
}
