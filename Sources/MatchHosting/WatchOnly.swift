import WireProtocol

/// What a watch-only connection (`/ws/{id}?watch=1`) may not send, whoever serves it: the match's host
/// or a server relaying it (`RelayedMatch`).
enum WatchOnly {
    /// Whether `message` is refused with `watchOnly` before any other check: it would take a seat
    /// (`login`, `resume`), which tells the page to reconnect without `watch`, or start a game
    /// (`launchGame`), which a connection that only watches has no business doing.
    static func refuses(_ message: ClientMessage) -> Bool {
        switch message {
        case .login, .resume, .launchGame: true
        default: false
        }
    }
}
