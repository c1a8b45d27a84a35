import ArgumentParser
import Foundation

/// `--sessions FILE`: signed-in accounts for the players (issue 42). Only an account may create a
/// rated match and sit in one, and accounts sign in by passkey, which the bench does not sign:
/// scripts/bench-accounts.py registers them and writes each one's name and session cookie, one
/// "NAME SESSION" line each ('#' lines and blank ones are skipped).
struct BenchAccounts: Sendable, Equatable {
    struct Account: Sendable, Equatable {
        var name: String
        var session: String
    }

    let accounts: [Account]

    init(accounts: [Account]) throws {
        // A match seats two different accounts: an account's second login in a match takes back the
        // seat it holds (as a second device of one person does), it never takes the other one.
        guard accounts.count >= 2 else { throw ValidationError("--sessions: at least two accounts are needed (a match seats two)") }
        self.accounts = accounts
    }

    init(contentsOf path: String) throws {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw ValidationError("--sessions: cannot read \(path)")
        }
        var accounts: [Account] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let fields = trimmed.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count == 2 else { throw ValidationError("--sessions: line \(number + 1) of \(path) is not NAME SESSION") }
            accounts.append(Account(name: String(fields[0]), session: String(fields[1])))
        }
        try self.init(accounts: accounts)
    }

    /// The two accounts of the match created `index`th: neighbours in the list, wrapping around, so that
    /// 2 × matches accounts give every player one match, and fewer let an account play in several at
    /// once (the server allows it; the cluster's rated test does it).
    func players(ofMatch index: Int) -> (first: Account, second: Account) {
        (accounts[(2 * index) % accounts.count], accounts[(2 * index + 1) % accounts.count])
    }
}
