import NIOCore
import NIOHTTP1

extension GameServerChannel {
    /// How a connection just accepted is counted against its address (`--max-connections-per-address`).
    package enum AcceptCount {
        /// From a trusted proxy (or a peer without an address): each request and WebSocket it carries is
        /// counted against the client it was forwarded for instead.
        case notCounted
        /// Counted against its peer's address until it closes.
        case counted
        /// Over the limit: answered `429` and closed, or closed at once.
        case refused
    }

    /// Counts `channel` against its peer's address; over the limit, sets it up to be refused.
    package func countAtAccept(_ channel: any Channel) throws -> AcceptCount {
        guard let peer = channel.remoteAddress?.ipAddress, let address = IPAddress(peer), !admission.trustedProxies.trusts(address) else {
            return .notCounted
        }
        switch admission.connectionLimits.accept(peer) {
        case .counted(let slot):
            // Given back when the connection closes, whatever it became (HTTP, a WebSocket, a refusal).
            channel.closeFuture.whenComplete { _ in withExtendedLifetime(slot) {} }
            return .counted
        case .refused(let slot):
            channel.closeFuture.whenComplete { _ in withExtendedLifetime(slot) {} }
            webSocket.metrics.connectionRefused(slowBody: false)
            webSocket.logger.notice(
                "refused", metadata: ["address": "\(peer)", "reason": "too many connections open from the address, answered 429"])
            try channel.pipeline.syncOperations.configureHTTPServerPipeline(withPipeliningAssistance: false, withErrorHandling: false)
            try channel.pipeline.syncOperations.addHandler(AddressLimitRefusalHandler())
            // The refusal waits for a whole request no longer than any connection's first request does.
            let deadline = channel.eventLoop.scheduleTask(in: TimeAmount(timeouts.handshake)) { channel.close(promise: nil) }
            channel.closeFuture.whenComplete { _ in deadline.cancel() }
            return .refused
        case .dropped:
            webSocket.metrics.connectionRefused(slowBody: false)
            channel.close(promise: nil)
            return .refused
        }
    }
}
