import RIBs

extension Interactor {
    /// Calls `action` once `router` has loaded (at once if it already has), unless this interactor
    /// resigns active first. For the first routing, which the tutorial's routers do in `didLoad`,
    /// when the interactor must keep what that routing returns.
    func whenLoaded(_ router: RouterScope?, _ action: @escaping () -> Void) {
        router?.lifecycle
            .filter { $0 == .didLoad }
            .first()
            .subscribe { _ in action() }
            .disposeOnDeactivate(interactor: self)
    }
}
