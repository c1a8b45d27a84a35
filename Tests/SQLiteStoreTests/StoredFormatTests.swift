import DurableStore
import Foundation
import GRDB
import MatchStore
import MatchStoreContract
import MatchTree
import MatchWords
import RandomWin
import Testing
import TicTacToe

@testable import SQLiteStore

/// The stored format, pinned: each record kind and the summary as the exact JSON a store file holds.
/// Renaming a case or a field of the game types must fail here, since every existing file would become
/// unreadable; such a change raises `StoredFormat.current` and keeps reading the old form.
@Suite("Stored format")
struct StoredFormatTests {
    static let tokenHash = Data((0..<32).map { UInt8($0 * 7 % 256) })

    /// Every record kind (and each optional field both ways), with its `kind` column and payload.
    static let golden: [(record: MatchRecord, kind: String, payload: String)] = [
        (.created, "created", #"{"created":{}}"#),
        (
            .seatTaken(seat: .player1, name: #"Zoé "the" \ 🏗"#, tokenHash: tokenHash), "seatTaken",
            #"{"seatTaken":{"name":"Zoé \"the\" \\ 🏗","seat":"player1","tokenHash":"AAcOFRwjKjE4P0ZNVFtiaXB3foWMk5qhqK+2vcTL0tk="}}"#
        ),
        (
            .seatTaken(seat: .player2, name: "Ann", tokenHash: tokenHash, account: "q83vEjRWeJCrze8SNFZ4kA"), "seatTaken",
            #"{"seatTaken":{"account":"q83vEjRWeJCrze8SNFZ4kA","name":"Ann","seat":"player2","tokenHash":"AAcOFRwjKjE4P0ZNVFtiaXB3foWMk5qhqK+2vcTL0tk="}}"#
        ),
        (
            .computerSeated(seat: .player2, level: .perfect), "computerSeated",
            #"{"computerSeated":{"level":"perfect","seat":"player2"}}"#
        ),
        (.launchRequested(gameId: .randomWin), "launchRequested", #"{"launchRequested":{"gameId":"randomWin"}}"#),
        (
            .gameStarted(gameId: .ticTacToe, startingPlayer: .player2), "gameStarted",
            #"{"gameStarted":{"gameId":"ticTacToe","startingPlayer":"player2"}}"#
        ),
        (.moved(seat: .player1, row: 0, col: 2), "moved", #"{"moved":{"col":2,"row":0,"seat":"player1"}}"#),
        (.rolled(seat: .player2, winner: .player1), "rolled", #"{"rolled":{"seat":"player2","winner":"player1"}}"#),
        (.gameEnded(winner: .player2), "gameEnded", #"{"gameEnded":{"winner":"player2"}}"#),
        (.gameEnded(winner: nil), "gameEnded", #"{"gameEnded":{}}"#),
        (.left(seat: .player1), "left", #"{"left":{"seat":"player1"}}"#),
        (.seatTimedOut(seat: .player2), "seatTimedOut", #"{"seatTimedOut":{"seat":"player2"}}"#),
        (.listed, "listed", #"{"listed":{}}"#),
        (.gameClaimed(seat: .player1), "gameClaimed", #"{"gameClaimed":{"seat":"player1"}}"#),
        (.resigned(seat: .player2), "resigned", #"{"resigned":{"seat":"player2"}}"#),
        (.drawOffered(seat: .player1), "drawOffered", #"{"drawOffered":{"seat":"player1"}}"#),
        (.drawAccepted(seat: .player2), "drawAccepted", #"{"drawAccepted":{"seat":"player2"}}"#),
        (.drawDeclined(seat: .player2), "drawDeclined", #"{"drawDeclined":{"seat":"player2"}}"#),
        (
            .gameOffered(seat: .player1, gameId: .ticTacToe), "gameOffered",
            #"{"gameOffered":{"gameId":"ticTacToe","seat":"player1"}}"#
        ),
        (.gameDeclined(seat: .player2), "gameDeclined", #"{"gameDeclined":{"seat":"player2"}}"#),
        (.clockSet(initialMs: 180_000, incrementMs: 2_500), "clockSet", #"{"clockSet":{"incrementMs":2500,"initialMs":180000}}"#),
        (.timeRanOut(seat: .player1), "timeRanOut", #"{"timeRanOut":{"seat":"player1"}}"#),
        // A timed move (a match with a clock): how long it took, in milliseconds, beside its game's object.
        (
            .played(GameRecord(kind: "moved", json: #"{"col":2,"row":0,"seat":"player1"}"#, tookMilliseconds: 1_234)), "moved",
            #"{"moved":{"col":2,"row":0,"seat":"player1"},"tookMs":1234}"#
        ),
    ]

    @Test func test_everyRecordKind_isWrittenAsItsGoldenJSON() throws {
        for (record, kind, payload) in Self.golden {
            let encoded = try StorageCoding.encode(record)
            #expect(encoded.kind == kind)
            #expect(encoded.payload == payload, "\(record)")
        }
    }

    @Test func test_everyGoldenRecord_isReadBackAsItsValue() throws {
        for (record, _, payload) in Self.golden {
            #expect(try StorageCoding.decodeRecord(from: payload) == record)
        }
    }

    @Test func test_theGoldenRecords_coverEveryKind() {
        let kinds = Set(Self.golden.map(\.kind))
        #expect(
            kinds == [
                "created", "seatTaken", "computerSeated", "launchRequested", "gameStarted", "moved", "rolled", "gameEnded", "left",
                "seatTimedOut", "listed", "gameClaimed", "resigned", "drawOffered", "drawAccepted", "drawDeclined", "gameOffered",
                "gameDeclined", "clockSet", "timeRanOut",
            ])
    }

    @Test func test_summaries_areWrittenAsTheirGoldenJSON_andReadBack() throws {
        let goldens: [(StoredSummary, String)] = [
            (.empty, #"{"phase":"loggedOut","players":[]}"#),
            (
                StoredSummary(
                    phase: .loggedOut, players: [], score: nil, listed: true,
                    timeControl: TimeControl(initialMilliseconds: 60_000, incrementMilliseconds: 0)),
                #"{"clock":{"incrementMs":0,"initialMs":60000},"listed":true,"phase":"loggedOut","players":[]}"#
            ),
            (
                StoredSummary(
                    phase: .ticTacToe,
                    players: [SeatedPlayer(seat: .player1, name: "Ann"), SeatedPlayer(seat: .player2, name: "Bob")],
                    score: Score(player1Name: "Ann", player2Name: "Bob", player1Wins: 2, player2Wins: 1, draws: 3)
                ),
                #"{"phase":"ticTacToe","players":[{"name":"Ann","seat":"player1"},{"name":"Bob","seat":"player2"}],"score":{"draws":3,"player1Name":"Ann","player1Wins":2,"player2Name":"Bob","player2Wins":1}}"#
            ),
            (
                StoredSummary(
                    phase: .loggedOut, players: [SeatedPlayer(seat: .player2, name: "Computer", computer: .easy)], score: nil),
                #"{"phase":"loggedOut","players":[{"computer":"easy","name":"Computer","seat":"player2"}]}"#
            ),
        ]
        for (summary, json) in goldens {
            let encoded = try StorageCoding.encode(summary)
            #expect(encoded.json == json)
            #expect(encoded.phase == summary.phase.name)
            #expect(try StorageCoding.decode(StoredSummary.self, from: json) == summary)
        }
    }

    @Test func test_aNewFile_isStampedWithTheCurrentFormat() async throws {
        try await withTemporaryStorePath { path in
            let store = try SQLiteMatchStore(path: path)
            #expect(try await store.executeForTesting("PRAGMA user_version") == "\(StoredFormat.current)")
            try await store.close()
        }
    }

    @Test func test_aFileOfANewerFormat_isRefusedAtOpen_andLeftAsItWas() async throws {
        try await withTemporaryStorePath { path in
            let store = try SQLiteMatchStore(path: path)
            try await store.createMatch(id: "newer-format-match", at: Sample.date(0))
            try await store.executeForTesting("PRAGMA user_version = \(StoredFormat.current + 1)")
            try await store.close()

            #expect(throws: StoredFormat.TooNew.self) { try SQLiteMatchStore(path: path) }
            let version = try await DatabaseQueue(path: path).read { try Int.fetchOne($0, sql: "PRAGMA user_version") }
            #expect(version == StoredFormat.current + 1)
        }
    }
}
