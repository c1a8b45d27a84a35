import GRDB
import MatchStore
import MatchWords

/// A match id is stored as its text, in the `matchId` and `id` columns.
extension MatchID: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { rawValue.databaseValue }

    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> MatchID? {
        String.fromDatabaseValue(dbValue).map(MatchID.init(rawValue:))
    }
}
