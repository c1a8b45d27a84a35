import DurableStore
import Foundation
import MatchStore
import MatchTree
import MatchWords
import RandomWin
import Testing
import TicTacToe

@testable import SQLiteStore

/// The hand-written JSON of the hot records is exactly what `JSONEncoder` writes for them, so the
/// stored log reads the same whichever wrote it.
@Suite("Storage coding")
struct StorageCodingTests {
    static var hotRecords: [MatchRecord] {
        var records: [MatchRecord] = [.gameEnded(winner: nil)]
        for seat in Seat.allCases {
            records.append(.gameEnded(winner: seat))
            for gameId in [GameID.ticTacToe, .randomWin] { records.append(.gameStarted(gameId: gameId, startingPlayer: seat)) }
        }
        return records
    }

    /// Games' records, which their games write (each game's tests pin that against `JSONEncoder`).
    static var gameRecords: [MatchRecord] {
        var records: [MatchRecord] = []
        for seat in Seat.allCases {
            for row in 0...2 { for col in 0...2 { records.append(.moved(seat: seat, row: row, col: col)) } }
            for winner in Seat.allCases { records.append(.rolled(seat: seat, winner: winner)) }
        }
        return records
    }

    @Test func handWrittenRecords_areByteForByteWhatJSONEncoderWrites() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for record in Self.hotRecords {
            let handWritten = try #require(StorageCoding.handWritten(record), "\(record) is not hand-written")
            #expect(handWritten == String(decoding: try encoder.encode(record), as: UTF8.self))
            #expect(try StorageCoding.decodeRecord(from: handWritten) == record)
        }
    }

    @Test func gameRecords_areTheirKindOverTheGamesObject_andReadBack() throws {
        for record in Self.gameRecords {
            guard case .played(let game) = record else {
                Issue.record("\(record) is no game's")
                continue
            }
            let payload = try StorageCoding.encode(record)
            #expect(payload.kind == game.kind)
            #expect(payload.payload == #"{"\#(game.kind)":\#(game.json)}"#)
            #expect(try StorageCoding.decodeRecord(from: payload.payload) == record)
        }
    }

    @Test func aPayloadThatIsNotOneKeyedObject_isUnreadable() {
        for payload in ["", "[]", #"{"moved""#, "null"] {
            #expect(throws: StorageCoding.UnreadablePayload.self) { try StorageCoding.decodeRecord(from: payload) }
        }
    }

    @Test func recordsWithFreeText_goThroughJSONEncoder() throws {
        let seated = MatchRecord.seatTaken(seat: .player1, name: #"Zoé "\ 😀"#, tokenHash: Data([1, 2, 3]))
        #expect(StorageCoding.handWritten(seated) == nil)
        #expect(try StorageCoding.decodeRecord(from: StorageCoding.encode(seated).payload) == seated)
    }
}
