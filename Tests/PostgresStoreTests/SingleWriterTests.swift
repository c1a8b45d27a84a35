import Foundation
import MatchStore
import MatchStoreContract
import MatchWords
import PostgresStore
import Testing

/// Two stores (two servers) appending to one match on one database: the log never forks.
@Suite("PostgreSQL: one writer per match", .enabled(if: TestDatabase.isAvailable, TestDatabase.skipMessage))
struct SingleWriterTests {
    @Test func test_aStoreBehindAnotherWriter_isRefused_untilItReadsTheLogAgain() async throws {
        try await TestDatabase.withTwoStores { first, second in
            try await first.createMatch(id: "m1", at: Sample.date(0))
            _ = try await second.records(of: "m1")

            try await first.append([Sample.marker(1)], summary: nil, to: "m1", at: Sample.date(1))
            await #expect(throws: MatchStoreError.appendedElsewhere("m1")) {
                try await second.append([Sample.marker(2)], summary: Sample.oneSeated, to: "m1", at: Sample.date(2))
            }
            await #expect(throws: MatchStoreError.appendedElsewhere("m1"), "refused until it reads the log again") {
                try await second.append([Sample.marker(3)], summary: nil, to: "m1", at: Sample.date(3))
            }
            #expect(try await second.records(of: "m1")?.map(\.record) == [.created, Sample.marker(1)])
            try await second.append([Sample.marker(4)], summary: nil, to: "m1", at: Sample.date(4))
            await #expect(throws: MatchStoreError.appendedElsewhere("m1")) {
                try await first.append([Sample.marker(5)], summary: nil, to: "m1", at: Sample.date(5))
            }

            let records = try #require(try await first.records(of: "m1"))
            #expect(records.map(\.sequence) == [1, 2, 3])
            #expect(records.map(\.record) == [.created, Sample.marker(1), Sample.marker(4)])
            #expect(try await first.summary(of: "m1") == .empty, "a refused append writes no summary either")
        }
    }

    /// Both stores saw each match at the same point and append at once: exactly one wins each match's
    /// next sequence, the other is refused, and the log has one record there.
    @Test(arguments: [true, false])
    func test_simultaneousAppends_exactlyOneWinsEachSequence(groupCommit: Bool) async throws {
        let matches = 40
        try await TestDatabase.withTwoStores(groupCommit: groupCommit) { first, second in
            let ids = (0..<matches).map { MatchID(rawValue: "race-\($0)") }
            for id in ids {
                try await first.createMatch(id: id, at: Sample.date(0))
                _ = try await second.records(of: id)
            }
            let wins = try await withThrowingTaskGroup(of: (MatchID, Int, Bool).self) { group in
                for id in ids {
                    for (writer, store) in [(1, first), (2, second)] {
                        group.addTask {
                            do {
                                try await store.append([Sample.marker(writer)], summary: nil, to: id, at: Sample.date(writer))
                                return (id, writer, true)
                            } catch MatchStoreError.appendedElsewhere(id) {
                                return (id, writer, false)
                            }
                        }
                    }
                }
                return try await group.reduce(into: [MatchID: [Int]]()) { wins, result in
                    if result.2 { wins[result.0, default: []].append(result.1) }
                }
            }
            for id in ids {
                let winners = wins[id] ?? []
                #expect(winners.count == 1, "\(id): winners \(winners)")
                let records = try #require(try await first.records(of: id))
                #expect(records.map(\.sequence) == [1, 2])
                #expect(records.last.map { Sample.index(of: $0.record) } == winners.first)
            }
        }
    }

    /// Two stores keep appending to one match, each reloading the log when refused (as a server that
    /// lost a match would before trying again): every acknowledged append is in the log exactly once,
    /// nothing refused is, and the sequences run 1, 2, 3… without a gap or a duplicate.
    @Test func test_twoStoresAppendingToOneMatch_leaveALogWithoutGapOrDuplicate() async throws {
        let attempts = 60
        try await TestDatabase.withTwoStores { first, second in
            try await first.createMatch(id: "contested", at: Sample.date(0))
            let acknowledged = try await withThrowingTaskGroup(of: [Int].self) { group in
                for (writer, store) in [(1, first), (2, second)] {
                    group.addTask {
                        var acknowledged: [Int] = []
                        _ = try await store.records(of: "contested")
                        for attempt in 0..<attempts {
                            let marker = writer * 1000 + attempt
                            do {
                                try await store.append([Sample.marker(marker)], summary: nil, to: "contested", at: Sample.date(attempt))
                                acknowledged.append(marker)
                            } catch MatchStoreError.appendedElsewhere {
                                _ = try await store.records(of: "contested")
                            }
                        }
                        return acknowledged
                    }
                }
                return try await group.reduce(into: [Int]()) { $0 += $1 }
            }

            let records = try #require(try await first.records(of: "contested"))
            #expect(records.map(\.sequence) == Array(1...records.count))
            let logged = records.dropFirst().compactMap { Sample.index(of: $0.record) }
            #expect(logged.count == records.count - 1)
            #expect(logged.sorted() == acknowledged.sorted(), "every acknowledged append once, nothing else")
            #expect(Set(logged).count == logged.count)
            #expect(acknowledged.count >= attempts, "each round has a winner")
        }
    }
}
