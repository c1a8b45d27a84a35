import Foundation
import Testing

/// "Hostile clients: every bad input answered, limits held, no one acts for another."
///
/// The suites of this issue run one after another (the fuzz and the slow readers measure time and
/// memory of this process, so they must not overlap each other).
@Suite("Hostile", .serialized)
struct HostileTests {}

extension HostileTests {
    /// Polls `condition` every 20 ms until it holds or `timeout` passes; returns whether it held.
    static func eventually(timeout: Duration = .seconds(10), _ condition: () async throws -> Bool) async rethrows -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if try await condition() { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return try await condition()
    }
}
