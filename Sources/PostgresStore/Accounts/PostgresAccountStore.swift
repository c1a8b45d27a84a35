import Accounts
import Foundation
import Logging
import PostgresNIO

/// The `AccountStore` in PostgreSQL (tables of migration 9, `PostgresAccountSchema`), shared by every
/// server on the database: a session made on one is good on all, a challenge issued by one may be
/// finished on another. What must happen once happens in one statement the database serialises:
/// `DELETE … RETURNING` takes a challenge, `UPDATE … WHERE sign_count = old` moves a counter, a unique
/// index on the canonical name refuses the second of two accounts registered at once.
final class PostgresAccountStore: AccountStore {
    private let pool: BoundedPool
    private let logger: Logger

    init(pool: BoundedPool, logger: Logger) {
        self.pool = pool
        self.logger = logger
    }

    func createAccount(_ account: Account, passkey: PasskeyRecord) async throws {
        try await pool.withConnection { [logger] connection in
            try await connection.query("BEGIN", logger: logger)
            do {
                let accounts = try await connection.query(
                    """
                    INSERT INTO account (id, name, canonical_name, created_at)
                    VALUES (\(account.id), \(account.name), \(account.canonicalName), \(account.createdAt))
                    ON CONFLICT (canonical_name) DO NOTHING RETURNING id
                    """, logger: logger)
                guard try await Self.hasRow(accounts) else { throw AccountStoreError.nameTaken }
                let passkeys = try await connection.query(
                    """
                    INSERT INTO passkey (id, account_id, public_key, sign_count, created_at)
                    VALUES (\(Data(passkey.id)), \(passkey.accountID), \(Data(passkey.publicKeyCOSE)), \(Int64(passkey.signCount)),
                            \(passkey.createdAt))
                    ON CONFLICT (id) DO NOTHING RETURNING id
                    """, logger: logger)
                guard try await Self.hasRow(passkeys) else { throw AccountStoreError.credentialExists }
                try await connection.query("COMMIT", logger: logger)
            } catch {
                _ = try? await connection.query("ROLLBACK", logger: logger)
                throw error
            }
        }
    }

    func account(id: String) async throws -> Account? {
        try await accounts("SELECT id, name, created_at FROM account WHERE id = \(id)").first
    }

    func account(named name: String) async throws -> Account? {
        try await accounts("SELECT id, name, created_at FROM account WHERE canonical_name = \(AccountName.canonical(name))").first
    }

    func passkey(id: [UInt8]) async throws -> PasskeyRecord? {
        try await pool.withConnection { [logger] connection in
            let rows = try await connection.query(
                "SELECT account_id, public_key, sign_count, created_at FROM passkey WHERE id = \(Data(id))", logger: logger)
            for try await (accountID, key, count, created) in rows.decode((String, Data, Int64, Date).self) {
                return PasskeyRecord(id: id, accountID: accountID, publicKeyCOSE: Array(key), signCount: UInt32(count), createdAt: created)
            }
            return nil
        }
    }

    func updateSignCount(passkeyID: [UInt8], from old: UInt32, to new: UInt32) async throws -> Bool {
        try await returnsRow(
            "UPDATE passkey SET sign_count = \(Int64(new)) WHERE id = \(Data(passkeyID)) AND sign_count = \(Int64(old)) RETURNING id")
    }

    func saveChallenge(_ challenge: PasskeyChallenge) async throws {
        let (purpose, name, accountID) = challenge.purpose.columns
        _ = try await returnsRow(
            """
            INSERT INTO passkey_challenge (hash, purpose, name, account_id, expires_at)
            VALUES (\(Data(challenge.hash)), \(purpose), \(name), \(accountID), \(challenge.expiresAt))
            """)
    }

    func takeChallenge(hash: [UInt8], now: Date) async throws -> PasskeyChallenge? {
        try await pool.withConnection { [logger] connection in
            // The delete is the take: of two servers finishing one ceremony, one deletes the row.
            let rows = try await connection.query(
                "DELETE FROM passkey_challenge WHERE hash = \(Data(hash)) RETURNING purpose, name, account_id, expires_at", logger: logger)
            for try await (purpose, name, accountID, expiresAt) in rows.decode((String, String?, String?, Date).self) {
                guard expiresAt > now, let purpose = PasskeyChallenge.Purpose(kind: purpose, name: name, accountID: accountID) else {
                    return nil
                }
                return PasskeyChallenge(hash: hash, purpose: purpose, expiresAt: expiresAt)
            }
            return nil
        }
    }

    func createSession(tokenHash: [UInt8], accountID: String, now: Date) async throws {
        let inserted = try await returnsRow(
            """
            INSERT INTO account_session (token_hash, account_id, last_used_at)
            SELECT \(Data(tokenHash)), id, \(now) FROM account WHERE id = \(accountID) RETURNING token_hash
            """)
        guard inserted else { throw AccountStoreError.accountNotFound }
    }

    func account(sessionTokenHash: [UInt8], now: Date, lifetime: TimeInterval) async throws -> Account? {
        try await accounts(
            """
            WITH used AS (
                UPDATE account_session SET last_used_at = \(now)
                WHERE token_hash = \(Data(sessionTokenHash)) AND last_used_at > \(now - lifetime)
                RETURNING account_id
            )
            SELECT account.id, account.name, account.created_at FROM account JOIN used ON account.id = used.account_id
            """
        ).first
    }

    func deleteSession(tokenHash: [UInt8]) async throws {
        _ = try await returnsRow("DELETE FROM account_session WHERE token_hash = \(Data(tokenHash))")
    }

    func block(_ blocked: String, by blocker: String, at date: Date) async throws {
        let known = try await accounts("SELECT id, name, created_at FROM account WHERE id IN (\(blocked), \(blocker))").count
        guard known == (blocked == blocker ? 1 : 2) else { throw AccountStoreError.accountNotFound }
        _ = try await returnsRow(
            """
            INSERT INTO account_block (blocker_id, blocked_id, created_at) VALUES (\(blocker), \(blocked), \(date))
            ON CONFLICT DO NOTHING
            """)
    }

    func unblock(_ blocked: String, by blocker: String) async throws {
        _ = try await returnsRow("DELETE FROM account_block WHERE blocker_id = \(blocker) AND blocked_id = \(blocked)")
    }

    func blockedAccounts(by blocker: String) async throws -> [Account] {
        try await accounts(
            """
            SELECT account.id, account.name, account.created_at FROM account_block
            JOIN account ON account.id = account_block.blocked_id
            WHERE account_block.blocker_id = \(blocker) ORDER BY account.canonical_name COLLATE "C"
            """)
    }

    func eitherBlocks(_ first: String, _ second: String) async throws -> Bool {
        try await returnsRow(
            """
            SELECT 1 FROM account_block WHERE (blocker_id = \(first) AND blocked_id = \(second))
                                           OR (blocker_id = \(second) AND blocked_id = \(first))
            LIMIT 1
            """)
    }

    func removeExpired(now: Date, sessionLifetime: TimeInterval) async throws -> Int {
        try await pool.withConnection { [logger] connection in
            let rows = try await connection.query(
                """
                WITH sessions AS (DELETE FROM account_session WHERE last_used_at <= \(now - sessionLifetime) RETURNING 1),
                     challenges AS (DELETE FROM passkey_challenge WHERE expires_at <= \(now) RETURNING 1)
                SELECT (SELECT count(*) FROM sessions) + (SELECT count(*) FROM challenges)
                """, logger: logger)
            for try await count in rows.decode(Int.self) { return count }
            return 0
        }
    }

    private func accounts(_ query: PostgresQuery) async throws -> [Account] {
        try await pool.withConnection { [logger] connection in
            var accounts: [Account] = []
            for try await (id, name, created) in try await connection.query(query, logger: logger).decode((String, String, Date).self) {
                accounts.append(Account(id: id, name: name, createdAt: created))
            }
            return accounts
        }
    }

    /// Runs `query` and says whether it gave a row (a `RETURNING` that matched).
    private func returnsRow(_ query: PostgresQuery) async throws -> Bool {
        try await pool.withConnection { [logger] connection in
            try await Self.hasRow(try await connection.query(query, logger: logger))
        }
    }

    private static func hasRow(_ rows: PostgresRowSequence) async throws -> Bool {
        var found = false
        for try await _ in rows { found = true }
        return found
    }
}
