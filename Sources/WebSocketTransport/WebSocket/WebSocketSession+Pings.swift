import NIOCore
import NIOWebSocket

/// Keep-alive pings, sent by the loop's `KeepAliveWheel`.
extension WebSocketSession {
    /// Pings the client; one that did not answer the previous ping is gone (a half-open connection).
    /// Returns whether to ping it again at the next turn of the loop's `KeepAliveWheel`.
    func ping() -> Bool {
        // A closed socket's handlers are removed a little after it closed: nothing to ping meanwhile.
        guard let context, context.channel.isActive, !closeSent else { return false }
        if unansweredPing != nil {
            refuse(code: 1001, reason: "Ping timeout.", log: "no answer to a ping")
            return false
        }
        pingsSent += 1
        unansweredPing = pingsSent
        var data = context.channel.allocator.buffer(capacity: 8)
        data.writeInteger(pingsSent)
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .ping, data: data)), promise: nil)
        return true
    }
}
