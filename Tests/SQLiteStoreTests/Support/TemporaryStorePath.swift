import MatchStoreContract
import MatchWords

/// Runs `body` with the path of a store file that does not exist yet, in a temporary directory.
func withTemporaryStorePath<Value>(_ body: (String) async throws -> Value) async throws -> Value {
    try await withTemporaryDirectory { directory in
        try await body(directory.appendingPathComponent("store.sqlite").path)
    }
}
