import PasskeyTestSupport
import WireProtocol

// What the tests of account seats (issue 41) do over HTTP and WebSockets.

extension LiveServer {
    /// Creates the account `name` with a new software authenticator; its session cookie.
    func registerAccount(_ name: String) async throws -> String {
        var authenticator = SoftwareAuthenticator()
        let (reply, cookie) = try await PasskeyBrowser(port: port).register(name, with: &authenticator)
        guard reply.status == 201, let cookie else { throw HTTP.Failure(description: "registering \(name): \(reply.status) \(reply.body)") }
        return cookie
    }
}

extension TestClient {
    /// Sends `login` with `name` and returns the `seated` that answers it; throws on an `error`.
    func seat(as name: String?) async throws -> (seat: WireSeat, name: String, token: String?) {
        send(.login(name: name))
        let answer = try await next { if case .seated = $0 { true } else if case .error = $0 { true } else { false } }
        guard case .seated(let seat, let name, let token) = answer else { throw HTTP.Failure(description: "login refused: \(answer)") }
        return (seat, name, token)
    }

    /// Reads until a `welcome` and returns its seat and players.
    func nextWelcome() async throws -> (you: WireSeat?, players: [WirePlayer]) {
        let message = try await next { if case .welcome = $0 { true } else { false } }
        guard case .welcome(let you, let snapshot, _) = message else { throw HTTP.Failure(description: "no welcome") }
        return (you, snapshot.players)
    }

    /// Reads until a `presence` whose players satisfy `predicate` and returns them.
    func nextPresence(where predicate: ([WirePlayer]) -> Bool = { _ in true }) async throws -> [WirePlayer] {
        let message = try await next { if case .presence(let players, _, _) = $0 { predicate(players) } else { false } }
        guard case .presence(let players, _, _) = message else { throw HTTP.Failure(description: "no presence") }
        return players
    }
}
