import MatchStore
import MatchStoreContract
import Testing

/// The whole `MatchStore` contract, against PostgreSQL with group commit and without.
@Suite("MatchStore contract: PostgreSQL", .enabled(if: TestDatabase.isAvailable, TestDatabase.skipMessage))
struct PostgresContractTests {
    @Test(arguments: [true, false], MatchStoreContract.checks)
    func contract(groupCommit: Bool, check: MatchStoreContract.Check) async throws {
        try await TestDatabase.withSchema { schema in
            try await check.run { _ in try await TestDatabase.openStore(schema: schema, groupCommit: groupCommit) }
        }
    }
}
