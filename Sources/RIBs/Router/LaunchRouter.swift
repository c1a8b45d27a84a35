/// Where a launched tree shows its root view: `UIWindow` on iOS; on the server, a match's screen.
public protocol Window: AnyObject {
    /// Makes `viewController` the root of what this window shows.
    func setRootViewController(_ viewController: ViewControllable)
}

/// The root router of a tree: the one the application launches.
public protocol LaunchRouting: ViewableRouting {
    /// Shows the root view in `window`, activates the root interactor, then loads the root router.
    func launch(from window: Window)
}

/// The base class of root routers.
open class LaunchRouter<InteractorType, ViewControllerType>: ViewableRouter<InteractorType, ViewControllerType>, LaunchRouting {
    public final func launch(from window: Window) {
        window.setRootViewController(viewControllable)
        interactable.activate()
        load()
    }
}
