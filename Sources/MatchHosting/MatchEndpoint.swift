/// What a connection's session hands its messages to: the match's host (`MatchHost`), or on a server
/// that does not host the match, the relay of its audience (`RelayedMatch`).
package protocol MatchEndpoint: AnyObject, Sendable {
    /// Queues `inbound` of connection `connectionID`. Callable from anywhere; never waits.
    func deliver(_ inbound: MatchHost.Inbound, from connectionID: UInt64)
}

extension MatchHost: MatchEndpoint {}
