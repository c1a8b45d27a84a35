/// Migration 9 (issue 41): the account tables, as `PostgresSchema.migrations` runs them. Ids of
/// passkeys and hashes are `bytea`; a session and a challenge are kept only as SHA-256 of what the
/// client holds. `canonical_name` is `AccountName.canonical(name)`, unique. None of it is in a match's log.
enum PostgresAccountSchema {
    static let migration = PostgresSchema.Migration(
        version: 9, name: "accounts",
        statements: [
            """
            CREATE TABLE account (
                id text NOT NULL PRIMARY KEY,
                name text NOT NULL,
                canonical_name text NOT NULL UNIQUE,
                created_at timestamptz NOT NULL
            )
            """,
            """
            CREATE TABLE passkey (
                id bytea NOT NULL PRIMARY KEY,
                account_id text NOT NULL REFERENCES account (id) ON DELETE CASCADE,
                public_key bytea NOT NULL,
                sign_count bigint NOT NULL,
                created_at timestamptz NOT NULL
            )
            """,
            "CREATE INDEX passkey_by_account ON passkey (account_id)",
            """
            CREATE TABLE account_session (
                token_hash bytea NOT NULL PRIMARY KEY,
                account_id text NOT NULL REFERENCES account (id) ON DELETE CASCADE,
                last_used_at timestamptz NOT NULL
            )
            """,
            "CREATE INDEX account_session_by_account ON account_session (account_id)",
            """
            CREATE TABLE passkey_challenge (
                hash bytea NOT NULL PRIMARY KEY,
                purpose text NOT NULL,
                name text,
                account_id text,
                expires_at timestamptz NOT NULL
            )
            """,
            """
            CREATE TABLE account_block (
                blocker_id text NOT NULL REFERENCES account (id) ON DELETE CASCADE,
                blocked_id text NOT NULL REFERENCES account (id) ON DELETE CASCADE,
                created_at timestamptz NOT NULL,
                PRIMARY KEY (blocker_id, blocked_id)
            )
            """,
        ])
}
