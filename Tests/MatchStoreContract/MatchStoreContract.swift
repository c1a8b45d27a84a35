import Foundation
import MatchStore
import MatchTree
import MatchWords
import Testing

/// The contract of `MatchStore` as checks that any store's test target runs against its own stores,
/// each check on a new store. A store kind runs the whole contract with one parameterised test:
///
///     @Test(arguments: MatchStoreContract.checks)
///     func contract(_ check: MatchStoreContract.Check) async throws {
///         try await check.run { directory in try MyMatchStore(path: directory.appendingPathComponent("store").path) }
///     }
///
/// (or `@Test(arguments: variants, MatchStoreContract.checks)` for every variant of a store).
public enum MatchStoreContract {
    /// Opens a new, empty store for one check, which closes it. `scratchDirectory` is a new empty
    /// directory, removed after the check, for a store that keeps files.
    public typealias Opener = (_ scratchDirectory: URL) async throws -> any MatchStore

    /// One check of the contract, named after what it checks.
    public struct Check: Sendable, Identifiable, CustomTestStringConvertible {
        /// The check's name, which the test report shows.
        public let id: String
        fileprivate let body: @Sendable (Opener) async throws -> Void

        /// The check's name.
        public var testDescription: String { id }

        /// Runs the check on a store that `open` makes.
        public func run(opening open: Opener) async throws {
            try await body(open)
        }
    }

    /// Every check of the contract.
    public static let checks: [Check] = [
        Check(id: "createMatch_storesCreatedRecordAndEmptySummary", body: createMatch_storesCreatedRecordAndEmptySummary),
        Check(id: "append_addsRecordsInOrderAndReplacesSummary", body: append_addsRecordsInOrderAndReplacesSummary),
        Check(
            id: "append_withoutASummary_keepsTheStoredOne_andStillAddsTheRecords",
            body: append_withoutASummary_keepsTheStoredOne_andStillAddsTheRecords),
        Check(id: "append_keepsMillisecondsOfDates", body: append_keepsMillisecondsOfDates),
        Check(id: "unknownMatch_readsAsNil", body: unknownMatch_readsAsNil),
        Check(id: "append_toUnknownMatch_throwsAndWritesNothing", body: append_toUnknownMatch_throwsAndWritesNothing),
        Check(id: "createMatch_withTakenId_throwsAndKeepsTheMatch", body: createMatch_withTakenId_throwsAndKeepsTheMatch),
        Check(id: "listSummaries_newestFirst_filteredAndLimited", body: listSummaries_newestFirst_filteredAndLimited),
        Check(id: "listSummaries_sameCreationDate_newestCreatedFirst", body: listSummaries_sameCreationDate_newestCreatedFirst),
        Check(id: "afterClose_callsThrowClosedAndCloseAgainDoesNothing", body: afterClose_callsThrowClosedAndCloseAgainDoesNothing),
        Check(id: "concurrentAppendsToManyMatches_keepEachMatchInCallOrder", body: concurrentAppendsToManyMatches_keepEachMatchInCallOrder),
        Check(id: "readsDuringWrites_seeWholeAppends", body: readsDuringWrites_seeWholeAppends),
        Check(
            id: "deleteMatches_removesThoseUnchangedSinceTheDate_oldestFirst_exceptKept",
            body: deleteMatches_removesThoseUnchangedSinceTheDate_oldestFirst_exceptKept),
    ]

    /// Issue 17, item 6: the retention policy's deletion. The store goes on working for what is left,
    /// and an id deleted can be created again.
    private static func deleteMatches_removesThoseUnchangedSinceTheDate_oldestFirst_exceptKept(_ open: Opener) async throws {
        try await withStore(open) { store in
            for index in 0..<6 {
                try await store.createMatch(id: "m\(index)", at: Sample.date(index))
            }
            // m0's summary changed late: it counts as active then. m1 has records without a summary change.
            try await store.append([], summary: Sample.oneSeated, to: "m0", at: Sample.date(20))
            try await store.append(Array(Sample.everyKind.prefix(3)), summary: nil, to: "m1", at: Sample.date(21))

            // Unchanged since before second 4: m1, m2, m3; m2 is kept; the limit takes the oldest one.
            #expect(try await store.deleteMatches(updatedBefore: Sample.date(4), keeping: ["m2"], limit: 1) == ["m1"])
            #expect(try await store.deleteMatches(updatedBefore: Sample.date(4), keeping: ["m2"], limit: 10) == ["m3"])
            #expect(try await store.deleteMatches(updatedBefore: Sample.date(4), keeping: ["m2"], limit: 10) == [])
            for gone: MatchID in ["m1", "m3"] {
                #expect(try await store.records(of: gone) == nil)
                #expect(try await store.summary(of: gone) == nil)
                await #expect(throws: MatchStoreError.unknownMatch(gone)) {
                    try await store.append([Sample.marker(1)], summary: nil, to: gone, at: Sample.date(30))
                }
            }
            #expect(try await store.listSummaries(listedWithFreeSeat: false, limit: 50).map(\.id) == ["m5", "m4", "m2", "m0"])
            #expect(try await store.records(of: "m0")?.count == 1)

            try await store.createMatch(id: "m1", at: Sample.date(40))
            try await store.append([Sample.marker(1)], summary: nil, to: "m1", at: Sample.date(41))
            #expect(try await store.records(of: "m1")?.map(\.record) == [.created, Sample.marker(1)])
        }
    }

    private static func createMatch_storesCreatedRecordAndEmptySummary(_ open: Opener) async throws {
        try await withStore(open) { store in
            try await store.createMatch(id: "m1", at: Sample.date(0))

            #expect(try await store.records(of: "m1") == [StoredRecord(sequence: 1, record: .created, at: Sample.date(0))])
            #expect(try await store.summary(of: "m1") == .empty)
        }
    }

    private static func append_addsRecordsInOrderAndReplacesSummary(_ open: Opener) async throws {
        try await withStore(open) { store in
            try await store.createMatch(id: "m1", at: Sample.date(0))
            try await store.append(Array(Sample.everyKind.prefix(3)), summary: Sample.oneSeated, to: "m1", at: Sample.date(1))
            try await store.append([], summary: Sample.oneSeated, to: "m1", at: Sample.date(2))
            try await store.append(Array(Sample.everyKind.dropFirst(3)), summary: Sample.twoSeated, to: "m1", at: Sample.date(3))

            let records = try #require(try await store.records(of: "m1"))
            #expect(records.map(\.sequence) == Array(1...(1 + Sample.everyKind.count)))
            #expect(records.map(\.record) == [.created] + Sample.everyKind)
            let dates =
                [Sample.date(0)] + Array(repeating: Sample.date(1), count: 3)
                + Array(repeating: Sample.date(3), count: Sample.everyKind.count - 3)
            #expect(records.map(\.at) == dates)
            #expect(try await store.summary(of: "m1") == Sample.twoSeated)
        }
    }

    private static func append_withoutASummary_keepsTheStoredOne_andStillAddsTheRecords(_ open: Opener) async throws {
        try await withStore(open) { store in
            try await store.createMatch(id: "m1", at: Sample.date(0))
            try await store.append([.left(seat: .player1)], summary: Sample.oneSeated, to: "m1", at: Sample.date(1))
            try await store.append([.left(seat: .player2)], summary: nil, to: "m1", at: Sample.date(2))

            #expect(try await store.summary(of: "m1") == Sample.oneSeated)
            #expect(try await store.records(of: "m1")?.map(\.record) == [.created, .left(seat: .player1), .left(seat: .player2)])
            await #expect(throws: MatchStoreError.unknownMatch("nope")) {
                try await store.append([.left(seat: .player1)], summary: nil, to: "nope", at: Sample.date(3))
            }
        }
    }

    private static func append_keepsMillisecondsOfDates(_ open: Opener) async throws {
        try await withStore(open) { store in
            let date = Date(timeIntervalSince1970: 1_700_000_000.123)
            try await store.createMatch(id: "m1", at: date)
            try await store.append([.left(seat: .player1)], summary: .empty, to: "m1", at: date.addingTimeInterval(0.456))

            let records = try #require(try await store.records(of: "m1"))
            #expect(abs(records[0].at.timeIntervalSince(date)) < 0.001)
            #expect(abs(records[1].at.timeIntervalSince(date) - 0.456) < 0.001)
        }
    }

    private static func unknownMatch_readsAsNil(_ open: Opener) async throws {
        try await withStore(open) { store in
            try await store.createMatch(id: "m1", at: Sample.date(0))

            #expect(try await store.records(of: "nope") == nil)
            #expect(try await store.summary(of: "nope") == nil)
        }
    }

    private static func append_toUnknownMatch_throwsAndWritesNothing(_ open: Opener) async throws {
        try await withStore(open) { store in
            await #expect(throws: MatchStoreError.unknownMatch("nope")) {
                try await store.append([.left(seat: .player1)], summary: Sample.oneSeated, to: "nope", at: Sample.date(1))
            }
            let records = try await store.records(of: "nope")
            let listed = try await store.listSummaries(listedWithFreeSeat: false, limit: 50)
            #expect(records == nil)
            #expect(listed.isEmpty)
        }
    }

    private static func createMatch_withTakenId_throwsAndKeepsTheMatch(_ open: Opener) async throws {
        try await withStore(open) { store in
            try await store.createMatch(id: "m1", at: Sample.date(0))
            try await store.append([Sample.marker(1)], summary: Sample.oneSeated, to: "m1", at: Sample.date(1))

            await #expect(throws: MatchStoreError.duplicateMatch("m1")) {
                try await store.createMatch(id: "m1", at: Sample.date(2))
            }
            #expect(try await store.records(of: "m1")?.map(\.record) == [.created, Sample.marker(1)])
            #expect(try await store.summary(of: "m1") == Sample.oneSeated)
        }
    }

    private static func listSummaries_newestFirst_filteredAndLimited(_ open: Opener) async throws {
        try await withStore(open) { store in
            for index in 0..<6 {
                try await store.createMatch(id: "m\(index)", at: Sample.date(index))
            }
            try await store.append([], summary: Sample.twoSeated, to: "m1", at: Sample.date(10))
            try await store.append([], summary: Sample.twoSeated, to: "m4", at: Sample.date(11))
            try await store.append([], summary: Sample.listedOneSeated, to: "m5", at: Sample.date(12))
            // Private, however many seats are free; listed but left by its last player.
            try await store.append([], summary: Sample.oneSeated, to: "m3", at: Sample.date(13))
            try await store.append([], summary: Sample.listedEmpty, to: "m2", at: Sample.date(14))
            try await store.append([], summary: Sample.listedOneSeated, to: "m0", at: Sample.date(15))

            let all = try await store.listSummaries(listedWithFreeSeat: false, limit: 50)
            #expect(all.map(\.id) == ["m5", "m4", "m3", "m2", "m1", "m0"])
            #expect(all[1] == StoredMatch(id: "m4", createdAt: Sample.date(4), updatedAt: Sample.date(11), summary: Sample.twoSeated))

            let lobby = try await store.listSummaries(listedWithFreeSeat: true, limit: 3)
            #expect(lobby.map(\.id) == ["m5", "m0"])
            #expect(lobby.first?.summary == Sample.listedOneSeated)
            #expect(try await store.listSummaries(listedWithFreeSeat: true, limit: 1).map(\.id) == ["m5"])
            #expect(try await store.listSummaries(listedWithFreeSeat: true, limit: 0).isEmpty)
            // One match, as the list gives it: its dates and its summary.
            #expect(try await store.match("m4") == all[1])
            #expect(
                try await store.match("m3")
                    == StoredMatch(id: "m3", createdAt: Sample.date(3), updatedAt: Sample.date(13), summary: Sample.oneSeated))
            #expect(try await store.match("nope") == nil)
        }
    }

    private static func listSummaries_sameCreationDate_newestCreatedFirst(_ open: Opener) async throws {
        try await withStore(open) { store in
            for id: MatchID in ["b", "a", "c"] {
                try await store.createMatch(id: id, at: Sample.date(0))
                try await store.append([], summary: Sample.listedOneSeated, to: id, at: Sample.date(1))
            }
            #expect(try await store.listSummaries(listedWithFreeSeat: true, limit: 50).map(\.id) == ["c", "a", "b"])
        }
    }

    private static func afterClose_callsThrowClosedAndCloseAgainDoesNothing(_ open: Opener) async throws {
        try await withTemporaryDirectory { directory in
            let store = try await open(directory)
            try await store.createMatch(id: "m1", at: Sample.date(0))
            try await store.close()

            await #expect(throws: MatchStoreError.closed) { try await store.createMatch(id: "m2", at: Sample.date(1)) }
            await #expect(throws: MatchStoreError.closed) {
                try await store.append([], summary: .empty, to: "m1", at: Sample.date(1))
            }
            await #expect(throws: MatchStoreError.closed) { try await store.records(of: "m1") }
            await #expect(throws: MatchStoreError.closed) { try await store.summary(of: "m1") }
            await #expect(throws: MatchStoreError.closed) { try await store.listSummaries(listedWithFreeSeat: true, limit: 1) }
            try await store.close()
        }
    }

    private static func concurrentAppendsToManyMatches_keepEachMatchInCallOrder(_ open: Opener) async throws {
        let matches = 24
        let appendsPerMatch = 30
        try await withStore(open) { store in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for match in 0..<matches {
                    group.addTask {
                        try await store.createMatch(id: "m\(match)", at: Sample.date(0))
                        for index in 1...appendsPerMatch {
                            let records = index.isMultiple(of: 3) ? [Sample.marker(index), .left(seat: .player2)] : [Sample.marker(index)]
                            try await store.append(records, summary: Sample.oneSeated, to: "m\(match)", at: Sample.date(index))
                        }
                    }
                }
                try await group.waitForAll()
            }

            for match in 0..<matches {
                let records = try #require(try await store.records(of: "m\(match)"))
                #expect(records.map(\.sequence) == Array(1...records.count))
                #expect(records.compactMap { Sample.index(of: $0.record) } == Array(1...appendsPerMatch))
                #expect(records.count == 1 + appendsPerMatch + appendsPerMatch / 3)
            }
        }
    }

    private static func readsDuringWrites_seeWholeAppends(_ open: Opener) async throws {
        try await withStore(open) { store in
            try await store.createMatch(id: "m1", at: Sample.date(0))
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for index in 1...40 {
                        try await store.append(
                            [Sample.marker(index), .left(seat: .player1)], summary: Sample.oneSeated, to: "m1", at: Sample.date(index))
                    }
                }
                group.addTask {
                    for _ in 1...40 {
                        let records = try #require(try await store.records(of: "m1"))
                        #expect(records.count % 2 == 1, "an append is seen whole or not at all")
                    }
                }
                try await group.waitForAll()
            }
        }
    }
}

/// Runs `body` with a new store from `open` in a temporary directory, then closes it and cleans up.
private func withStore(_ open: MatchStoreContract.Opener, _ body: (any MatchStore) async throws -> Void) async throws {
    try await withTemporaryDirectory { directory in
        let store = try await open(directory)
        do {
            try await body(store)
        } catch {
            try? await store.close()
            throw error
        }
        try await store.close()
    }
}
