import MatchHosting
import NIOCore
import NIOWebSocket

/// The session's writer: what the host queued goes to the socket while the socket takes it.
extension WebSocketSession {
    package func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable { writeQueued() }
        context.fireChannelWritabilityChanged()
    }

    /// Writes what is queued while the socket takes it (the pending pong first), then flushes once: one
    /// system call for everything a turn of the loop found queued.
    ///
    /// It runs once per connection for every change a match tells (ten thousand times a board for a
    /// match that ten thousand watch), so it reads the channel's writability once per item and the
    /// queue's close flag without a lock (docs/PERFORMANCE.md, measurement 15).
    func writeQueued() {
        guard let context, let connection, let channel else { return }
        // A close the host queued is decided already, whether or not the socket takes its frame.
        if connection.queue.closeQueued { startCloseDeadline(context) }
        guard !closeSent, channel.isWritable else { return }
        var wrote = false
        if let pong = pendingPong {
            pendingPong = nil
            context.write(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .pong, data: pong)), promise: nil)
            wrote = true
        }
        while let item = connection.queue.take() {
            switch item {
            case .text(let payload):
                // A text frame around the shared payload: nothing is copied per connection.
                context.write(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .text, data: payload)), promise: nil)
            case .frames(let frames):
                write(frames, context: context)
            case .close(let code, let reason):
                sendClose(code: code, reason: reason, context: context)
                return
            }
            wrote = true
            guard channel.isWritable else { break }
        }
        if wrote { (framedContext ?? context).flush() }
    }

    /// Writes frames the host framed once for every connection: below the encoder, the shared bytes as
    /// they are (through TLS when the connection has it).
    private func write(_ frames: TextFrames, context: ChannelHandlerContext) {
        if let framedContext {
            framedContext.write(NIOAny(frames.bytes), promise: nil)
        } else {
            // No encoder before the session: one frame each through ours.
            for payload in frames.payloads ?? [] {
                context.write(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .text, data: payload)), promise: nil)
            }
        }
    }
}
