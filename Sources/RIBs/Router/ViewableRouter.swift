/// What a view of a RIB is to the core: something a parent can present or dismiss.
/// On iOS this wraps a `UIViewController`; on the server it is the part of a match's screen one RIB owns.
public protocol ViewControllable: AnyObject {}

/// A router with a view.
public protocol ViewableRouting: Routing {
    /// The view of this RIB, as the parent sees it.
    var viewControllable: ViewControllable { get }
}

/// The base class of routers that own a view.
open class ViewableRouter<InteractorType, ViewControllerType>: Router<InteractorType>, ViewableRouting {
    /// The view of this RIB, as its own type.
    public let viewController: ViewControllerType
    public let viewControllable: ViewControllable

    /// - Parameters:
    ///   - interactor: must conform to `Interactable`.
    ///   - viewController: must conform to `ViewControllable`.
    public init(interactor: InteractorType, viewController: ViewControllerType) {
        self.viewController = viewController
        guard let viewControllable = viewController as? ViewControllable else {
            fatalError("\(viewController) should conform to \(ViewControllable.self)")
        }
        self.viewControllable = viewControllable
        super.init(interactor: interactor)
    }
}
