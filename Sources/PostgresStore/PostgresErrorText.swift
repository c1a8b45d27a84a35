import PostgresNIO

/// What failed, as a sentence for a log line or an error message. postgres-nio's own descriptions hide
/// the server's message, and its debug descriptions show the query with its bound values (players'
/// names, token hashes): this takes out only the server's message or the network error.
enum PostgresErrorText {
    /// `error` in words, with `password` (when given) replaced by `***` wherever it would appear.
    static func describe(_ error: any Error, hiding password: String? = nil) -> String {
        var text: String
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] {
                let state = error.serverInfo?[.sqlState].map { " (SQLSTATE \($0))" } ?? ""
                text = message + state
            } else if let underlying = error.underlying {
                text = String(describing: underlying)
            } else {
                text = "\(error.code)"
            }
        } else {
            text = String(describing: error)
        }
        if let password, !password.isEmpty { text = text.replacingOccurrences(of: password, with: "***") }
        return text
    }
}
