import HTTPTypes
import Hummingbird

/// Adds the headers every page and file gets: a Content-Security-Policy that allows only the page's
/// own scripts, styles and WebSocket, no sniffing, no referrer leaving the site, no framing.
package struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {

    package init() {

    }
    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
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
package enum SecurityHeaders {
    /// Only the page's own scripts, styles, images (and `data:` images) and WebSocket; no plugins,
    /// no `<base>`, no framing.
    package static let contentSecurityPolicy: ContentSecurityPolicy = [
        .defaultSrc(.self), .scriptSrc(.self), .styleSrc(.self), .imgSrc(.self, "data:"), .connectSrc(.self),
        .baseURI(.none), .formAction(.self), .frameAncestors(.none), .objectSrc(.none),
    ]

    package static let fields: HTTPFields = [
        .contentSecurityPolicy: contentSecurityPolicy.description,
        .xContentTypeOptions: "nosniff",
        .referrerPolicy: "no-referrer",
        .xFrameOptions: "DENY",
    ]
}

extension HTTPField.Name {
    package static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
    package static let xFrameOptions = HTTPField.Name("X-Frame-Options")!
}
