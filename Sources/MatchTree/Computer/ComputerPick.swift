/// How the computer picks one of the moves it finds equally good: given how many there are (at least
/// one), an index below that. Random on a server; scripted in tests.
public typealias ComputerPick = (_ count: Int) -> Int

/// The computer's pick on a server: any of the equally good moves, at random.
public func randomComputerPick(_ count: Int) -> Int { Int.random(in: 0..<count) }
