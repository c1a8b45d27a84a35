import NIOCore

/// What puts TLS at the front of a new connection's pipeline: the transport asks it first for every
/// connection when the server speaks HTTPS and `wss://`. The server's `ServerTLS` is one; the transport
/// knows nothing of certificates or their options.
package protocol TLSHandlers: Sendable {
    /// Adds the TLS handlers, before any other, to a new connection's pipeline.
    func addHandlers(to channel: any Channel) throws
}
