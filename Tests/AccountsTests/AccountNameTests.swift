import Accounts
import Testing

@Suite("Account names")
struct AccountNameTests {
    @Test(
        "Names that differ by case, width or compatibility form are one name",
        arguments: [
            ("Ann", "ANN"), ("Ann", "ａｎｎ"), ("Straße", "STRASSE"), ("ΣΊΣΥΦΟΣ", "σίσυφος"), ("ﬁve", "FIVE"), ("Ǆemal", "džemal"),
            ("é", "E\u{301}"),
        ])
    func test_canonical_sameName(first: String, second: String) {
        #expect(AccountName.canonical(first) == AccountName.canonical(second))
    }

    @Test("Different names stay different", arguments: [("Ann", "Anne"), ("Bob", "B0b"), ("Élan", "Elan")])
    func test_canonical_differentNames(first: String, second: String) {
        #expect(AccountName.canonical(first) != AccountName.canonical(second))
    }

    @Test("A session token is 256 random bits, stored as SHA-256 only")
    func test_sessionToken_randomAndHashed() {
        let token = AccountSecrets.newSessionToken()
        #expect(token.count == 43)
        #expect(token != AccountSecrets.newSessionToken())
        #expect(AccountSecrets.hash(token: token).count == 32)
        #expect(AccountSecrets.hash(token: token) != Array(token.utf8))
    }
}
