import Foundation
import GRDB

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A consistent copy of a store's SQLite file, taken while a server plays on it (`tictactoe backup`).
///
/// The copy is SQLite's `VACUUM INTO`: one read transaction, so it holds exactly what was committed when
/// it began, and in WAL mode a reader never blocks the writer (whereas the online backup API, run in
/// steps, starts again whenever the server writes). It is written to a hidden temporary name in the
/// target's folder, synced, and only then given the target's name, so a failure never leaves a file
/// that looks like a backup.
public enum SQLiteBackup {
    /// Why a backup was not made, in a sentence for the operator.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The first 16 bytes of every SQLite database file.
    private static let header = Array("SQLite format 3\u{0}".utf8)

    /// Copies the database at `source` to `target`.
    /// - Parameters:
    ///   - replacing: whether an existing `target` is replaced (`--force`); otherwise it is refused.
    /// - Returns: the size of the copy in bytes.
    /// - Throws: `Failure` for a source that is missing or not a SQLite database, an existing target
    ///   without `replacing`, a folder that cannot be written; nothing is left behind then.
    @discardableResult
    public static func copy(from source: String, to target: String, replacing: Bool) throws(Failure) -> Int {
        try checkSource(source)
        let targetURL = URL(fileURLWithPath: target)
        let folder = targetURL.deletingLastPathComponent()
        try checkTarget(target, folder: folder.path, replacing: replacing)
        let temporary = folder.appendingPathComponent(".\(targetURL.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).partial").path
        do {
            try vacuum(source, into: temporary)
            try sync(temporary)
            try install(temporary, as: target, replacing: replacing)
            try sync(folder.path)
        } catch {
            for leftover in [temporary, temporary + "-journal"] { unlink(leftover) }
            throw error
        }
        let attributes = try? FileManager.default.attributesOfItem(atPath: target)
        return (attributes?[.size] as? Int) ?? 0
    }

    private static func checkSource(_ source: String) throws(Failure) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory) else {
            throw Failure(description: "there is no database at \(source)")
        }
        guard !isDirectory.boolValue else { throw Failure(description: "\(source) is a directory, not a SQLite database") }
        guard let handle = FileHandle(forReadingAtPath: source) else { throw Failure(description: "\(source) cannot be read") }
        let start = (try? handle.read(upToCount: header.count)).map { Array($0) } ?? []
        try? handle.close()
        guard start == header else { throw Failure(description: "\(source) is not a SQLite database") }
    }

    private static func checkTarget(_ target: String, folder: String, replacing: Bool) throws(Failure) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: target, isDirectory: &isDirectory) {
            guard !isDirectory.boolValue else { throw Failure(description: "\(target) is a directory: name the backup file") }
            guard replacing else { throw Failure(description: "\(target) exists: give --force to replace it") }
        }
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw Failure(description: "the folder \(folder) does not exist")
        }
    }

    /// `VACUUM INTO` from a read-only connection: the server's file is never written by the backup.
    private static func vacuum(_ source: String, into temporary: String) throws(Failure) {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "backup"
        // The server's checkpoints and archive steps take the write lock for a moment; a reader waits for
        // the WAL index rather than failing at once.
        configuration.busyMode = .timeout(10)
        do {
            let database = try DatabaseQueue(path: source, configuration: configuration)
            // Outside a transaction of GRDB's: VACUUM runs its own, and fails inside another.
            try database.inDatabase { db in try db.execute(sql: "VACUUM INTO ?", arguments: [temporary]) }
            try database.close()
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB {
            throw Failure(description: "\(source) is not a SQLite database (\(error.message ?? "file is not a database"))")
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CANTOPEN || error.resultCode == .SQLITE_READONLY {
            throw Failure(
                description:
                    "cannot write the backup in \(URL(fileURLWithPath: temporary).deletingLastPathComponent().path) (\(error.message ?? "\(error)"))")
        } catch {
            throw Failure(description: "the backup of \(source) failed: \(error)")
        }
    }

    /// Forces the file (or folder entry) to disk, so that the name never points at a copy a power loss
    /// could have cut short.
    private static func sync(_ path: String) throws(Failure) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw Failure(description: "cannot open \(path) to sync it: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw Failure(description: "cannot sync \(path): \(String(cString: strerror(errno)))") }
    }

    /// Gives the finished copy the target's name: `rename` replaces atomically; without `replacing`,
    /// `link` refuses a target that appeared since the check.
    private static func install(_ temporary: String, as target: String, replacing: Bool) throws(Failure) {
        if replacing {
            guard rename(temporary, target) == 0 else {
                throw Failure(description: "cannot name the backup \(target): \(String(cString: strerror(errno)))")
            }
            return
        }
        guard link(temporary, target) == 0 else {
            if errno == EEXIST { throw Failure(description: "\(target) exists: give --force to replace it") }
            throw Failure(description: "cannot name the backup \(target): \(String(cString: strerror(errno)))")
        }
        unlink(temporary)
    }
}
