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
            try db.execute(
                sql: """
                    INSERT OR IGNORE INTO record (matchId, sequence, at, kind, payload)
                    SELECT matchId, sequence, at, kind, payload FROM \(table.name) ORDER BY matchId, sequence;
                    DELETE FROM \(table.name);
                    """)
            rows += count
        }
        return rows
    }

    /// The row ids of `generation`'s table, sorted by match and sequence (so each chunk inserts in
    /// `record`'s own order), split into chunks of `matchesPerChunk` matches. Only the ids are kept:
    /// the rows stay in the table until they are copied, so a window costs eight bytes a row in memory
    /// rather than its payloads. Runs on a reader: the table takes no more appends once its generation is
    /// being archived.
    static func loadWindow(generation: Int, matchesPerChunk: Int, in db: Database) throws -> ArchiveWindow {
        let table = RecordLogTable(generation: generation)
        let rows = try Row.fetchCursor(db, sql: "SELECT rowid, matchId FROM \(table.name) ORDER BY matchId, sequence")
        var rowIds: [Int64] = []
        var chunkEnds: [Int] = []
        var matchesInChunk = 0
        var previousMatch: String?
        while let row = try rows.next() {
            let matchId: String = row[1]
            if matchId != previousMatch {
                if matchesInChunk == matchesPerChunk {
                    chunkEnds.append(rowIds.count)
                    matchesInChunk = 0
                }
                matchesInChunk += 1
                previousMatch = matchId
            }
            rowIds.append(row[0])
        }
        if matchesInChunk > 0 { chunkEnds.append(rowIds.count) }
        return ArchiveWindow(generation: generation, rowIds: rowIds, chunkEnds: chunkEnds)
    }

    /// Copies the window's next chunk into `record`, in the caller's transaction; with the last chunk,
    /// empties the window's table (a `DELETE` without `WHERE`, which SQLite does by freeing the pages
    /// rather than row by row). Returns how many rows it copied.
    static func moveNextChunk(of window: ArchiveWindow, in db: Database) throws -> Int {
        let rowIds = window.rowIds(ofChunk: window.nextChunk)
        if !rowIds.isEmpty {
            let copy = try db.cachedStatement(
                sql: """
                    INSERT OR IGNORE INTO record (matchId, sequence, at, kind, payload)
                    SELECT matchId, sequence, at, kind, payload FROM \(window.table.name) WHERE rowid = ?
                    """)
            for rowId in rowIds {
                try copy.execute(arguments: [rowId])
            }
        }
        if window.nextChunk + 1 >= window.chunkCount {
            try db.execute(sql: "DELETE FROM \(window.table.name)")
        }
        return rowIds.count
    }
}
