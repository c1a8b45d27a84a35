import RIBs

/// A view that shows one child view at a time (the tutorial's `present` / `dismiss`).
protocol ChildViewHosting: ViewControllable {
    /// Shows `viewController` in place of the one shown.
    func present(viewController: ViewControllable)
    /// Stops showing `viewController`, if it is the one shown.
    func dismiss(viewController: ViewControllable)
}

extension Routing {
    /// Replaces the child a router shows one at a time: detaches `current` and dismisses its view
    /// from `host`, then attaches `next` and presents its view (a viewless child presents its own).
    func replaceChild(_ current: inout Routing?, with next: Routing?, in host: ChildViewHosting) {
        if let previous = current {
            current = nil
            detachChild(previous)
            if let viewable = previous as? ViewableRouting {
                host.dismiss(viewController: viewable.viewControllable)
            }
        }
        guard let next else { return }
        current = next
        attachChild(next)
        if let viewable = next as? ViewableRouting {
            host.present(viewController: viewable.viewControllable)
        }
    }
}
