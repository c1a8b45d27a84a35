import Accounts
import Foundation
import GRDB

/// The `AccountStore` in the match store's SQLite file (tables of migration "v4: accounts"), written
/// beside the match writer's group commit through the same pool: GRDB runs the writer connection's
/// transactions one at a time, so each method's check and write are one transaction nobody else's
/// interleaves with, and the conditional writes (`takeChallenge`, `updateSignCount`) stay single use
/// even for two processes sharing the file.
final class SQLiteAccountStore: AccountStore {
    private let database: DatabasePool

    init(database: DatabasePool) {
        self.database = database
    }

    func createAccount(_ account: Account, passkey: PasskeyRecord) async throws {
        try await database.write { db in
            let canonical = account.canonicalName
            guard try !Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM account WHERE canonicalName = ?)", arguments: [canonical])!
            else { throw AccountStoreError.nameTaken }
            guard try !Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM passkey WHERE id = ?)", arguments: [Data(passkey.id)])!
            else { throw AccountStoreError.credentialExists }
            try db.execute(
                sql: "INSERT INTO account (id, name, canonicalName, createdAt) VALUES (?, ?, ?, ?)",
                arguments: [account.id, account.name, canonical, account.createdAt])
            try db.execute(
                sql: "INSERT INTO passkey (id, accountId, publicKey, signCount, createdAt) VALUES (?, ?, ?, ?, ?)",
                arguments: [Data(passkey.id), passkey.accountID, Data(passkey.publicKeyCOSE), Int64(passkey.signCount), passkey.createdAt])
        }
    }

    func account(id: String) async throws -> Account? {
        try await database.read { try Self.account(sql: "WHERE id = ?", [id], in: $0) }
    }

    func account(named name: String) async throws -> Account? {
        try await database.read { try Self.account(sql: "WHERE canonicalName = ?", [AccountName.canonical(name)], in: $0) }
    }

    func passkey(id: [UInt8]) async throws -> PasskeyRecord? {
        try await database.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM passkey WHERE id = ?", arguments: [Data(id)]).map { row in
                PasskeyRecord(
                    id: Array(row["id"] as Data), accountID: row["accountId"], publicKeyCOSE: Array(row["publicKey"] as Data),
                    signCount: UInt32(row["signCount"] as Int64), createdAt: row["createdAt"])
            }
        }
    }

    func updateSignCount(passkeyID: [UInt8], from old: UInt32, to new: UInt32) async throws -> Bool {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE passkey SET signCount = ? WHERE id = ? AND signCount = ?",
                arguments: [Int64(new), Data(passkeyID), Int64(old)])
            return db.changesCount == 1
        }
    }

    func saveChallenge(_ challenge: PasskeyChallenge) async throws {
        let (purpose, name, accountID) = challenge.purpose.columns
        try await database.write { db in
            try db.execute(
                sql: "INSERT INTO passkeyChallenge (hash, purpose, name, accountId, expiresAt) VALUES (?, ?, ?, ?, ?)",
                arguments: [Data(challenge.hash), purpose, name, accountID, challenge.expiresAt])
        }
    }

    func takeChallenge(hash: [UInt8], now: Date) async throws -> PasskeyChallenge? {
        try await database.write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM passkeyChallenge WHERE hash = ?", arguments: [Data(hash)]) else {
                return nil
            }
            try db.execute(sql: "DELETE FROM passkeyChallenge WHERE hash = ?", arguments: [Data(hash)])
            // The delete is what takes it: only the one transaction that removed the row may use it.
            guard db.changesCount == 1, (row["expiresAt"] as Date) > now else { return nil }
            guard let purpose = PasskeyChallenge.Purpose(kind: row["purpose"], name: row["name"], accountID: row["accountId"]) else {
                return nil
            }
            return PasskeyChallenge(hash: hash, purpose: purpose, expiresAt: row["expiresAt"])
        }
    }

    func createSession(tokenHash: [UInt8], accountID: String, now: Date) async throws {
        try await database.write { db in
            guard try Self.account(sql: "WHERE id = ?", [accountID], in: db) != nil else { throw AccountStoreError.accountNotFound }
            try db.execute(
                sql: "INSERT INTO session (tokenHash, accountId, lastUsedAt) VALUES (?, ?, ?)",
                arguments: [Data(tokenHash), accountID, now])
        }
    }

    func account(sessionTokenHash: [UInt8], now: Date, lifetime: TimeInterval) async throws -> Account? {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE session SET lastUsedAt = ? WHERE tokenHash = ? AND lastUsedAt > ?",
                arguments: [now, Data(sessionTokenHash), now - lifetime])
            guard db.changesCount == 1 else { return nil }
            return try Self.account(
                sql: "WHERE id = (SELECT accountId FROM session WHERE tokenHash = ?)", [Data(sessionTokenHash)], in: db)
        }
    }

    func deleteSession(tokenHash: [UInt8]) async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM session WHERE tokenHash = ?", arguments: [Data(tokenHash)])
        }
    }

    func block(_ blocked: String, by blocker: String, at date: Date) async throws {
        try await database.write { db in
            let known = try Int.fetchOne(db, sql: "SELECT count(*) FROM account WHERE id IN (?, ?)", arguments: [blocked, blocker])
            guard known == (blocked == blocker ? 1 : 2) else { throw AccountStoreError.accountNotFound }
            try db.execute(
                sql: "INSERT OR IGNORE INTO block (blockerId, blockedId, createdAt) VALUES (?, ?, ?)", arguments: [blocker, blocked, date])
        }
    }

    func unblock(_ blocked: String, by blocker: String) async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM block WHERE blockerId = ? AND blockedId = ?", arguments: [blocker, blocked])
        }
    }

    func blockedAccounts(by blocker: String) async throws -> [Account] {
        try await database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT account.* FROM block JOIN account ON account.id = block.blockedId
                    WHERE block.blockerId = ? ORDER BY account.canonicalName
                    """,
                arguments: [blocker]
            ).map(Self.account)
        }
    }

    func eitherBlocks(_ first: String, _ second: String) async throws -> Bool {
        try await database.read { db in
            try Bool.fetchOne(
                db,
                sql: """
                    SELECT EXISTS (SELECT 1 FROM block WHERE (blockerId = ? AND blockedId = ?) OR (blockerId = ? AND blockedId = ?))
                    """,
                arguments: [first, second, second, first]) ?? false
        }
    }

    func removeExpired(now: Date, sessionLifetime: TimeInterval) async throws -> Int {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM session WHERE lastUsedAt <= ?", arguments: [now - sessionLifetime])
            let sessions = db.changesCount
            try db.execute(sql: "DELETE FROM passkeyChallenge WHERE expiresAt <= ?", arguments: [now])
            return sessions + db.changesCount
        }
    }

    private static func account(sql condition: String, _ arguments: StatementArguments, in db: Database) throws -> Account? {
        try Row.fetchOne(db, sql: "SELECT * FROM account \(condition)", arguments: arguments).map(account)
    }

    private static func account(_ row: Row) -> Account {
        Account(id: row["id"], name: row["name"], createdAt: row["createdAt"])
    }
}
