import Hummingbird
import WireProtocol

/// An HTTP error with docs/PROTOCOL.md's body: `{"error": {"code": …, "message": …}}`.
struct APIError: HTTPResponseError {
    let status: HTTPResponse.Status
    let body: ErrorBody

    init(_ status: HTTPResponse.Status, _ code: ErrorCode, _ message: String? = nil) {
        self.status = status
        body = ErrorBody(code: code, message: message)
    }

    static let matchNotFound = APIError(.notFound, .matchNotFound, "There is no match with this id.")
    /// The answer while the server starts or shuts down.
    static let unavailable = APIError(.serviceUnavailable, .matchNotFound, "The server is starting or shutting down; try again shortly.")

    /// The answer when the store cannot be reached (a PostgreSQL server that does not answer).
    static let storageUnavailable = APIError(
        .serviceUnavailable, .matchNotFound, "The match storage cannot be reached right now; try again shortly.")

    /// The answer to a connection, request or WebSocket over `--max-connections-per-address`.
    static let tooManyConnections = APIError(.tooManyRequests, .rateLimited, "Too many connections from your address; close some first.")

    /// The answer to a request whose body did not arrive within `--body-timeout`.
    static let bodyTimeout = APIError(.requestTimeout, .badMessage, "The request body did not arrive in time.")

    func response(from request: Request, context: some RequestContext) throws -> Response {
        .json(body, status: status)
    }
}

extension Response {
    /// A JSON response of a wire body.
    static func json(_ body: some WireCodable, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var headers = headers
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body.encoded())))
    }
}
