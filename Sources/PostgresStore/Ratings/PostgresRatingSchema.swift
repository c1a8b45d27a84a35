/// Migration 11 (issue 42): the rating tables, as `PostgresSchema.migrations` runs them.
///
/// `player_rating` is one row per account and game id; `shown_rating` (rounded half up) and
/// `rankable` (RD ≤ 75) are written with each rating so that a game's leaderboard is the first entries
/// of `player_rating_leaderboard`, ties already in name order (`COLLATE "C"`: byte order, as SQLite's
/// and Swift's). `rated_game` holds each rated game once: its primary key (match id, game number) is
/// what makes applying a game exactly once. No reference to `match`: the retention policy may delete
/// a match, never its players' rating history.
enum PostgresRatingSchema {
    static let migration = PostgresSchema.Migration(
        version: 11, name: "ratings",
        statements: [
            """
            CREATE TABLE player_rating (
                account_id text NOT NULL REFERENCES account (id) ON DELETE CASCADE,
                game_id text NOT NULL,
                name text NOT NULL,
                canonical_name text NOT NULL,
                rating double precision NOT NULL,
                shown_rating bigint NOT NULL,
                deviation double precision NOT NULL,
                volatility double precision NOT NULL,
                rankable boolean NOT NULL,
                games bigint NOT NULL,
                wins bigint NOT NULL,
                losses bigint NOT NULL,
                draws bigint NOT NULL,
                last_rated_at timestamptz NOT NULL,
                PRIMARY KEY (account_id, game_id)
            )
            """,
            """
            CREATE INDEX player_rating_leaderboard
            ON player_rating (game_id, rankable, shown_rating DESC, canonical_name COLLATE "C")
            """,
            """
            CREATE TABLE rated_game (
                match_id text NOT NULL,
                game_number bigint NOT NULL,
                game_id text NOT NULL,
                player1_id text NOT NULL REFERENCES account (id) ON DELETE CASCADE,
                player1_name text NOT NULL,
                player2_id text NOT NULL REFERENCES account (id) ON DELETE CASCADE,
                player2_name text NOT NULL,
                result text NOT NULL,
                player1_before double precision NOT NULL,
                player1_after double precision NOT NULL,
                player1_deviation_after double precision NOT NULL,
                player1_provisional boolean NOT NULL,
                player2_before double precision NOT NULL,
                player2_after double precision NOT NULL,
                player2_deviation_after double precision NOT NULL,
                player2_provisional boolean NOT NULL,
                ended_at timestamptz NOT NULL,
                PRIMARY KEY (match_id, game_number)
            )
            """,
            "CREATE INDEX rated_game_by_player1 ON rated_game (player1_id, ended_at)",
            "CREATE INDEX rated_game_by_player2 ON rated_game (player2_id, ended_at)",
        ])
}
