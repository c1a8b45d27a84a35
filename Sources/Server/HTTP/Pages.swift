import Foundation
import Hummingbird

/// The HTML pages that routes answer with (the rest of `Public/` is served by the file middleware).
struct Pages: Sendable {
    let publicDirectory: String

    /// The page `name` (e.g. "match.html") from the public folder, with `status`.
    func page(_ name: String, status: HTTPResponse.Status = .ok) throws -> Response {
        let url = URL(fileURLWithPath: publicDirectory).appendingPathComponent(name)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw HTTPError(.notFound, message: "Missing page \(name)")
        }
        return Response(
            status: status,
            headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-cache"],
            body: .init(byteBuffer: ByteBuffer(bytes: data))
        )
    }

    /// The "not found" page, with status 404.
    func notFound() throws -> Response {
        try page("404.html", status: .notFound)
    }
}
