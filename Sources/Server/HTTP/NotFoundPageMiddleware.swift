import Hummingbird

/// Answers a browser's request for something that does not exist (no route, no file) with the
/// friendly `404.html` page instead of an empty 404. API and WebSocket paths keep their JSON errors.
struct NotFoundPageMiddleware<Context: RequestContext>: RouterMiddleware {
    let pages: Pages

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        guard request.method == .get || request.method == .head, !path.hasPrefix("/api/"), !path.hasPrefix("/ws/") else {
            return try await next(request, context)
        }
        do {
            let response = try await next(request, context)
            return response.status == .notFound && response.headers[.contentType] == nil ? try pages.notFound() : response
        } catch let error as HTTPError where error.status == .notFound {
            return try pages.notFound()
        }
    }
}
