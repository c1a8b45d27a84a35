import NIOCore
import NIOWebSocket
import TicTacToe
import WireProtocol

/// One upgraded WebSocket of the bench, a player or a spectator: reads the server's frames, decodes
/// them with the shared `ServerMessage` type (`board` through `BoardShortcut`) and does what a bot
/// would: log in, start the games it should start, move when it is its turn, answer pings and closes. It records what it sees in its
/// loop's `StatsSample`. Runs on its channel's event loop only.
final class BenchSession: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    enum Role: Equatable {
        case player
        case spectator
        /// A watch-only spectator of the audience's hot match (`?watch=1`): checks versions, and times
        /// boards or reads nothing, as its mode says.
        case watcher(WatchMode)
    }

    private let role: Role
    private let driver: MatchDriver
    private var loop: LoopContext { driver.loop }
    private var context: ChannelHandlerContext?
    private var seat: WireSeat?
    private var isWelcomed = false
    private var loginSent = false
    /// The board a move was planned for, so that a repeated board (a resync) does not move twice.
    private var plannedFor: Int?
    private var scheduledMove: Scheduled<Void>?
    private var pacer: RatePacer
    private var fragments: ByteBuffer?
    private var closeSent = false
    /// Games this connection saw end, and start (counted at player 1).
    private var gamesOverSeen = 0
    private var gamesStartedSeen = 0
    /// What this player sent last, to send again when the server answers `rateLimited`.
    private var lastAction: ClientMessage?
    private var lastMoveCode: Int?
    /// A watcher's versions.
    private var versions = VersionTrack()
    private static let rateLimitedRetry: TimeAmount = .milliseconds(1100)

    init(role: Role, driver: MatchDriver) {
        self.role = role
        self.driver = driver
        pacer = RatePacer(limit: driver.loop.maxRate)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        loop.register(self)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        scheduledMove?.cancel()
        scheduledMove = nil
        self.context = nil
        loop.unregister(self)
    }

    func channelInactive(context: ChannelHandlerContext) {
        scheduledMove?.cancel()
        scheduledMove = nil
        if role == .watcher(.silent) {
            loop.silentOpen -= isWelcomed ? 1 : 0
            if !loop.isClosing { loop.stats.audience.silentClosed += 1 }
        } else if !closeSent && !loop.isClosing {
            count(error: "connection:lost")
        }
        self.context = nil
        loop.unregister(self)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if role != .watcher(.silent) { count(error: "connection:\(ErrorName.of(error))") }
        context.close(promise: nil)
    }

    // MARK: - Frames

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .text:
            if frame.fin {
                received(frame.unmaskedData)
            } else {
                fragments = frame.unmaskedData
            }
        case .continuation:
            guard var buffer = fragments else { return protocolError("continuation without a start") }
            var data = frame.unmaskedData
            buffer.writeBuffer(&data)
            if frame.fin {
                fragments = nil
                received(buffer)
            } else {
                fragments = buffer
            }
        case .ping:
            write(WebSocketFrame(fin: true, opcode: .pong, maskKey: loop.maskingKey(), data: frame.unmaskedData))
        case .pong:
            break
        case .connectionClose:
            serverClosed(frame)
        case .binary:
            protocolError("binary frame")
        default:
            protocolError("unknown opcode")
        }
    }

    private func serverClosed(_ frame: WebSocketFrame) {
        var data = frame.unmaskedData
        let code = data.readInteger(as: UInt16.self) ?? 1005
        if !closeSent && !loop.isClosing {
            count(error: "close:\(code)")
        }
        guard let context else { return }
        if closeSent {
            context.close(promise: nil)
            return
        }
        closeSent = true
        var echo = context.channel.allocator.buffer(capacity: 2)
        echo.writeInteger(code == 1005 ? 1000 : code)
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, maskKey: loop.maskingKey(), data: echo)))
            .assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }

    /// Starts the closing handshake with 1000 (the server answers with its close frame).
    func close() {
        guard let context, !closeSent else { return }
        closeSent = true
        // A silent spectator would never read the server's answer: it just goes.
        if role == .watcher(.silent) { return context.close(promise: nil) }
        scheduledMove?.cancel()
        scheduledMove = nil
        var data = context.channel.allocator.buffer(capacity: 2)
        data.writeInteger(UInt16(1000))
        write(WebSocketFrame(fin: true, opcode: .connectionClose, maskKey: loop.maskingKey(), data: data))
    }

    private func protocolError(_ what: String) {
        count(error: "protocol:\(what)")
        context?.close(promise: nil)
    }

    /// Counts an error of this connection: the audience's apart from the ordinary matches'.
    private func count(error kind: String) {
        if case .watcher = role {
            loop.stats.audience.errors[kind, default: 0] += 1
        } else {
            loop.stats.count(error: kind)
        }
    }

    private func write(_ frame: WebSocketFrame) {
        context?.writeAndFlush(wrapOutboundOut(frame), promise: nil)
    }

    // MARK: - Messages

    private func received(_ buffer: ByteBuffer) {
        if case .watcher(let mode) = role { return watched(buffer, mode: mode) }
        if let board = BoardShortcut.message(in: buffer) {
            assert(ServerMessage.decode(String(buffer: buffer)) == .success(board), "the board shortcut misread \(String(buffer: buffer))")
            return handle(board)
        }
        switch ServerMessage.decode(String(buffer: buffer)) {
        case .success(let message):
            handle(message)
        case .failure:
            loop.stats.count(error: "protocol:undecodable")
        }
    }

    private func handle(_ message: ServerMessage) {
        switch message {
        case .welcome(let you, let snapshot, _):
            if !isWelcomed {
                isWelcomed = true
                loop.stats.welcomed += 1
            }
            seat = you ?? seat
            if role == .player && seat == nil && !loginSent {
                loginSent = true
                perform(.login(name: nil))
            } else if let board = snapshot.board, snapshot.phase == .playing(TicTacToe.id.rawValue) {
                // A resync: carry on from the snapshot.
                plannedFor = nil
                boardArrived(board)
            } else if snapshot.phase == .offGame {
                offGame()
            }
        case .seated(let seat, _, _):
            self.seat = seat
            loop.stats.seated += 1
        case .screen(let screen, _):
            if case .offGame = screen { offGame() }
        case .board(let board, let v):
            boardArrived(board, v: v)
        case .gameOver(let winner, _, _, _, _, let ratings):
            plannedFor = nil
            gamesOverSeen += 1
            if seat == .player1 {
                driver.gamesFinished += 1
                loop.stats.gamesFinished[winner?.rawValue ?? "draw", default: 0] += 1
                // A measurement of rated play that silently played unrated would be worthless: told.
                if ratings != nil { loop.stats.ratedGamesFinished += 1 }
                if (ratings != nil) != driver.rated {
                    loop.stats.count(error: ratings == nil ? "rated:noRatings" : "rated:unexpectedRatings")
                }
            }
        case .error(let code, _):
            loop.stats.count(error: "error:\(code.rawValue)")
            if code == .rateLimited, role == .player, let action = lastAction {
                // Refused unread: send it again once the server's window has passed.
                retry(action)
            }
        case .presence, .score, .drawOffered, .drawDeclined, .gameOffered, .gameDeclined, .chat:
            break
        }
    }

    /// The pair is in OffGame: the player who starts the next game asks for it.
    private func offGame() {
        // Every game asked for so far has ended here, and this seat starts the next one.
        guard role == .player, let seat, !loop.isStopping, gamesOverSeen >= driver.gamesRequested,
            seat == MatchDriver.starter(ofGame: driver.gamesRequested)
        else { return }
        // Holding: one game per match, even if a short clock ended the first one.
        guard !loop.holds || driver.gamesRequested == 0 else { return }
        guard loop.budget.claim() else { return }
        driver.gamesRequested += 1
        perform(.startGame(gameId: "ticTacToe"))
    }

    private func boardArrived(_ board: WireBoard, v: Int? = nil) {
        let code = BoardCode.of(board.cells)
        if let last = board.last {
            if let sentAt = driver.sentTime(of: code) {
                let elapsed = NIODeadline.now().uptimeNanoseconds &- sentAt
                if let hot = driver.hot {
                    // The hot match: its moves are timed by its audience, not with the ordinary matches'.
                    if let v { hot.record(v: v, sentAt: sentAt) }
                } else if role == .spectator {
                    loop.stats.recordSpectator(nanoseconds: elapsed)
                } else if let seat, seat != last.seat {
                    loop.stats.recordOpponent(nanoseconds: elapsed)
                }
            } else if role == .spectator || seat != last.seat {
                loop.stats.unmatchedBoards += 1
            }
        } else if board.turn != nil, seat == .player1 {
            // A new game: check that the starter alternates as PROTOCOL.md says.
            loop.stats.gamesStarted += 1
            if board.turn != MatchDriver.starter(ofGame: gamesStartedSeen) { loop.stats.count(error: "protocol:unexpectedStarter") }
            gamesStartedSeen += 1
        }
        guard role == .player, !loop.holds, let seat, board.turn == seat, plannedFor != code else { return }
        plannedFor = code
        planMove(on: board, code: code, seat: seat)
    }

    // MARK: - Moves

    private func planMove(on board: WireBoard, code: Int, seat: WireSeat) {
        let free = board.cells.indices.filter { board.cells[$0] == nil }
        guard !free.isEmpty else { return }
        let cell = free[Int(loop.random.next(upperBound: UInt64(free.count)))]
        let thinkTime = driver.thinkTime ?? loop.thinkTime
        let think = thinkTime.isZero ? 0 : thinkTime.draw(using: &loop.random)
        perform(.move(row: cell / 3, col: cell % 3), producing: BoardCode.adding(seat, at: cell, to: code), after: think)
    }

    /// The server answered `rateLimited`: the message was dropped, so it goes again a window later.
    private func retry(_ action: ClientMessage) {
        perform(action, producing: lastMoveCode, after: Int64(Self.rateLimitedRetry.nanoseconds))
    }

    /// Sends `message` after `delay` nanoseconds, or later if the pacer says so. A move records its
    /// send time (under the board it produces) just before it is written.
    private func perform(_ message: ClientMessage, producing code: Int? = nil, after delay: Int64 = 0) {
        guard let context, !closeSent else { return }
        scheduledMove?.cancel()
        let now = NIODeadline.now().uptimeNanoseconds
        let earliest = max(now &+ UInt64(delay), pacer.earliestSend(at: now))
        let action = { [self] in
            self.scheduledMove = nil
            guard case .play = message, let code else { return self.send(message) }
            self.loop.stats.movesSent += 1
            self.lastMoveCode = code
            self.send(message) { self.driver.recordSent(code: code, at: NIODeadline.now().uptimeNanoseconds) }
        }
        if earliest <= now {
            action()
        } else {
            scheduledMove = context.eventLoop.assumeIsolated().scheduleTask(in: .nanoseconds(Int64(earliest - now)), action)
        }
    }

    /// Encodes and sends a message now; `beforeWrite` runs just before the frame is handed to the channel.
    private func send(_ message: ClientMessage, beforeWrite: () -> Void = {}) {
        guard let context, !closeSent else { return }
        lastAction = message
        pacer.recordSend(at: NIODeadline.now().uptimeNanoseconds)
        let text = message.encoded()
        var buffer = context.channel.allocator.buffer(capacity: text.utf8.count)
        buffer.writeString(text)
        let frame = WebSocketFrame(fin: true, opcode: .text, maskKey: loop.maskingKey(), data: buffer)
        beforeWrite()
        context.writeAndFlush(wrapOutboundOut(frame), promise: nil)
    }
}

// MARK: - Watchers

extension BenchSession {
    /// A watcher's frame: its version checked from the text (`FrameVersion`), and for a timed one the
    /// whole message read, each board's arrival kept. A silent one stops reading after its `welcome`.
    fileprivate func watched(_ buffer: ByteBuffer, mode: WatchMode) {
        let now = NIODeadline.now().uptimeNanoseconds
        loop.stats.audience.frames += 1
        let length = buffer.readableBytes
        loop.stats.audience.bytes += length + (length < 126 ? 2 : length <= 65_535 ? 4 : 10)
        let isWelcome = FrameVersion.isWelcome(buffer)
        if FrameVersion.isBoard(buffer) { loop.stats.audience.boards += 1 }
        if let v = FrameVersion.of(buffer) {
            versions.receive(v, isWelcome: isWelcome, counts: &loop.stats.audience)
        } else {
            loop.stats.audience.unversioned += 1
        }
        if isWelcome, !isWelcomed {
            isWelcomed = true
            loop.stats.audience.welcomed += 1
            loop.audienceWelcomed += 1
            if mode == .silent {
                loop.silentOpen += 1
                try? context?.channel.syncOptions?.setOption(ChannelOptions.autoRead, value: false)
            }
        }
        guard mode == .timed else { return }
        let message: ServerMessage
        if let board = BoardShortcut.message(in: buffer) {
            message = board
        } else if case .success(let decoded) = ServerMessage.decode(String(buffer: buffer)) {
            message = decoded
        } else {
            return count(error: "protocol:undecodable")
        }
        if case .board(let board, let v) = message, board.last != nil { loop.arrivals.append(Arrival(v: v, at: now)) }
    }
}

/// Keeps one connection under the server's per-second message limit: at most `limit` sends in any
/// window of a second plus a margin (for the jitter between the bench's clock and the server's).
struct RatePacer {
    /// A second, plus a margin for the jitter between send and receipt (the server counts on receipt).
    private static let window: UInt64 = 1_250_000_000
    private let limit: Int
    private var times: [UInt64] = []
    private var next = 0

    init(limit: Int) {
        self.limit = limit
    }

    /// The earliest time a message may be sent.
    func earliestSend(at now: UInt64) -> UInt64 {
        guard times.count == limit else { return now }
        return max(now, times[next] &+ Self.window)
    }

    mutating func recordSend(at time: UInt64) {
        if times.count < limit {
            times.append(time)
        } else {
            times[next] = time
            next = (next + 1) % limit
        }
    }
}

/// A short name for a connection error, as an error kind.
enum ErrorName {
    static func of(_ error: any Error) -> String {
        if let error = error as? IOError { return "io(\(error.errnoCode))" }
        let name = String(describing: type(of: error))
        return name
    }
}
