import Logging
import PostgresNIO

/// The tables of a PostgreSQL match store, as numbered migrations; `schema_migration` records which
/// ran. Append new migrations; never edit one that has shipped.
///
/// ```sql
/// match(id text PRIMARY KEY, created_order bigint IDENTITY, created_at, updated_at timestamptz,
///       phase text, free_seats integer, summary text,   -- summary: StoredSummary as JSON
///       last_sequence bigint)                           -- the sequence of the log's last record
/// record(match_id text REFERENCES match, sequence bigint, at timestamptz, kind text,
///        payload text,                                  -- payload: MatchRecord as JSON
///        PRIMARY KEY (match_id, sequence))
/// -- migration 2: who hosts each match (PostgresOwnership)
/// match(… owner text, epoch bigint, presence text)      -- presence: LivePresence as JSON
/// server(id text PRIMARY KEY, started_at, seen_at timestamptz)
/// -- migration 3: presence in its own table, away from the rows appends lock (match.presence unused)
/// match_presence(match_id text PRIMARY KEY REFERENCES match, server text, epoch bigint, presence text)
/// -- migration 4: the "Play someone now" queue (PostgresPairingQueue)
/// pairing_queue(ticket_hash text PRIMARY KEY, joined_order bigint IDENTITY, name text,
///               joined_at, renewed_at timestamptz,
///               match_id text, seat text, seat_token text, paired_at timestamptz)  -- set once paired
/// -- migration 5: match.free_seats counts only the free seats the lobby offers (0: a private match)
/// -- migration 6: visitors paired only with those who asked for the same game (PairingKey)
/// -- migration 7: ... and for the same time control (PairingKey.clockColumn)
/// pairing_queue(… game_id text)                         -- 'ticTacToe' for a row an older server wrote
/// -- migration 8: the spectators each server relays of a match hosted elsewhere (PostgresAudiences)
/// match_audience(match_id text, server text, spectators integer, PRIMARY KEY (match_id, server))
/// -- migration 9: account, passkey, account_session, passkey_challenge, account_block (PostgresAccountSchema)
/// -- migration 10: pairing_queue(… account_id text)       -- the visitor's account, for blocks; NULL: a guest
/// -- migration 11: player_rating, rated_game (PostgresRatingSchema): each rated game once by (match_id, game_number)
/// ```
///
/// The JSON is `StorageCoding`'s, byte for byte the SQLite store's, kept as `text` (not `jsonb`, which
/// would rewrite it). `last_sequence` is what an append is conditioned on (`PostgresWrites`); the
/// primary key of `record` is the last line of defence against a forked log.
enum PostgresSchema {
    struct Migration {
        let version: Int
        let name: String
        let statements: [String]
    }

    static let migrations: [Migration] = [
        Migration(
            version: 1, name: "match and record",
            statements: [
                """
                CREATE TABLE match (
                    id text NOT NULL PRIMARY KEY,
                    created_order bigint GENERATED ALWAYS AS IDENTITY,
                    created_at timestamptz NOT NULL,
                    updated_at timestamptz NOT NULL,
                    phase text NOT NULL,
                    free_seats integer NOT NULL,
                    summary text NOT NULL,
                    last_sequence bigint NOT NULL
                )
                """,
                "CREATE INDEX match_by_creation ON match (created_at DESC, created_order DESC)",
                "CREATE INDEX match_with_free_seat ON match (created_at DESC, created_order DESC) WHERE free_seats > 0",
                """
                CREATE TABLE record (
                    match_id text NOT NULL REFERENCES match (id) ON DELETE CASCADE,
                    sequence bigint NOT NULL,
                    at timestamptz NOT NULL,
                    kind text NOT NULL,
                    payload text NOT NULL,
                    PRIMARY KEY (match_id, sequence)
                )
                """,
            ]),
        Migration(
            version: 2, name: "match owner and server presence",
            statements: [
                // owner: the server hosting the match (nil: none); epoch: moved on by every load, so that
                // an append of a previous owner is refused; presence: who is connected, as the owner
                // publishes it (LivePresence as JSON).
                "ALTER TABLE match ADD COLUMN owner text, ADD COLUMN epoch bigint NOT NULL DEFAULT 0, ADD COLUMN presence text",
                // The running servers, each seen a few seconds ago at most: a presence counts only while
                // its owner is seen.
                """
                CREATE TABLE server (
                    id text NOT NULL PRIMARY KEY,
                    started_at timestamptz NOT NULL,
                    seen_at timestamptz NOT NULL
                )
                """,
            ]),
        Migration(
            version: 3, name: "presence apart from the match row",
            statements: [
                // Presence written into `match` took the row locks the writer's appends take, in another
                // order: the two deadlocked, and PostgreSQL took deadlock_timeout (1 s) to break it. Here
                // it locks only its own rows (the key reference's KEY SHARE lock does not conflict with an
                // append's update). A row counts while its server and epoch are the match's owner and
                // epoch; `match.presence` is no longer used.
                """
                CREATE TABLE match_presence (
                    match_id text NOT NULL PRIMARY KEY REFERENCES match (id) ON DELETE CASCADE,
                    server text NOT NULL,
                    epoch bigint NOT NULL,
                    presence text NOT NULL
                )
                """
            ]),
        Migration(
            version: 4, name: "pairing queue",
            statements: [
                // One row per visitor of "Play someone now", by its ticket's hash (the ticket stays with
                // the visitor). The pairing server fills in the match, the seat and the seat's token;
                // the row is deleted a while after (PostgresPairingQueue), so the token is kept only
                // until its visitor had time to read it. No key reference to `match`: a retention
                // sweep may delete the match while the row still waits to be swept.
                """
                CREATE TABLE pairing_queue (
                    ticket_hash text NOT NULL PRIMARY KEY,
                    joined_order bigint GENERATED ALWAYS AS IDENTITY,
                    name text,
                    joined_at timestamptz NOT NULL DEFAULT now(),
                    renewed_at timestamptz NOT NULL DEFAULT now(),
                    match_id text,
                    seat text,
                    seat_token text,
                    paired_at timestamptz
                )
                """,
                "CREATE INDEX pairing_queue_waiting ON pairing_queue (joined_order) WHERE match_id IS NULL",
            ]),
        Migration(
            version: 5, name: "only listed matches in the lobby",
            statements: [
                // `free_seats` counts the free seats the lobby offers since matches became private unless
                // their creator asks to list them (StoredSummary.lobbySeats); every match stored before
                // was made without asking.
                "UPDATE match SET free_seats = 0"
            ]),
        Migration(
            version: 6, name: "pairing queue by game",
            statements: [
                // The pairing key's columns (PairingKey): a visitor is paired only with one who has the
                // same. The default is what the queue offered before it had the column, so that a row a
                // server of an older release writes during a rolling upgrade is a Tic Tac Toe visitor.
                "ALTER TABLE pairing_queue ADD COLUMN game_id text NOT NULL DEFAULT 'ticTacToe'",
                "CREATE INDEX pairing_queue_waiting_by_key ON pairing_queue (game_id, joined_order) WHERE match_id IS NULL",
            ]),
        Migration(
            version: 7, name: "pairing queue by clock",
            statements: [
                // The time control joins the pairing key (PairingKey.clockColumn); '' is no clock, what
                // every visitor asked for before the column existed.
                "ALTER TABLE pairing_queue ADD COLUMN clock text NOT NULL DEFAULT ''"
            ]),
        Migration(
            version: 8, name: "audiences relayed",
            statements: [
                // No reference to `match`: a count is the relaying server's to write whenever, and a
                // stopped server's rows go with it (PostgresAudiences, PostgresOwnership.heartbeat).
                """
                CREATE TABLE match_audience (
                    match_id text NOT NULL,
                    server text NOT NULL,
                    spectators integer NOT NULL,
                    PRIMARY KEY (match_id, server)
                )
                """
            ]),
        PostgresAccountSchema.migration,
        Migration(
            version: 10, name: "pairing queue knows accounts",
            statements: [
                // A signed-in visitor's account, so that two who block each other are never paired.
                // NULL is a guest, what every visitor was before the column existed. No reference to
                // `account`: a queue row lives for minutes, and a guest's has nothing to refer to.
                "ALTER TABLE pairing_queue ADD COLUMN account_id text"
            ]),
        PostgresRatingSchema.migration,
    ]

    /// Any fixed number, the same in every release: the advisory lock that lets one server at a time
    /// migrate, so that servers starting together do not race to create the same tables.
    private static let migrationLock = 0x7469_6374_6163 as Int64

    /// Runs, in one transaction, the migrations the database has not run yet.
    /// - Throws: `PostgresStoreError.schemaTooNew` when a newer release migrated the database.
    static func migrate(on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query("BEGIN", logger: logger)
        do {
            try await connection.query("SELECT pg_advisory_xact_lock(\(migrationLock))", logger: logger)
            try await connection.query(
                """
                CREATE TABLE IF NOT EXISTS schema_migration (
                    version integer NOT NULL PRIMARY KEY,
                    name text NOT NULL,
                    applied_at timestamptz NOT NULL DEFAULT now()
                )
                """, logger: logger)
            var applied = Set<Int>()
            for try await version in try await connection.query("SELECT version FROM schema_migration", logger: logger).decode(Int.self) {
                applied.insert(version)
            }
            let known = migrations.map(\.version).max() ?? 0
            if let newest = applied.max(), newest > known {
                throw PostgresStoreError.schemaTooNew(found: newest, known: known)
            }
            for migration in migrations where !applied.contains(migration.version) {
                for statement in migration.statements {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await connection.query(
                    "INSERT INTO schema_migration (version, name) VALUES (\(migration.version), \(migration.name))", logger: logger)
                logger.info("migrated the PostgreSQL schema to version \(migration.version): \(migration.name)")
            }
            try await connection.query("COMMIT", logger: logger)
        } catch {
            _ = try? await connection.query("ROLLBACK", logger: logger)
            throw error
        }
    }
}
