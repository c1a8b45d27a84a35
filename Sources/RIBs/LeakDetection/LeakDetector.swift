import Synchronization

/// Finds RIB objects that outlive their tree.
///
/// Objects are tracked only while a tag is set: run the code that builds a tree (and later changes
/// it) inside `LeakDetector.$trackingTag.withValue("some tag") { … }`, and every `Router`,
/// `Interactor` and `Component` created there, plus every object holding a `LiveObjectToken`
/// (the views), is counted under that tag until it is deallocated. After the tree is torn down,
/// `liveObjects(tagged:)` must be empty. With no tag set, tracking costs one task-local read.
public enum LeakDetector {
    /// The tag under which objects created now are tracked; nil tracks nothing.
    @TaskLocal public static var trackingTag: String?

    private static let registry = Mutex<[String: [ObjectIdentifier: String]]>([:])

    /// Descriptions ("Router: TicTacToeRouter") of the tracked objects of `tag` still alive.
    public static func liveObjects(tagged tag: String) -> [String] {
        registry.withLock { ($0[tag] ?? [:]).values.sorted() }
    }

    static func register(_ token: ObjectIdentifier, description: String, tag: String) {
        registry.withLock { $0[tag, default: [:]][token] = description }
    }

    static func unregister(_ token: ObjectIdentifier, tag: String) {
        registry.withLock { registry in
            registry[tag]?[token] = nil
            if registry[tag]?.isEmpty == true { registry[tag] = nil }
        }
    }
}

/// Held by an object to make it visible to `LeakDetector` for as long as the object lives.
/// The base classes of the core hold one; a view or presenter adds `let liveObjectToken = LiveObjectToken(self, kind: "Presenter")`.
public final class LiveObjectToken: Sendable {
    private let tag: String?

    /// - Parameters:
    ///   - object: the object whose lifetime this token shares (only its type name is kept).
    ///   - kind: what it is in RIBs terms ("Router", "Interactor", "Component", "Presenter").
    public init(_ object: AnyObject, kind: String) {
        tag = LeakDetector.trackingTag
        if let tag {
            LeakDetector.register(ObjectIdentifier(self), description: "\(kind): \(type(of: object))", tag: tag)
        }
    }

    deinit {
        if let tag { LeakDetector.unregister(ObjectIdentifier(self), tag: tag) }
    }
}
