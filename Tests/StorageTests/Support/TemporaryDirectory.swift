import Foundation

/// Runs `body` with a new empty directory, removed afterwards whatever happens.
func withTemporaryDirectory<Value>(_ body: (URL) async throws -> Value) async throws -> Value {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("StorageTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try await body(directory)
}

/// Runs `body` with the path of a store file that does not exist yet, in a temporary directory.
func withTemporaryStorePath<Value>(_ body: (String) async throws -> Value) async throws -> Value {
    try await withTemporaryDirectory { directory in
        try await body(directory.appendingPathComponent("store.sqlite").path)
    }
}
