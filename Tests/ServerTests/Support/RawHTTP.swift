import NIOCore
import NIOPosix

/// Sends a raw HTTP/1.1 request and returns the status code of the answer's first line: for the
/// WebSocket upgrade, whose 101/403/404 an ordinary HTTP client does not report.
enum RawHTTP {
    static func status(port: Int, path: String, headers: [(String, String)]) async throws -> Int {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            var request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
            for (name, value) in headers { request += "\(name): \(value)\r\n" }
            request += "\r\n"
            try await outbound.write(ByteBuffer(string: request))
            var received = ""
            for try await chunk in inbound {
                received += String(buffer: chunk)
                if let lineEnd = received.range(of: "\r\n") {
                    let parts = received[..<lineEnd.lowerBound].split(separator: " ")
                    return parts.count > 1 ? Int(parts[1]) ?? -1 : -1
                }
            }
            return -1
        }
    }

    /// The headers of a WebSocket upgrade request.
    static let upgradeHeaders: [(String, String)] = [
        ("Connection", "Upgrade"), ("Upgrade", "websocket"), ("Sec-WebSocket-Version", "13"),
        ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="),
    ]
}
