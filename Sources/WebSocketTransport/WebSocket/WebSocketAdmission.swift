import Logging
import MatchHosting
import MatchStore
import MatchWords
import WireProtocol

/// Decides whether a request for `/ws/{matchId}` may become a WebSocket: the host is answered for,
/// the server is ready, the Origin is allowed, the match exists (loading it if needed). The upgrade and the plain HTTP route ask
/// the same question, so a refusal reads the same either way.
package struct WebSocketAdmission: Sendable {
    package enum Decision: Sendable {
        /// Upgraded: what the WebSocket's session is made with.
        case upgrade(Upgrade)
        /// Answered with this status and error body (docs/PROTOCOL.md: 404 unknown match, 403 foreign
        /// origin, 421 foreign host).
        case refuse(APIError)
        /// Not a WebSocket address: the HTTP routes answer the request.
        case notWebSocketPath
    }

    package let registry: MatchRegistry
    package let state: ServerState
    package let originPolicy: OriginPolicy
    package let hostPolicy: HostPolicy
    /// Whose forwarding headers say who the client of an upgrade is.
    package let trustedProxies: TrustedProxies
    /// Connections per client address, open (HTTP and WebSocket) and WebSockets opened per minute.
    package let connectionLimits: AddressConnectionLimits
    package let metrics: ServerMetrics
    package let logger: Logger
    /// Who a session cookie signs in, and which names are registered (issue 41); nil on a server that
    /// keeps no accounts (a read-only store): every connection is a guest there.
    package let accounts: (any AccountLookup)?

    package init(
        registry: MatchRegistry, state: ServerState, originPolicy: OriginPolicy, hostPolicy: HostPolicy, trustedProxies: TrustedProxies,
        connectionLimits: AddressConnectionLimits, metrics: ServerMetrics, accounts: (any AccountLookup)? = nil, logger: Logger
    ) {
        self.registry = registry
        self.state = state
        self.originPolicy = originPolicy
        self.hostPolicy = hostPolicy
        self.trustedProxies = trustedProxies
        self.connectionLimits = connectionLimits
        self.metrics = metrics
        self.accounts = accounts
        self.logger = logger
    }

    /// The match id of a `/ws/{matchId}` path (query ignored), or nil for any other path.
    package static func requestedMatchID(inPath uri: String) -> Substring? {
        let path = uri.prefix { $0 != "?" && $0 != "#" }
        guard path.hasPrefix("/ws/") else { return nil }
        let id = path.dropFirst(4)
        return id.isEmpty || id.contains("/") ? nil : id
    }

    /// Whether the request target asks to watch only: `watch=1` among its query's parameters.
    package static func watchesOnly(_ uri: String) -> Bool {
        guard let query = uri.split(separator: "?", maxSplits: 1).dropFirst().first else { return false }
        let parameters = query.prefix { $0 != "#" }.split(separator: "&")
        return parameters.contains("watch=1")
    }

    /// - Parameters:
    ///   - path: the request target.
    ///   - origin: the `Origin` header, if any.
    ///   - client: who sent the request and to which host (`TrustedProxies.resolve`).
    ///   - countedAtAccept: whether the connection is counted against the client's address already
    ///     (from a peer that is not a trusted proxy, it is counted from its accept).
    ///   - sessionToken: the upgrade's `session` cookie, if any: the account it signs in plays as that
    ///     account; one that signs nobody in is a guest. Asked last, of an upgrade every other check
    ///     let through (a forbidden origin is refused before its cookie is looked at).
    package func decide(
        path: String, origin: String?, client: ResolvedClient, countedAtAccept: Bool, sessionToken: String? = nil
    ) async -> Decision {
        let authority = client.authority
        guard let requested = Self.requestedMatchID(inPath: path) else { return .notWebSocketPath }
        // Every refusal names the match it was for (as requested) and the client.
        var logger = logger
        logger[metadataKey: "match"] = .string(MatchID.loggable(requested))
        logger[metadataKey: "address"] = .string(client.clientAddress)
        guard hostPolicy.allows(authority: authority) else {
            logger.notice("refused", metadata: ["reason": "host not allowed, answered 421", "host": "\(authority ?? "")"])
            return .refuse(.hostNotAllowed)
        }
        guard state.current == .ready else {
            logger.notice("refused", metadata: ["reason": "starting or draining, answered 503"])
            return .refuse(APIError.unavailable)
        }
        guard originPolicy.allows(origin: origin, authority: authority) else {
            logger.notice("refused", metadata: ["reason": "origin not allowed, answered 403", "origin": "\(origin ?? "")"])
            return .refuse(APIError(.forbidden, .badMessage, "This origin may not open a WebSocket here."))
        }
        guard let id = MatchID(requested: requested) else {
            logger.notice("refused", metadata: ["reason": "malformed match id, answered 404"])
            return .refuse(.matchNotFound)
        }
        // Before the match is loaded: a refused client costs no load. The slot goes back when dropped.
        let slot: AddressConnectionLimits.Slot?
        switch connectionLimits.admitWebSocket(client.clientAddress, countedAtAccept: countedAtAccept) {
        case .success(let admitted):
            slot = admitted
        case .failure(.tooManyOpen):
            metrics.connectionRefused(slowBody: false)
            logger.notice("refused", metadata: ["reason": "too many connections open from the address, answered 429"])
            return .refuse(.tooManyConnections)
        case .failure(.openedTooOften):
            logger.notice("refused", metadata: ["reason": "too many WebSockets opened from the address, answered 429"])
            return .refuse(APIError(.tooManyRequests, .rateLimited, "Too many connections opened from your address; wait a minute."))
        }
        do {
            try await registry.admit(id, watchesOnly: Self.watchesOnly(path))
        } catch {
            switch error {
            case .notFound:
                logger.notice("refused", metadata: ["reason": "unknown match, answered 404"])
                return .refuse(.matchNotFound)
            case .shuttingDown:
                logger.notice("refused", metadata: ["reason": "shutting down, answered 503"])
                return .refuse(APIError.unavailable)
            case .unreadable(MatchStoreError.appendedElsewhere):
                // Another server took the match at every load here: clients routed both ways. Try again.
                logger.notice("refused", metadata: ["reason": "match taken by another server at every load, answered 503"])
                return .refuse(APIError.moving)
            case .unreadable(MatchStoreError.unavailable):
                logger.notice("refused", metadata: ["reason": "storage unreachable, answered 503"])
                return .refuse(APIError.storageUnavailable)
            case .unreadable:
                logger.notice("refused", metadata: ["reason": "match could not be loaded, answered 500"])
                return .refuse(APIError(.internalServerError, .matchNotFound, "This match could not be loaded."))
            }
        }
        let account: AccountPlayer?
        do {
            account = try await signedIn(sessionToken)
        } catch {
            // Seating a signed-in player as a guest would lose the account's seat and name: the client
            // tries again once the storage answers.
            logger.error("refused", metadata: ["reason": "account storage unreachable, answered 503", "error": "\(error)"])
            return .refuse(.accountStorageUnavailable)
        }
        return .upgrade(
            Upgrade(matchID: id, clientAddress: client.clientAddress, slot: slot, watchesOnly: Self.watchesOnly(path), account: account))
    }

    /// The account `sessionToken` signs in; nil for none, or on a server without accounts.
    private func signedIn(_ sessionToken: String?) async throws -> AccountPlayer? {
        guard let accounts, let sessionToken, !sessionToken.isEmpty else { return nil }
        return try await accounts.account(sessionToken: sessionToken)
    }
}

extension WebSocketAdmission {
    /// An upgrade let in: for a client at `clientAddress` (behind trusted proxies, the one they
    /// forwarded for), counted against its address for as long as `slot` lives; nil when the connection
    /// was counted at its accept already (a client connected directly). `watchesOnly`: the path asked
    /// to watch only (`?watch=1`). `account`: the account its session cookie signed in; nil for a guest.
    package struct Upgrade: Sendable {
        package let matchID: MatchID
        package let clientAddress: String
        package let slot: AddressConnectionLimits.Slot?
        package let watchesOnly: Bool
        package let account: AccountPlayer?
    }
}
