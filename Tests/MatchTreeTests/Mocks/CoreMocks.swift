import RIBs

@testable import MatchTree

/// An interactor that does nothing: for routers whose interactor does not matter to a test.
final class InteractableMock: Interactor {}

/// A view that shows nothing.
final class ViewControllableMock: ViewControllable {}

/// A child router: a real one, so that attaching and detaching it behave as in the tree.
func makeViewableRoutingMock() -> ViewableRouting {
    ViewableRouter(interactor: InteractableMock(), viewController: ViewControllableMock())
}

/// A view that records what it is asked to show.
final class ChildViewHostingMock: RootViewControllable, LoggedInViewControllable {
    private(set) var presented: [ViewControllable] = []
    private(set) var dismissed: [ViewControllable] = []

    func present(viewController: ViewControllable) {
        presented.append(viewController)
    }

    func dismiss(viewController: ViewControllable) {
        dismissed.append(viewController)
    }
}
