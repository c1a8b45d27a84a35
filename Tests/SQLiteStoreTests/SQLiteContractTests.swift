import MatchStoreContract
import MatchWords
import Testing

/// The whole `MatchStore` contract, against every SQLite variant.
@Suite("MatchStore contract: SQLite")
struct SQLiteContractTests {
    @Test(arguments: SQLiteVariant.allCases, MatchStoreContract.checks)
    func contract(variant: SQLiteVariant, check: MatchStoreContract.Check) async throws {
        try await check.run(opening: variant.open)
    }
}
