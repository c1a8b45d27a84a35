import HTTPTypes
import Hummingbird

/// Adds `Strict-Transport-Security` to every answer of a server that serves HTTPS: a browser that has
/// been here over HTTPS then never asks for `http://` again (for a year), so the seat token in the
/// page's storage never crosses the network in the clear. `includeSubDomains` is left out: the server
/// does not know what else its domain hosts. Put it before `SecurityHeadersMiddleware`, which turns
/// errors into responses, so that those carry it too.
struct HSTSMiddleware<Context: RequestContext>: RouterMiddleware {
    /// One year, the figure the HSTS preload list asks for.
    static var value: String { "max-age=31536000" }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        response.headers[.strictTransportSecurity] = Self.value
        return response
    }
}
