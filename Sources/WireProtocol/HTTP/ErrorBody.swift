/// The body of an HTTP error: `{"error": {"code": "…", "message": "…"}}`.
public struct ErrorBody: WireCodable, Hashable {
    /// The error's code and sentence.
    public struct Detail: Codable, Hashable, Sendable {
        /// The code (`matchNotFound` for a 404).
        public var code: ErrorCode
        /// A sentence for a person.
        public var message: String

        /// An error detail.
        public init(code: ErrorCode, message: String) {
            self.code = code
            self.message = message
        }
    }

    /// The error.
    public var error: Detail

    /// An error body; the message defaults to the code's ``ErrorCode/defaultMessage``.
    public init(code: ErrorCode, message: String? = nil) {
        error = Detail(code: code, message: message ?? code.defaultMessage)
    }
}
