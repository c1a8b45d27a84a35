import MatchHosting
import NIOCore
import WireProtocol

/// Names are not borrowed (issue 41): a guest's `login` with a registered player's name is refused
/// `nameTaken`. Only the account store knows the names, and a match's host does no account I/O, so the
/// session asks before it hands such a login on; what the client sends meanwhile waits behind it, so
/// that the host still gets the connection's messages in the order they came. A signed-in player's
/// `login` is not looked up (it takes the account's own name), nor is anything on a watch-only
/// connection (refused `watchOnly` by the host first).
extension WebSocketSession {
    /// Hands `inbound` on, after any login whose name is being looked up.
    func deliver(_ inbound: MatchHost.Inbound) {
        if nameChecks.isChecking {
            // The rate limit alone would let a look-up that waits on slow storage gather hundreds of
            // messages of up to 4 KB each: a client that sends this many before its login is answered
            // is not one that waits for answers.
            guard nameChecks.hold(inbound) else {
                return refuse(code: 1008, reason: "Too many messages.", log: "too many messages while a login name was looked up")
            }
        } else if let name = guestLoginName(inbound), let accounts, let context {
            nameChecks.isChecking = true
            let session = NIOLoopBound(self, eventLoop: context.eventLoop)
            Task {
                let registered: Bool?
                do {
                    registered = try await accounts.isRegistered(guestName: name)
                } catch {
                    session.eventLoop.execute { session.value.log.error("guest login name not looked up", metadata: ["error": "\(error)"]) }
                    registered = nil
                }
                session.eventLoop.execute { session.value.nameChecked(registered, login: inbound) }
            }
        } else {
            forward(inbound)
        }
    }

    /// The name of a guest's login, to look up; nil for anything else.
    private func guestLoginName(_ inbound: MatchHost.Inbound) -> String? {
        guard account == nil, !watchesOnly, case .message(.login(let name?)) = inbound else { return nil }
        return name
    }

    /// The look-up of `login`'s name answered (nil: the account storage could not be reached), on the
    /// event loop: the login goes on or is refused, then what waited behind it, up to the next login
    /// to look up.
    private func nameChecked(_ registered: Bool?, login: MatchHost.Inbound) {
        switch registered {
        case false?:
            forward(login)
        case true?:
            forward(.refused(.nameTaken, message: nil))
        case nil:
            // Seating a guest under a name nobody could check might hand it a registered player's: the
            // connection closes as on any storage failure, nothing changed, and the client comes back.
            return refuse(code: 1011, reason: "Storage failed; reconnect.", log: "account storage unreachable for a guest's login name")
        }
        var waiting = nameChecks.release()[...]
        while let next = waiting.popFirst() {
            deliver(next)
            if nameChecks.isChecking {
                // What was held before fits again: at most as many as were held.
                for later in waiting { _ = nameChecks.hold(later) }
                return
            }
        }
    }
}

/// Whether a guest's login name is being looked up, and what the client sent meanwhile, in order.
struct GuestNameChecks {
    /// At most this many messages wait behind one look-up.
    static let limit = 64

    var isChecking = false
    private var held: [MatchHost.Inbound] = []

    /// Holds `inbound` until the look-up is over; false, holding nothing, when `limit` are held already.
    mutating func hold(_ inbound: MatchHost.Inbound) -> Bool {
        guard held.count < Self.limit else { return false }
        held.append(inbound)
        return true
    }

    /// The look-up is over: what was held, to hand on in order.
    mutating func release() -> [MatchHost.Inbound] {
        isChecking = false
        defer { held = [] }
        return held
    }
}
