/// How well the computer plays a seat. Every game decides what a level means for its moves, in its
/// own rules (docs/PROTOCOL.md, "Playing the computer").
public enum ComputerLevel: String, Sendable, Hashable, Codable, CaseIterable {
    /// Plays a winning move it sees, else any move: it makes mistakes and can lose.
    case easy
    /// The best play the game's search finds: in Tic Tac Toe it never loses.
    case perfect
}

/// How the computer picks one of the moves it finds equally good: given how many there are (at least
/// one), an index below that. Random on a server; scripted in tests.
public typealias ComputerPick = (_ count: Int) -> Int

/// The computer's pick on a server: any of the equally good moves, at random.
public func randomComputerPick(_ count: Int) -> Int { Int.random(in: 0..<count) }
