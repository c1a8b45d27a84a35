/// When the writer moves records from the log tables into `record`, and in steps of what size.
///
/// A bigger window puts more records of each match on the page it rewrites (fewer bytes written per
/// move) but keeps more rows in the log tables, which loading a match scans, and more in memory while
/// they are moved. Smaller steps keep each archive transaction short, so the appends queued behind it
/// wait less. The defaults come from the measurements in docs/PERFORMANCE.md, item 11.
public struct RecordArchivePolicy: Sendable, Hashable {
    /// How many rows a log table gathers before the writer starts moving them (all of them at once).
    public var windowRecords: Int
    /// How many matches' records one archive transaction moves.
    public var matchesPerTransaction: Int

    /// A policy; both values at least 1.
    public init(windowRecords: Int, matchesPerTransaction: Int) {
        precondition(windowRecords > 0 && matchesPerTransaction > 0, "an archive window and step hold at least one")
        self.windowRecords = windowRecords
        self.matchesPerTransaction = matchesPerTransaction
    }

    /// 16,384 records (about three seconds at 5,000 moves per second), 8 matches per transaction.
    public static let standard = RecordArchivePolicy(windowRecords: 16_384, matchesPerTransaction: 8)
}
