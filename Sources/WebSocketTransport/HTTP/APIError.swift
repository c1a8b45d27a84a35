import Hummingbird
import WireProtocol

/// An HTTP error with docs/PROTOCOL.md's body: `{"error": {"code": …, "message": …}}`.
package struct APIError: HTTPResponseError {
    package let status: HTTPResponse.Status
    package let body: ErrorBody

    package init(_ status: HTTPResponse.Status, _ code: ErrorCode, _ message: String? = nil) {
        self.status = status
        body = ErrorBody(code: code, message: message)
    }

    package static let matchNotFound = APIError(.notFound, .matchNotFound, "There is no match with this id.")
    /// The answer while the server starts or shuts down.
    package static let unavailable = APIError(
        .serviceUnavailable, .matchNotFound, "The server is starting or shutting down; try again shortly.")

    /// The answer when another server took the match at every load here (clients of one match routed
    /// to two servers, each taking it in turn): the client tries again, as a page does.
    package static let moving = APIError(
        .serviceUnavailable, .matchNotFound, "This match is moving between servers; try again shortly.")

    /// The answer when the store cannot be reached (a PostgreSQL server that does not answer).
    package static let storageUnavailable = APIError(
        .serviceUnavailable, .matchNotFound, "The match storage cannot be reached right now; try again shortly.")

    /// The answer when the account storage cannot be reached (issue 41): the account routes', and a
    /// WebSocket upgrade's that carries a session cookie.
    package static let accountStorageUnavailable = APIError(
        .serviceUnavailable, .notSignedIn, "The account storage cannot be reached right now; try again shortly.")

    /// The answer to a connection, request or WebSocket over `--max-connections-per-address`.
    package static let tooManyConnections = APIError(
        .tooManyRequests, .rateLimited, "Too many connections from your address; close some first.")

    /// The answer to a request whose body did not arrive within `--body-timeout`.
    package static let bodyTimeout = APIError(.requestTimeout, .badMessage, "The request body did not arrive in time.")

    package func response(from request: Request, context: some RequestContext) throws -> Response {
        .json(body, status: status)
    }
}

extension Response {
    /// A JSON response of a wire body.
    package static func json(_ body: some WireCodable, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var headers = headers
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body.encoded())))
    }
}

extension APIError {
    /// The answer to a request whose `Host` the server does not answer for.
    package static let hostNotAllowed = APIError(.misdirectedRequest, .badMessage, "This server does not answer for that host name.")
}
