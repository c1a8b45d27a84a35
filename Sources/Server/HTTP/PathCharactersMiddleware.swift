import Foundation
import Hummingbird
import WebSocketTransport
import WireProtocol

/// Refuses a request whose path, once percent-decoded, holds a control character (`%00`, `%0A`)
/// with `400 badMessage`. The file system ends a path at a NUL, so `/css/app.css%00.html` would
/// otherwise serve the CSS under the type its `.html` suffix names.
struct PathCharactersMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let decoded = request.uri.path.removingPercentEncoding ?? ""
        guard !decoded.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw APIError(.badRequest, .badMessage, "The path holds a control character.")
        }
        return try await next(request, context)
    }
}
