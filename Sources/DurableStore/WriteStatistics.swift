/// What a durable store (`SQLiteMatchStore`, `PostgresMatchStore`) has committed since it was opened.
public struct WriteStatistics: Sendable, Hashable {
    /// Transactions committed. With group commit this is lower than `operations`.
    public var committedTransactions = 0
    /// `createMatch` and `append` calls committed (those refused with an error are not counted).
    public var committedOperations = 0
    /// Log records committed, `created` records included.
    public var committedRecords = 0
    /// Transactions that moved records from the record log into the match-ordered table (not counted
    /// in `committedTransactions`).
    public var archiveTransactions = 0
    /// Records those transactions moved.
    public var archivedRecords = 0

    /// Zero everywhere.
    public init() {}

    /// Operations per transaction: how much group commit batched (0 before the first commit).
    public var operationsPerTransaction: Double {
        committedTransactions == 0 ? 0 : Double(committedOperations) / Double(committedTransactions)
    }

    /// Records per transaction (0 before the first commit).
    public var recordsPerTransaction: Double {
        committedTransactions == 0 ? 0 : Double(committedRecords) / Double(committedTransactions)
    }

    /// The counts committed since `earlier` was taken.
    public func since(_ earlier: WriteStatistics) -> WriteStatistics {
        var delta = WriteStatistics()
        delta.committedTransactions = committedTransactions - earlier.committedTransactions
        delta.committedOperations = committedOperations - earlier.committedOperations
        delta.committedRecords = committedRecords - earlier.committedRecords
        delta.archiveTransactions = archiveTransactions - earlier.archiveTransactions
        delta.archivedRecords = archivedRecords - earlier.archivedRecords
        return delta
    }
}
