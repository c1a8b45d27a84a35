/// The rating tables of migration "v5: ratings" (issue 42), spelled out here once: a shipped
/// migration never changes. Dates are GRDB's UTC text, as the other tables'.
///
/// `playerRating` is one row per account and game id. `shownRating` (the rating rounded half up) and
/// `rankable` (RD ≤ 75) are written with each rating so that the leaderboard is one walk down
/// `playerRating_leaderboard`: the 100 best of a game id are its first 100 entries, ties already in
/// name order.
///
/// `ratedGame` is each rated game, once: its primary key is the match id and the game's number, the
/// key that makes applying a game exactly once. No reference to `match`: a match that the retention
/// policy deletes keeps its players' rating history.
enum SQLiteRatingSchema {
    static let v5 = """
        CREATE TABLE playerRating (
            accountId TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
            gameId TEXT NOT NULL,
            name TEXT NOT NULL,
            canonicalName TEXT NOT NULL,
            rating REAL NOT NULL,
            shownRating INTEGER NOT NULL,
            deviation REAL NOT NULL,
            volatility REAL NOT NULL,
            rankable INTEGER NOT NULL,
            games INTEGER NOT NULL,
            wins INTEGER NOT NULL,
            losses INTEGER NOT NULL,
            draws INTEGER NOT NULL,
            lastRatedAt TEXT NOT NULL,
            PRIMARY KEY (accountId, gameId)
        ) WITHOUT ROWID;
        CREATE INDEX playerRating_leaderboard ON playerRating(gameId, rankable, shownRating DESC, canonicalName);
        CREATE TABLE ratedGame (
            matchId TEXT NOT NULL,
            gameNumber INTEGER NOT NULL,
            gameId TEXT NOT NULL,
            player1Id TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
            player1Name TEXT NOT NULL,
            player2Id TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
            player2Name TEXT NOT NULL,
            result TEXT NOT NULL,
            player1Before REAL NOT NULL,
            player1After REAL NOT NULL,
            player1DeviationAfter REAL NOT NULL,
            player1Provisional INTEGER NOT NULL,
            player2Before REAL NOT NULL,
            player2After REAL NOT NULL,
            player2DeviationAfter REAL NOT NULL,
            player2Provisional INTEGER NOT NULL,
            endedAt TEXT NOT NULL,
            PRIMARY KEY (matchId, gameNumber)
        );
        CREATE INDEX ratedGame_by_player1 ON ratedGame(player1Id, endedAt);
        CREATE INDEX ratedGame_by_player2 ON ratedGame(player2Id, endedAt);
        """
}
