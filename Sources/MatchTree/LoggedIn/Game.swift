import MatchWords

/// A game as LoggedIn holds it: what the game is, and its builder in this LoggedIn's scope.
struct Game {
    let definition: any GameDefinition
    let builder: GameBuildable

    var id: GameID { definition.id }
    var listing: GameListing { GameListing(id: definition.id, name: definition.name) }
}
