import GRDB

/// The SQL that moves records from the log tables (written in time order, cheap to append to) into
/// `record` (kept in match order, cheap to load a match from). `RecordLogState` says when.
///
/// A row may be copied into `record` twice: when a crash comes between a window's chunks and the
/// emptying of its table, or when a failed window is moved again. A (matchId, sequence) key names
/// exactly one record, so the second copy is the same row and `INSERT OR IGNORE` skips it.
enum RecordArchive {
    /// Moves every row of both log tables into `record` and empties them, in the caller's
    /// transaction; returns how many rows they held. The store does this when it opens, so that the
    /// writer's `RecordLogState` starts from an empty log.
    static func archiveEverything(in db: Database) throws -> Int {
        var rows = 0
        for table in RecordLogTable.allCases {
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table.name)") ?? 0
            guard count > 0 else { continue }
            try db.execute(sql: """
                INSERT OR IGNORE INTO record (matchId, sequence, at, kind, payload)
                SELECT matchId, sequence, at, kind, payload FROM \(table.name) ORDER BY matchId, sequence;
                DELETE FROM \(table.name);
                """)
            rows += count
        }
        return rows
    }

    /// The rows of `generation`'s table, grouped by match into chunks of `matchesPerChunk` matches,
    /// sorted by match and sequence so each chunk inserts in `record`'s own order. Runs on a reader:
    /// the table takes no more appends once its generation is being archived.
    static func loadWindow(generation: Int, matchesPerChunk: Int, in db: Database) throws -> ArchiveWindow {
        let table = RecordLogTable(generation: generation)
        let rows = try Row.fetchCursor(
            db, sql: "SELECT matchId, sequence, at, kind, payload FROM \(table.name) ORDER BY matchId, sequence"
        )
        var chunks: [[ArchivedRow]] = []
        var chunk: [ArchivedRow] = []
        var matchesInChunk = 0
        var previousMatch: String?
        while let row = try rows.next() {
            let archived = ArchivedRow(matchId: row[0], sequence: row[1], at: row[2], kind: row[3], payload: row[4])
            if archived.matchId != previousMatch {
                if matchesInChunk == matchesPerChunk {
                    chunks.append(chunk)
                    chunk = []
                    matchesInChunk = 0
                }
                matchesInChunk += 1
                previousMatch = archived.matchId
            }
            chunk.append(archived)
        }
        if !chunk.isEmpty { chunks.append(chunk) }
        return ArchiveWindow(generation: generation, chunks: chunks)
    }

    /// Copies the window's next chunk into `record`, in the caller's transaction; with the last chunk,
    /// empties the window's table (a `DELETE` without `WHERE`, which SQLite does by freeing the pages
    /// rather than row by row). Returns how many rows it copied.
    static func moveNextChunk(of window: ArchiveWindow, in db: Database) throws -> Int {
        var copied = 0
        if window.chunks.indices.contains(window.nextChunk) {
            let insert = try db.cachedStatement(sql: """
                INSERT OR IGNORE INTO record (matchId, sequence, at, kind, payload) VALUES (?, ?, ?, ?, ?)
                """)
            for row in window.chunks[window.nextChunk] {
                try insert.execute(arguments: [row.matchId, row.sequence, row.at, row.kind, row.payload])
            }
            copied = window.chunks[window.nextChunk].count
        }
        if window.nextChunk + 1 >= window.chunks.count {
            try db.execute(sql: "DELETE FROM \(window.table.name)")
        }
        return copied
    }
}
