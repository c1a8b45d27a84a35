import Testing

@testable import Server

/// A refusal's reason may quote the client (an origin in client data): the log gets it on one line, cut short.
@Suite("Passkey refusal reasons in the log")
struct RefusalReasonTests {
    @Test func test_loggable_oneLine_cutShort() {
        #expect(
            Routes.loggable("originNotAllowed(\"https://a\nrefused reason=forged\r\u{1B}[31m\")")
                == "originNotAllowed(\"https://a refused reason=forged  [31m\")")
        #expect(Routes.loggable(String(repeating: "x", count: 5_000)).count == 300)
    }
}
