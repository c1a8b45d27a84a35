import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import Synchronization
import WireProtocol

/// Why a WebSocket upgrade on a connection was refused, as the contract wants it answered.
///
/// Hummingbird's WebSocket channel answers every refused upgrade with a bare `400` and offers no hook
/// to change it, while PROTOCOL.md wants `404` for an unknown match and `403` for a foreign origin, with
/// the usual error body. The upgrade route records its refusal here by channel; a handler at the
/// socket end of that channel's pipeline then writes the recorded answer in place of the `400`.
final class UpgradeRefusals: Sendable {
    struct Refusal: Sendable {
        let status: HTTPResponse.Status
        let body: ErrorBody
    }

    private let refusals = Mutex<[ObjectIdentifier: Refusal]>([:])

    func record(_ refusal: Refusal, for channel: any Channel) {
        refusals.withLock { $0[ObjectIdentifier(channel)] = refusal }
    }

    func take(for channel: any Channel) -> Refusal? {
        refusals.withLock { $0.removeValue(forKey: ObjectIdentifier(channel)) }
    }
}

/// Replaces Hummingbird's `400` to a refused upgrade with the refusal the route recorded.
final class UpgradeRefusalWriter: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let refusals: UpgradeRefusals
    private static let failedUpgradePrefix = Array("HTTP/1.1 400".utf8)

    init(refusals: UpgradeRefusals) {
        self.refusals = refusals
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let buffer = unwrapOutboundIn(data)
        guard buffer.readableBytesView.starts(with: Self.failedUpgradePrefix), let refusal = refusals.take(for: context.channel) else {
            context.write(data, promise: promise)
            return
        }
        let body = refusal.body.encoded()
        let head = "HTTP/1.1 \(refusal.status.code) \(refusal.status.reasonPhrase)\r\n"
            + "Content-Type: application/json; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n"
        context.write(wrapOutboundOut(ByteBuffer(string: head + body)), promise: promise)
    }

    func channelInactive(context: ChannelHandlerContext) {
        _ = refusals.take(for: context.channel)
        context.fireChannelInactive()
    }
}

/// Hummingbird's HTTP/1 + WebSocket child channel with `UpgradeRefusalWriter` in front.
struct RefusingWebSocketChannel: ServerChildChannel {
    typealias Value = HTTP1WebSocketUpgradeChannel.Value

    let inner: HTTP1WebSocketUpgradeChannel
    let refusals: UpgradeRefusals

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        do {
            try channel.pipeline.syncOperations.addHandler(UpgradeRefusalWriter(refusals: refusals), position: .first)
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        return inner.setup(channel: channel, logger: logger)
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// HTTP/1 with WebSocket upgrades through `router`, answering refused upgrades as recorded in `refusals`.
    static func http1WebSocketUpgrade(
        router: Router<AppRequestContext>, configuration: HTTP1WebSocketUpgradeChannel.Configuration, refusals: UpgradeRefusals
    ) -> HTTPServerBuilder {
        let webSocketResponder = router.buildResponder()
        return .init { responder in
            RefusingWebSocketChannel(
                inner: HTTP1WebSocketUpgradeChannel(responder: responder, webSocketResponder: webSocketResponder, configuration: configuration),
                refusals: refusals
            )
        }
    }
}
