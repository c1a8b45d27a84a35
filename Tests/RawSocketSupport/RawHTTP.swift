import NIOCore
import NIOPosix

/// Raw HTTP/1.1 over a plain TCP connection: for answers an ordinary HTTP client does not report (the
/// WebSocket upgrade's 101/403/404) and for request targets it would normalise (`/../`, `%2e%2e`).
package enum RawHTTP {
    package struct Reply: Sendable {
        package let status: Int
        /// The status line and the header lines.
        package let head: String
        package let body: String

        /// The value of header `name` (case-insensitive), if present.
        package func header(_ name: String) -> String? {
            head.split(separator: "\r\n").dropFirst().first { $0.lowercased().hasPrefix(name.lowercased() + ":") }
                .map { String($0.dropFirst(name.count + 1)).trimmingCharacters(in: .whitespaces) }
        }
    }

    /// Sends `GET path` with `headers` and returns the status code of the answer's first line.
    package static func status(port: Int, path: String, headers: [(String, String)]) async throws -> Int {
        try await exchange(port: port, path: path, headers: headers, untilHead: true).status
    }

    /// Sends `method target` exactly as given (no normalisation) and reads the answer until the server
    /// closes or its `Content-Length` is read (the head only, with `untilHead`).
    package static func exchange(
        port: Int, method: String = "GET", path: String, headers: [(String, String)] = [], body: String = "", untilHead: Bool = false
    ) async throws -> Reply {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            // `Host` is the server's address unless `headers` names another (a rebinding test).
            let host = headers.contains { $0.0.lowercased() == "host" } ? "" : "Host: 127.0.0.1:\(port)\r\n"
            var request = "\(method) \(path) HTTP/1.1\r\n\(host)"
            for (name, value) in headers { request += "\(name): \(value)\r\n" }
            request += "\r\n" + body
            try await outbound.write(ByteBuffer(string: request))
            var received: [UInt8] = []
            var reply: Reply?
            for try await chunk in inbound {
                received += chunk.readableBytesView
                reply = parse(received)
                guard let reply else { continue }
                if untilHead { return reply }
                if let length = reply.header("Content-Length").flatMap(Int.init), reply.body.utf8.count >= length { return reply }
            }
            return reply ?? Reply(status: -1, head: "", body: String(decoding: received, as: UTF8.self))
        }
    }

    /// The reply at the start of `bytes`, once its head is complete (the body is what follows it).
    package static func parse(_ bytes: [UInt8]) -> Reply? {
        guard let end = bytes.firstRange(of: Array("\r\n\r\n".utf8)) else { return nil }
        let head = String(decoding: bytes[..<end.lowerBound], as: UTF8.self)
        let parts = head.prefix { $0 != "\r" }.split(separator: " ")
        let status = parts.count > 1 ? Int(parts[1]) ?? -1 : -1
        return Reply(status: status, head: head, body: String(decoding: bytes[end.upperBound...], as: UTF8.self))
    }

    /// The headers of a WebSocket upgrade request.
    package static let upgradeHeaders: [(String, String)] = [
        ("Connection", "Upgrade"), ("Upgrade", "websocket"), ("Sec-WebSocket-Version", "13"),
        ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="),
    ]
}
