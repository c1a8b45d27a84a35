/// Where matches live between requests and across restarts: a store of match logs (`MatchLogStore`),
/// which also says which server hosts a match (`MatchOwnership`, for several servers on one database),
/// relays the spectators of matches hosted elsewhere (`MatchAudiences`) and keeps the "Play someone now" queue (`PairingQueueSource`). The four are apart so that each
/// concern can be read, implemented and faked on its own; every store is all four.
///
/// Contract for every implementation:
/// - `append` returns only once the records and the summary are durable (for SQLite: committed).
/// - Appends to one match are applied in the order they were called: when a later append has
///   returned, every earlier append to the same match has been stored too.
/// - An implementation may batch the appends of many matches into one transaction (group commit).
/// - A match's log is numbered 1, 2, 3… without gaps; its `created` record is number 1.
/// - Dates are kept to the millisecond at least.
/// - A call that has started is carried out even if its task is cancelled: a write is never half done.
///
/// Implementations: `InMemoryMatchStore` here (tests, `--db :memory:`), `SQLiteMatchStore` in the
/// SQLiteStore module (one file, WAL, group commit) and `PostgresMatchStore` in the PostgresStore module
/// (several servers on one database, docs/SCALING.md); the server's `MatchStores.open(path:)` picks one
/// from a `--db` value. Every implementation's tests run the checks of the MatchStoreContract module.
public typealias MatchStore = MatchLogStore & MatchOwnership & MatchAudiences & PairingQueueSource
