import NIOCore
import NIOWebSocket
import Synchronization
import WireProtocol

/// The state of one event loop of the bench: its statistics, random source and connections. Lives
/// on that loop only (the runner reaches it through `NIOLoopBound`), so nothing in it needs a lock.
final class LoopContext {
    let eventLoop: any EventLoop
    let thinkTime: ThinkTime
    let maxRate: Int
    let budget: GameBudget
    /// `--hold`: players start their match's first game and never move.
    let holds: Bool
    var stats = StatsSample()
    var random: FastRandom
    /// Set when the run ends: players start no new game.
    var isStopping = false
    /// Set when the bench closes its connections: a close is expected from now on.
    var isClosing = false
    private(set) var drivers: [MatchDriver] = []
    private var sessions: [ObjectIdentifier: BenchSession] = [:]
    /// Connections whose channel is open (connected, upgraded or not).
    private(set) var openChannels = 0
    /// The audience's timed spectators' board arrivals, kept raw: their latency is computed at the end,
    /// against the hot match's send times (of this process or of another, `--hot-times`).
    var arrivals: [Arrival] = []
    /// Spectators of the audience welcomed so far, and silent ones open (not reset by samples).
    var audienceWelcomed = 0
    var silentOpen = 0

    init(eventLoop: any EventLoop, thinkTime: ThinkTime, maxRate: Int, budget: GameBudget, holds: Bool = false, seed: UInt64) {
        self.eventLoop = eventLoop
        self.holds = holds
        self.thinkTime = thinkTime
        self.maxRate = maxRate
        self.budget = budget
        random = FastRandom(seed: seed)
    }

    func add(_ driver: MatchDriver) { drivers.append(driver) }

    func channelOpened() { openChannels += 1 }

    func channelClosed() { openChannels -= 1 }

    func register(_ session: BenchSession) { sessions[ObjectIdentifier(session)] = session }

    func unregister(_ session: BenchSession) { sessions[ObjectIdentifier(session)] = nil }

    /// What was measured since the last call.
    func takeSample() -> StatsSample {
        defer { stats = StatsSample() }
        return stats
    }

    var gamesInProgress: Int { drivers.lazy.filter(\.gameInProgress).count }

    var sessionCount: Int { sessions.count }

    /// Sends a close frame (1000) on every connection; the server answers and the channels close.
    func closeAll() {
        isClosing = true
        isStopping = true
        for session in sessions.values { session.close() }
    }

    /// A masking key for a client frame (RFC 6455 wants one per frame, unpredictable to the network;
    /// on loopback any key will do, so a fast generator serves).
    func maskingKey() -> WebSocketMaskingKey {
        WebSocketMaskingKey.random(using: &random)
    }
}

/// How many games may still be started, shared by every loop (nil: no limit).
final class GameBudget: Sendable {
    private let remaining: Atomic<Int>
    private let isLimited: Bool

    init(games: Int?) {
        remaining = Atomic(games ?? 0)
        isLimited = games != nil
    }

    /// Takes one game from the budget; false when none is left.
    func claim() -> Bool {
        guard isLimited else { return true }
        return remaining.subtract(1, ordering: .relaxed).newValue >= 0
    }

    var isExhausted: Bool { isLimited && remaining.load(ordering: .relaxed) <= 0 }
}

/// One match as the bench plays it: whose turn starts the next game, whether a game is on, and when
/// the last moves were sent, so that every receiver of a `board` can tell how long it took.
final class MatchDriver {
    let matchID: String
    unowned let loop: LoopContext
    /// Games a player asked for with `startGame`.
    var gamesRequested = 0
    /// Games that ended, as player 1 saw them.
    var gamesFinished = 0
    var gameInProgress: Bool { gamesRequested > gamesFinished }
    /// The hot match's think time (`--audience-rate`), in place of the loop's.
    var thinkTime: ThinkTime?
    /// The hot match's move times (its players record each move's version there).
    var hot: HotMoveTimes?
    /// A rated match (`--rated`): each of its games over must carry `ratings`, and no other match's may.
    let rated: Bool
    /// The boards the last moves produced (as `BoardCode`s) and when each move was sent, newest last.
    private var sentCodes: [Int] = []
    private var sentTimes: [UInt64] = []
    private static let remembered = 8

    /// PROTOCOL.md: the pair's first game starts with player 1, each later one with the other player.
    static func starter(ofGame index: Int) -> WireSeat {
        index % 2 == 0 ? .player1 : .player2
    }

    init(matchID: String, loop: LoopContext, thinkTime: ThinkTime? = nil, hot: HotMoveTimes? = nil, rated: Bool = false) {
        self.matchID = matchID
        self.loop = loop
        self.rated = rated
        self.thinkTime = thinkTime
        self.hot = hot
    }

    func recordSent(code: Int, at time: UInt64) {
        if sentCodes.count == Self.remembered {
            sentCodes.removeFirst()
            sentTimes.removeFirst()
        }
        sentCodes.append(code)
        sentTimes.append(time)
    }

    /// When the move that produced the board `code` was sent, if it was one of the last few.
    func sentTime(of code: Int) -> UInt64? {
        guard let index = sentCodes.lastIndex(of: code) else { return nil }
        return sentTimes[index]
    }
}

/// A board as one integer: 2 bits per cell (0 empty, 1 player 1, 2 player 2), row-major. Within a
/// game every board is reached by exactly one move, so it names that move.
enum BoardCode {
    static func of(_ cells: [WireSeat?]) -> Int {
        var code = 0
        for (index, cell) in cells.enumerated() {
            code |= mark(cell) << (2 * index)
        }
        return code
    }

    static func adding(_ seat: WireSeat, at index: Int, to code: Int) -> Int {
        code | mark(seat) << (2 * index)
    }

    private static func mark(_ seat: WireSeat?) -> Int {
        switch seat {
        case nil: 0
        case .player1: 1
        case .player2: 2
        }
    }
}
