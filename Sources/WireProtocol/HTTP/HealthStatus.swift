/// The body of `GET /healthz`: `{"status": "ok"}`.
public struct HealthStatus: WireCodable, Hashable {
    /// `ok` once storage is open.
    public var status: String

    /// A status.
    public init(status: String) {
        self.status = status
    }

    /// `{"status": "ok"}`.
    public static let ok = HealthStatus(status: "ok")
}
