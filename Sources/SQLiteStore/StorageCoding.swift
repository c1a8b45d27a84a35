import Foundation
import MatchStore

/// The JSON of the `payload` and `summary` columns: the types' own Codable forms, keys sorted.
enum StorageCoding {
    static func encode(_ record: MatchRecord) throws -> EncodedRecord {
        EncodedRecord(kind: record.kind, payload: try handWritten(record) ?? json(record))
    }

    /// The records of every move and game, written without `JSONEncoder` because one is written per move
    /// on the writer's path (docs/PERFORMANCE.md, item 8); byte for byte the golden JSON of the stored
    /// format (StoredFormatTests) and what `JSONEncoder` writes (StorageCodingTests).
    /// Nil for the rarer records, which carry free text and go through `JSONEncoder`.
    static func handWritten(_ record: MatchRecord) -> String? {
        switch record {
        case .moved(let seat, let row, let col):
            #"{"moved":{"col":\#(col),"row":\#(row),"seat":"\#(seat.rawValue)"}}"#
        case .gameStarted(let gameId, let startingPlayer):
            #"{"gameStarted":{"gameId":"\#(gameId.rawValue)","startingPlayer":"\#(startingPlayer.rawValue)"}}"#
        case .gameEnded(let winner?):
            #"{"gameEnded":{"winner":"\#(winner.rawValue)"}}"#
        case .gameEnded(nil):
            #"{"gameEnded":{}}"#
        case .rolled(let seat, let winner):
            #"{"rolled":{"seat":"\#(seat.rawValue)","winner":"\#(winner.rawValue)"}}"#
        default:
            nil
        }
    }

    static func encode(_ summary: StoredSummary) throws -> EncodedSummary {
        EncodedSummary(phase: summary.phase.rawValue, freeSeats: summary.freeSeats.count, json: try json(summary))
    }

    static func decode<Value: Decodable>(_ type: Value.Type, from json: String) throws -> Value {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }

    private static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}

extension MatchRecord {
    /// The case name, as the `kind` column shows it.
    var kind: String {
        switch self {
        case .created: "created"
        case .seatTaken: "seatTaken"
        case .launchRequested: "launchRequested"
        case .gameStarted: "gameStarted"
        case .moved: "moved"
        case .rolled: "rolled"
        case .gameEnded: "gameEnded"
        case .left: "left"
        case .seatTimedOut: "seatTimedOut"
        }
    }
}
