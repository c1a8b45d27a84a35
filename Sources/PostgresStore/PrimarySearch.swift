import Logging
import MatchStore
import PostgresNIO

/// Finds the primary among the hosts of a `PostgresURL`, as libpq's `target_session_attrs=read-write`
/// does, and one step further: of the hosts that take writes, the one on the newest timeline.
///
/// A standby answers `pg_is_in_recovery()` true and is skipped, as is a host that answers read-only.
/// An old primary started again after its standby was promoted is not in recovery and takes writes, yet
/// it is behind: its timeline is older than the promoted one's. So the search never takes a host on a
/// timeline older than `floor`, the newest this store has written to (docs/SCALING.md, "Losing the
/// database server").
struct PrimarySearch: Sendable {
    /// What one pass found: the primary, or why each host was not one.
    enum Outcome: Sendable {
        case primary(PostgresURL.Host, timeline: Int)
        case none(reasons: [String])
    }

    let url: PostgresURL
    let startupParameters: [(String, String)]
    /// How long a host may take to accept a connection before the next is tried.
    let connectTimeout: Duration
    let logger: Logger

    /// The configuration of a direct connection to `host`.
    func connectionConfiguration(for host: PostgresURL.Host) -> PostgresConnection.Configuration {
        var configuration = PostgresConnection.Configuration(
            host: host.host, port: host.port, username: url.user, password: url.password, database: url.database, tls: .disable)
        configuration.options.additionalStartupParameters = startupParameters
        configuration.options.connectTimeout = .init(connectTimeout)
        return configuration
    }

    /// The configuration of the store's pool on `host`.
    func clientConfiguration(for host: PostgresURL.Host, maxConnections: Int) -> PostgresClient.Configuration {
        var configuration = PostgresClient.Configuration(
            host: host.host, port: host.port, username: url.user, password: url.password, database: url.database, tls: .disable)
        configuration.options.additionalStartupParameters = startupParameters
        configuration.options.maximumConnections = maxConnections
        return configuration
    }

    /// Asks every host, in the URL's order, and answers the primary on the newest timeline not older
    /// than `floor`; a single host is only asked, as before, whether it takes writes.
    func find(notOlderThan floor: Int) async -> Outcome {
        var best: (host: PostgresURL.Host, timeline: Int)?
        var reasons: [String] = []
        for host in url.hosts {
            switch await probe(host) {
            case .failure(let reason):
                reasons.append("\(host): \(reason.text)")
            case .success(let timeline) where timeline < floor:
                reasons.append("\(host): takes writes on timeline \(timeline), older than \(floor) (an old primary, not rejoined)")
            case .success(let timeline):
                if best == nil || timeline > best!.timeline { best = (host, timeline) }
            }
        }
        if let best { return .primary(best.host, timeline: best.timeline) }
        return .none(reasons: reasons)
    }

    /// The host's timeline when it is a primary that takes writes, else why it is not one.
    private func probe(_ host: PostgresURL.Host) async -> Result<Int, ProbeRefusal> {
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(configuration: connectionConfiguration(for: host), id: 2, logger: logger)
        } catch {
            return .failure(ProbeRefusal(PostgresErrorText.describe(error, hiding: url.password)))
        }
        defer { Task { try? await connection.close() } }
        do {
            // The timeline is the first eight hex digits of the current WAL file's name; a standby has
            // no current WAL position, so it is asked only when not in recovery.
            let rows = try await connection.query(
                """
                SELECT pg_is_in_recovery(), current_setting('transaction_read_only'),
                  CASE WHEN pg_is_in_recovery() THEN 0
                  ELSE ('x' || substr(pg_walfile_name(pg_current_wal_lsn()), 1, 8))::bit(32)::int8 END
                """, logger: logger)
            for try await (inRecovery, readOnly, timeline) in rows.decode((Bool, String, Int64).self) {
                if inRecovery { return .failure(ProbeRefusal("in recovery (a standby)")) }
                if readOnly == "on" { return .failure(ProbeRefusal("answers read-only")) }
                return .success(Int(timeline))
            }
            return .failure(ProbeRefusal("answered nothing"))
        } catch {
            return .failure(ProbeRefusal(PostgresErrorText.describe(error, hiding: url.password)))
        }
    }

    /// Whether `error`, met on a connection to the primary, says it may no longer be the primary (or
    /// no longer there): the connection broke or could not be had, the server is shutting down or
    /// starting, or it refused a write as read-only. A statement's own error (a key violated, a
    /// deadlock) says nothing of the kind.
    static func meansPrimaryLost(_ error: any Error) -> Bool {
        if let error = error as? PSQLError {
            guard let state = error.serverInfo?[.sqlState] else { return true }
            return state == "25006" || state.hasPrefix("57P") || state.hasPrefix("08")
        }
        if let error = error as? MatchStoreError, case .unavailable = error { return true }
        return false
    }
}

/// Why a host is not the primary, in words.
private struct ProbeRefusal: Error {
    let text: String
    init(_ text: String) { self.text = text }
}
