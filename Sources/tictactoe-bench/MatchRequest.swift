import ArgumentParser
import Foundation
import WireProtocol

/// What the bench asks `POST /api/matches` for: a clock (`--clock`), the computer in the second
/// seat (`--computer`), a rated match (`--rated`), or none of them, a plain match created without a
/// body as before.
struct MatchRequest: Sendable, Equatable {
    var clock: WireTimeControl?
    /// The computer's level when it takes the second seat; nil for two people.
    var computerLevel: String?
    /// A rated match (issue 42): created by a signed-in player (`--sessions`), seating only accounts.
    var rated = false

    /// Reads `--clock INITIAL+INCREMENT` (seconds, as the lobby writes "3+2"), within the server's
    /// bounds, so that a typing mistake stops the bench before it creates anything.
    static func clock(parsing text: String) throws -> WireTimeControl {
        let parts = text.split(separator: "+", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, let initial = parts[0], let increment = parts[1] else {
            throw ValidationError("--clock: expected INITIAL+INCREMENT in seconds (e.g. 600+5), got \(text)")
        }
        let clock = WireTimeControl(initial: initial, increment: increment)
        if let refusal = clock.refusal { throw ValidationError("--clock: \(refusal)") }
        return clock
    }

    /// The body of `POST /api/matches`; nil for a plain match, which keeps the request as it always was.
    var body: String? {
        guard clock != nil || computerLevel != nil || rated else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        // Cannot fail: two optional strings, two finite numbers and a Boolean.
        let data = try! encoder.encode(
            Body(clock: clock, opponent: computerLevel.map { _ in NewMatch.computer }, level: computerLevel, rated: rated ? true : nil))
        return String(decoding: data, as: UTF8.self)
    }

    /// Connections of a match that play: the computer's seat needs none.
    var playerConnections: Int { computerLevel == nil ? 2 : 1 }

    /// The fields as the server reads them (`NewMatch`); absent ones are left out.
    private struct Body: Encodable {
        var clock: WireTimeControl?
        var opponent: String?
        var level: String?
        var rated: Bool?
    }

    /// How the bench's table names it.
    var description: String {
        var parts: [String] = []
        if let clock { parts.append("clock \(Monitor.format(clock.initial))+\(Monitor.format(clock.increment))") }
        if let computerLevel { parts.append("against the computer (\(computerLevel))") }
        if rated { parts.append("rated") }
        return parts.isEmpty ? "no clock" : parts.joined(separator: ", ")
    }
}
