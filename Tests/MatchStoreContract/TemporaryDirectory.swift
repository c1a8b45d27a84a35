import Foundation

/// Runs `body` with a new empty directory, removed afterwards whatever happens.
public func withTemporaryDirectory<Value>(_ body: (URL) async throws -> Value) async throws -> Value {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("MatchStoreTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try await body(directory)
}
