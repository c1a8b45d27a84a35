/// Polls `condition` on the wall clock every `interval` until it holds or `limit` has passed, and says
/// whether it held: for what another task does a moment after the test moved the clock or sent a
/// message (a timer's task reaching its actor, a watch's tick). A regression that keeps it from
/// happening fails the test instead of hanging the run.
package func eventually(
    within limit: Duration = .seconds(10), every interval: Duration = .milliseconds(20), _ condition: () async throws -> Bool
) async rethrows -> Bool {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        try? await Task.sleep(for: interval)
    }
    return try await condition()
}
