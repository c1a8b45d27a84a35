/// What LoggedIn's scope gives Computer: how it picks among equally good moves.
extension LoggedInComponent: ComputerDependency {
    var computerPick: ComputerPick { dependency.computerPick }
}
