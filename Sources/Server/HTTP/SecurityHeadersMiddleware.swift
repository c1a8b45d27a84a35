import HTTPTypes
import Hummingbird

/// Adds the headers every page and file gets: a Content-Security-Policy that allows only the page's
/// own scripts, styles and WebSocket, no sniffing, no referrer leaving the site, no framing.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as HTTPResponseError {
            response = try error.response(from: request, context: context)
        }
        for field in SecurityHeaders.fields { response.headers[field.name] = field.value }
        return response
    }
}

/// The headers every response carries, pages, files, errors and refused upgrades alike.
enum SecurityHeaders {
    static let contentSecurityPolicy =
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
        + "base-uri 'none'; form-action 'self'; frame-ancestors 'none'; object-src 'none'"

    static let fields: HTTPFields = [
        .contentSecurityPolicy: contentSecurityPolicy,
        .xContentTypeOptions: "nosniff",
        .referrerPolicy: "no-referrer",
        .xFrameOptions: "DENY",
    ]
}

extension HTTPField.Name {
    static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
    static let xFrameOptions = HTTPField.Name("X-Frame-Options")!
}
