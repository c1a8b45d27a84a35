import AccountStoreContract
import Accounts
import Testing

@Suite("AccountStore contract: in memory")
struct InMemoryAccountStoreTests {
    @Test(arguments: AccountStoreContract.checks)
    func contract(check: AccountStoreContract.Check) async throws {
        try await check.run(on: InMemoryAccountStore())
    }
}
