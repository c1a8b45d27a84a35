import NIOCore

/// Answers a client that speaks plain HTTP to the HTTPS port with a `400` in plain HTTP, and closes.
///
/// Without it the TLS handler would read `GET / HTTP/1.1` as a broken handshake and close without a
/// word, or wait for the rest of a record that never comes: the visitor who typed `http://` would see a
/// hang or an empty reply. A TLS connection starts with a handshake record (content type 22); anything
/// else gets the answer. On a TLS connection this handler passes the first bytes on and leaves the
/// pipeline, so it costs nothing after them.
final class PlainHTTPRefusal: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// The content type of a TLS handshake record, the first byte of every ClientHello.
    private static let handshakeRecord: UInt8 = 0x16

    static let body = "This port speaks HTTPS only: open the same address with https:// instead.\n"

    /// The whole answer, in HTTP/1.1: the connection has not been through the HTTP codec.
    static let answer: String =
        "HTTP/1.1 400 Bad Request\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: \(body.utf8.count)\r\n"
        + "connection: close\r\ncache-control: no-store\r\n\r\n" + body

    private var refused = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        let bytes = unwrapInboundIn(data)
        guard let first = bytes.getInteger(at: bytes.readerIndex, as: UInt8.self) else { return }
        if first == Self.handshakeRecord {
            context.fireChannelRead(data)
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
            return
        }
        refused = true
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: Self.answer))).whenComplete { _ in
            channel.close(promise: nil)
        }
    }
}
