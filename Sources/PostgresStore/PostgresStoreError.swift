/// What a `PostgresMatchStore` fails with at start. No case carries a password: each shows the URL
/// redacted, or only the address.
public enum PostgresStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A `--db postgres://…` value that cannot be read (shown without its password).
    case invalidURL(String, problem: String)
    /// No connection could be made to `address` (`host:port`), or it was refused (authentication, a
    /// missing database); `reason` is what failed, without the password.
    case cannotConnect(address: String, database: String, user: String, reason: String)
    /// The database holds a schema version newer than this release knows: a newer release migrated it.
    case schemaTooNew(found: Int, known: Int)

    public var description: String {
        switch self {
        case .invalidURL(let url, let problem):
            "the database URL \(url) cannot be read: \(problem)"
        case .cannotConnect(let address, let database, let user, let reason):
            "cannot connect to PostgreSQL at \(address) (database \(database), user \(user)): \(reason)"
        case .schemaTooNew(let found, let known):
            "the database has schema version \(found), migrated by a newer release; this release knows versions up to \(known)"
        }
    }
}
