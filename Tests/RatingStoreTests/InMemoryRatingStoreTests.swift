import Accounts
import RatingStore
import RatingStoreContract
import Testing

/// The whole `RatingStore` contract against the in-memory store.
@Suite("RatingStore contract: memory")
struct InMemoryRatingStoreTests {
    @Test(arguments: RatingStoreContract.checks)
    func contract(check: RatingStoreContract.Check) async throws {
        try await check.run(on: InMemoryRatingStore(), accounts: InMemoryAccountStore())
    }
}
