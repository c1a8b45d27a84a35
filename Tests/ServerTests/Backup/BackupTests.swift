import AllGames
import Foundation
import GridGames
import MatchStore
import MatchWords
import SQLiteStore
import Synchronization
import Testing
import WireProtocol
import VirtualTime

@testable import MatchHosting
@testable import Server

/// `tictactoe backup` (issue 27, part 4): a copy taken while a server plays on the database holds every
/// move acknowledged before it started, every log in it replays as legal, and a server starts on it.
@Suite("Backups of a live server")
struct BackupTests {
    @Test func test_aBackupDuringPlay_holdsEveryAcknowledgedMove_andEveryLogReplays() async throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("matches.sqlite").path
        let copy = folder.appendingPathComponent("backup.sqlite").path
        var matchIDs: [String] = []
        var ackedBefore: [Int] = []
        try await withTestServer(configure: {
            $0.databasePath = database
            $0.synchronous = .normal
        }) { server in
            let pairs = 3
            let progress = Progress(pairs: pairs)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<pairs {
                    let matchID = try await server.createMatch()
                    matchIDs.append(matchID)
                    let pair = try await server.seatedPair(matchID: matchID)
                    group.addTask { try await Self.play(pair, index: index, progress: progress) }
                }
                // Some play before, then the backup while the play goes on, then a little more.
                while progress.acknowledged.min() ?? 0 < 12 { try await Task.sleep(for: .milliseconds(20)) }
                ackedBefore = progress.acknowledged
                let run = try await BinaryRun.run(["backup", "--db", database, "--to", copy])
                #expect(run.status == 0, "\(run.output)")
                #expect(run.output.contains("backed up"))
                // A little more play after the backup: every pair has a move acknowledged since.
                let ackedAtBackup = progress.acknowledged
                #expect(
                    await eventually { zip(progress.acknowledged, ackedAtBackup).allSatisfy { $0 > $1 } },
                    "a pair made no move after the backup")
                progress.stop()
                try await group.waitForAll()
            }
        }
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: folder.path).contains { $0.hasSuffix(".partial") }))
        let store = try SQLiteMatchStore(path: copy)
        for (matchID, acknowledged) in zip(matchIDs, ackedBefore) {
            let records = try #require(try await store.records(of: MatchID(rawValue: matchID)))
            let moves = records.filter { if case .played = $0.record { true } else { false } }.count
            #expect(moves >= acknowledged, "match \(matchID): \(moves) moves in the backup, \(acknowledged) acknowledged before it")
            // Replayed through a fresh tree, as loading the match does: throws on a record the rules refuse.
            #expect(throws: Never.self) { _ = try GameHistory.games(of: records, games: .standard) }
        }
        try await store.close()
        // The restore: a server started on the copy serves every match.
        try await withTestServer(configure: { $0.databasePath = copy }) { server in
            for matchID in matchIDs {
                let games = try await HTTP.get(port: server.port, "/api/matches/\(matchID)/games")
                #expect(games.status == 200)
                let summary = try await server.summary(of: matchID)
                #expect(summary.players.count == 2)
            }
        }
    }

    /// Plays Tic Tac Toe games one after the other, each player taking the first free cell, until stopped;
    /// counts each move once the server has broadcast it (it is stored by then).
    private static func play(_ pair: SeatedPair, index: Int, progress: Progress) async throws {
        while !progress.stopped {
            pair.alice.send(.startGame(gameId: "ticTacToe"))
            // The new game's empty board (the last game's final board may still be queued).
            let fresh = try await pair.alice.next { if case .board(let board, _) = $0 { board.last == nil } else { false } }
            guard case .board(var board, _) = fresh else {
                Issue.record("expected .board, got \(fresh)")
                return
            }
            while let turn = board.turn, !progress.stopped {
                guard let cell = board.cells.firstIndex(where: { $0 == nil }) else { break }
                // Under the server's 20 messages per second per connection, or moves would be refused.
                try await Task.sleep(for: .milliseconds(60))
                (turn == .player1 ? pair.alice : pair.bob).send(.move(row: cell / 3, col: cell % 3))
                let next = try await pair.alice.next { message in
                    if case .board = message { return true }
                    if case .gameOver = message { return true }
                    return false
                }
                progress.acknowledge(index)
                guard case .board(let updated, _) = next else { break }
                board = updated
            }
            if progress.stopped { return }
            try await pair.alice.nextScreen(.offGame)
        }
    }

    /// The moves acknowledged to each pair so far, and whether to stop.
    final class Progress: Sendable {
        private let state: Mutex<(moves: [Int], stopped: Bool)>
        init(pairs: Int) { state = Mutex((Array(repeating: 0, count: pairs), false)) }
        var acknowledged: [Int] { state.withLock { $0.moves } }
        var stopped: Bool { state.withLock { $0.stopped } }
        func acknowledge(_ index: Int) { state.withLock { $0.moves[index] += 1 } }
        func stop() { state.withLock { $0.stopped = true } }
    }

    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("BackupTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
