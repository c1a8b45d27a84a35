/// The account tables of migration "v4: accounts" (issue 41). Dates are GRDB's UTC text, as the match
/// tables'; ids of passkeys and hashes are blobs. Spelled out here, once: a shipped migration never changes.
///
/// A session and a challenge are kept only as SHA-256 of what the client holds (`AccountSecrets.hash`).
/// `canonicalName` is `AccountName.canonical(name)`, unique: no two accounts are one name by case or width.
enum SQLiteAccountSchema {
    static let v4 = """
        CREATE TABLE account (
            id TEXT NOT NULL PRIMARY KEY,
            name TEXT NOT NULL,
            canonicalName TEXT NOT NULL UNIQUE,
            createdAt TEXT NOT NULL
        );
        CREATE TABLE passkey (
            id BLOB NOT NULL PRIMARY KEY,
            accountId TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
            publicKey BLOB NOT NULL,
            signCount INTEGER NOT NULL,
            createdAt TEXT NOT NULL
        );
        CREATE INDEX passkey_by_account ON passkey(accountId);
        CREATE TABLE session (
            tokenHash BLOB NOT NULL PRIMARY KEY,
            accountId TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
            lastUsedAt TEXT NOT NULL
        );
        CREATE INDEX session_by_account ON session(accountId);
        CREATE TABLE passkeyChallenge (
            hash BLOB NOT NULL PRIMARY KEY,
            purpose TEXT NOT NULL,
            name TEXT,
            accountId TEXT,
            expiresAt TEXT NOT NULL
        );
        CREATE TABLE block (
            blockerId TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
            blockedId TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
            createdAt TEXT NOT NULL,
            PRIMARY KEY (blockerId, blockedId)
        ) WITHOUT ROWID;
        """
}
