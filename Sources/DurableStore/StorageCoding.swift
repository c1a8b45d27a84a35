import Foundation
import MatchStore
import MatchWords

/// The JSON of the `payload` and `summary` columns of every durable store (SQLite, PostgreSQL): the
/// types' own Codable forms, keys sorted. Pinned by the golden tests of Tests/SQLiteStoreTests
/// (StoredFormatTests), so both stores write the same bytes.
package enum StorageCoding {
    package static func encode(_ record: MatchRecord) throws -> EncodedRecord {
        EncodedRecord(kind: record.kind, payload: try handWritten(record) ?? json(record))
    }

    /// The records written on every move and game, without `JSONEncoder` because one is written per move
    /// on the writer's path (docs/PERFORMANCE.md, item 8); byte for byte the golden JSON of the stored
    /// format (StoredFormatTests) and what `JSONEncoder` writes (StorageCodingTests). A game's record
    /// is its kind over the object its game wrote. Nil for the rarer records, which carry free text and
    /// go through `JSONEncoder`.
    package static func handWritten(_ record: MatchRecord) -> String? {
        switch record {
        case .played(let game):
            if let took = game.tookMilliseconds {
                #"{"\#(game.kind)":\#(game.json),"\#(tookKey)":\#(took)}"#
            } else {
                #"{"\#(game.kind)":\#(game.json)}"#
            }
        case .gameStarted(let gameId, let startingPlayer):
            #"{"gameStarted":{"gameId":"\#(gameId.rawValue)","startingPlayer":"\#(startingPlayer.rawValue)"}}"#
        case .gameEnded(let winner?):
            #"{"gameEnded":{"winner":"\#(winner.rawValue)"}}"#
        case .gameEnded(nil):
            #"{"gameEnded":{}}"#
        default:
            nil
        }
    }

    /// Reads a `payload`: a match's own record through its `Codable` form, a game's record as the kind
    /// (its only key) and the object under it, which the game reads.
    package static func decodeRecord(from payload: String) throws -> MatchRecord {
        guard payload.hasPrefix(#"{""#), payload.hasSuffix("}"),
            let kindEnd = payload.firstRange(of: #"":"#)
        else {
            throw UnreadablePayload(payload: payload)
        }
        let kind = String(payload[payload.index(payload.startIndex, offsetBy: 2)..<kindEnd.lowerBound])
        if MatchRecord.ownKinds.contains(kind) { return try decode(MatchRecord.self, from: payload) }
        var gameEnd = payload.index(before: payload.endIndex)
        var took: Int?
        // A timed move: its game's object, then the time it took (no game's object holds this text, as
        // no game writes free text or a key of the match's).
        if let tookField = payload.range(of: #"},"\#(tookKey)":"#, options: .backwards), tookField.lowerBound > kindEnd.upperBound {
            guard let milliseconds = Int(payload[tookField.upperBound..<gameEnd]) else { throw UnreadablePayload(payload: payload) }
            took = milliseconds
            gameEnd = payload.index(after: tookField.lowerBound)
        }
        return .played(GameRecord(kind: kind, json: String(payload[kindEnd.upperBound..<gameEnd]), tookMilliseconds: took))
    }

    /// The key of a timed move's milliseconds, beside its game's object.
    private static let tookKey = "tookMs"

    /// A `payload` that is not one JSON object with one key.
    package struct UnreadablePayload: Error, CustomStringConvertible {
        package let payload: String
        package var description: String { "A stored record is not one object with its kind as key: \(payload.prefix(80))" }
    }

    package static func encode(_ summary: StoredSummary) throws -> EncodedSummary {
        EncodedSummary(phase: summary.phase.name, freeSeats: summary.lobbySeats, json: try json(summary))
    }

    package static func decode<Value: Decodable>(_ type: Value.Type, from json: String) throws -> Value {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }

    /// Any other value the stores keep as JSON text (a match's published presence).
    package static func encode(json value: some Encodable) throws -> String {
        try json(value)
    }

    private static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}

extension MatchRecord {
    /// The kind, as the `kind` column shows it: the case name, or the game's kind for a game's record.
    package var kind: String {
        switch self {
        case .created: "created"
        case .seatTaken: "seatTaken"
        case .computerSeated: "computerSeated"
        case .launchRequested: "launchRequested"
        case .gameStarted: "gameStarted"
        case .played(let game): game.kind
        case .gameEnded: "gameEnded"
        case .left: "left"
        case .seatTimedOut: "seatTimedOut"
        case .listed: "listed"
        case .gameClaimed: "gameClaimed"
        case .resigned: "resigned"
        case .drawOffered: "drawOffered"
        case .drawAccepted: "drawAccepted"
        case .drawDeclined: "drawDeclined"
        case .gameOffered: "gameOffered"
        case .gameDeclined: "gameDeclined"
        case .clockSet: "clockSet"
        case .timeRanOut: "timeRanOut"
        case .gameAborted: "gameAborted"
        case .rated: "rated"
        }
    }
}
