import Foundation
import Testing

/// "Hostile clients: every bad input answered, limits held, no one acts for another."
///
/// The suites of this issue run one after another (the fuzz and the slow readers measure time and
/// memory of this process, so they must not overlap each other).
@Suite("Hostile", .serialized)
struct HostileTests {}
