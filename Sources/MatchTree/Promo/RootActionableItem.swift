import RIBs

/// Root as a workflow step (tutorial 4).
protocol RootActionableItem: AnyObject {
    /// Sends LoggedIn once both players are logged in: at once if they are, else at the login that
    /// completes the pair. Never an item of a pair that has broken up.
    func waitForLogin() -> Observable<(LoggedInActionableItem, Void)>
}
