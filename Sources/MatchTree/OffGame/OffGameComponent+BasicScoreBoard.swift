/// What OffGame's scope gives BasicScoreBoard: the score and the display (declared on `OffGameComponent`).
extension OffGameComponent: BasicScoreBoardDependency {}
