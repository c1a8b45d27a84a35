import Accounts
import Foundation
import Hummingbird
import WebSocketTransport
import WireProtocol

/// Blocking (issue 41, an extension): a signed-in player lists, adds and removes the players it
/// blocks, by name. A block keeps the two apart in "Play someone now" (`Matchmaker`). Each answer is
/// the list as it now stands.
extension Routes {
    func addBlocks(to router: Router<AppRequestContext>) {
        router.get("/api/blocks") { request, context in try await listBlocks(request, context) }
        router.post("/api/blocks") { request, context in try await block(request, context) }
        router.delete("/api/blocks/{name}") { request, context in try await unblock(request, context) }
    }

    private func listBlocks(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let me = try await signedIn(request, context).account
        return try await blockList(of: me)
    }

    private func block(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        try checkOrigin(request, context, refusing: "This origin may not change your blocks here.")
        let me = try await signedIn(request, context).account
        let body = try await read(AccountNameBody.self, from: request, emptyAs: nil, context)
        let blocked = try await player(named: body.name, context)
        guard blocked.id != me.id else {
            refused("a player blocking itself, answered 400", match: nil, context)
            throw APIError(.badRequest, .badMessage, "You cannot block yourself.")
        }
        try await reachingAccounts { try await $0.block(blocked.id, by: me.id, at: now) }
        return try await blockList(of: me)
    }

    private func unblock(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        try checkOrigin(request, context, refusing: "This origin may not change your blocks here.")
        let me = try await signedIn(request, context).account
        // The path holds the name percent-encoded (a space, `Zoë`, a Korean name): the router does not decode it.
        let name = context.parameters.get("name")?.removingPercentEncoding ?? ""
        let blocked = try await player(named: name, context)
        try await reachingAccounts { try await $0.unblock(blocked.id, by: me.id) }
        return try await blockList(of: me)
    }

    /// The account named `name` (in any case or width); `404 playerNotFound` when none is.
    private func player(named name: String, _ context: AppRequestContext) async throws -> Account {
        guard let account = try await reachingAccounts({ try await $0.account(named: name) }) else {
            refused("block of a name no account has, answered 404", match: nil, context)
            throw APIError(.notFound, .playerNotFound, "There is no registered player with that name.")
        }
        return account
    }

    private func blockList(of me: Account) async throws -> Response {
        let blocked = try await reachingAccounts { try await $0.blockedAccounts(by: me.id) }
        return .json(BlockList(blocks: blocked.map { AccountPlayer(id: $0.id, name: $0.name) }))
    }

    /// `body` on the account store, with a store that cannot be reached answered `503`.
    private func reachingAccounts<Value>(_ body: (any AccountStore) async throws -> Value) async throws -> Value {
        let store = try accountsReady().store
        do {
            return try await body(store)
        } catch {
            throw accountStorageUnavailable(error)
        }
    }
}
