import RIBs

/// The `UIWindow` of a match: holds the root view the tree was launched into, and the display
/// every view of the tree writes its events to.
final class MatchWindow: Window {
    let display = MatchDisplay()

    private(set) var rootViewController: ViewControllable?

    func setRootViewController(_ viewController: ViewControllable) {
        rootViewController = viewController
    }

    /// Forgets the root view, so that nothing of the tree outlives a torn-down match through it.
    func clear() {
        rootViewController = nil
    }
}
