import Hummingbird

/// `GET /ws/{matchId}` without an upgrade: answers what an upgrade would have been refused with (404,
/// 403, 503), or `426` for a match that would have been joined. The upgrade itself never reaches the
/// router: `GameServerChannel` takes it on the socket.
package struct WebSocketRoute: Sendable {
    package let admission: WebSocketAdmission

    package init(admission: WebSocketAdmission) {
        self.admission = admission
    }

    package func add(to router: Router<AppRequestContext>) {
        router.get("/ws/{matchId}") { request, context -> Response in
            // The request is counted against its client already: its connection from its accept, or
            // the request itself behind a trusted proxy (`ForwardedClientLimitMiddleware`).
            let decision = await admission.decide(
                path: request.uri.path, origin: request.headers[.origin], client: context.client, countedAtAccept: true)
            if case .refuse(let error) = decision { throw error }
            throw APIError(.upgradeRequired, .badMessage, "This address takes WebSocket upgrades only.")
        }
    }
}
