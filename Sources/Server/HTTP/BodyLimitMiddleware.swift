import Hummingbird
import Logging
import NIOCore
import WebSocketTransport
import WireProtocol

/// Refuses a request whose body is over `maxBytes` with `413` and the error body (`badMessage`): by its
/// `Content-Length` before reading anything, else (a chunked body) once the reading passes the limit.
/// No route reads a body bigger than a few bytes; this keeps a client from making the server read more.
struct BodyLimitMiddleware<Context: RequestContext>: RouterMiddleware {
    let maxBytes: Int
    let logger: Logger

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var request = request
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > maxBytes {
            throw refusal(request, declared: length)
        }
        // A GET or HEAD without a length has no body (WebSocket upgrades among them): nothing to read.
        if request.headers[.contentLength] != nil || (request.method != .get && request.method != .head) {
            do {
                _ = try await request.collectBody(upTo: maxBytes)
            } catch is NIOTooManyBytesError {
                throw refusal(request, declared: nil)
            }
        }
        return try await next(request, context)
    }

    private func refusal(_ request: Request, declared: Int?) -> APIError {
        logger.notice(
            "refused",
            metadata: [
                "reason": "request body over \(maxBytes) bytes, answered 413", "path": "\(request.uri.path.prefix(200))",
                "declared": "\(declared.map(String.init) ?? "chunked")",
            ])
        return APIError(.contentTooLarge, .badMessage, "The request body is too large (at most \(maxBytes) bytes).")
    }
}
