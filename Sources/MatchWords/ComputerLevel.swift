/// How well the computer plays a seat. Every game decides what a level means for its moves, in its
/// own rules (docs/PROTOCOL.md, "Playing the computer").
public enum ComputerLevel: String, Sendable, Hashable, Codable, CaseIterable {
    /// Plays a winning move it sees, else any move: it makes mistakes and can lose.
    case easy
    /// The best play the game's search finds: in Tic Tac Toe it never loses.
    case perfect
}
