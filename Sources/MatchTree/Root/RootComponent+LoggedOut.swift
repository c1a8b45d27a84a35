/// What Root's scope gives LoggedOut: the display (declared on `RootComponent`).
extension RootComponent: LoggedOutDependency {}
