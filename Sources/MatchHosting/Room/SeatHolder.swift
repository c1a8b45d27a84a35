import Foundation

/// Who holds a taken seat: the hash of its token, and the id of the account whose seat it is (issue 41;
/// nil: a guest's), as the log keeps them.
struct SeatHolder: Equatable {
    var tokenHash: Data
    var account: String? = nil
}
