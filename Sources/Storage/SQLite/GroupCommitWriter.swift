import GRDB

/// The one writer loop of a `SQLiteMatchStore`: takes a batch from the queue, applies it in one
/// transaction, resumes its callers, and again, until the queue is closed and drained.
enum GroupCommitWriter {
    static func run(queue: WriteQueue, database: DatabasePool) async {
        while let batch = await queue.nextBatch() {
            let operations = batch.map(\.operation)
            do {
                let refusals = try await database.write { db in
                    try operations.map { try SQLiteWrites.apply($0, in: db) }
                }
                queue.complete(batch, with: .success(refusals))
            } catch {
                queue.complete(batch, with: .failure(error))
            }
        }
    }
}
