import ArgumentParser

/// `tictactoe`: the server (`serve`, the default, so every option works without naming it) and the
/// operator's tools beside it (`backup`).
@main
struct TicTacToeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tictactoe",
        abstract: "Serve TicTacToe matches over HTTP and WebSockets, each hosted by its own RIB tree.",
        discussion: "Without a subcommand it serves (`tictactoe serve --help` lists the options).",
        subcommands: [ServeCommand.self, BackupCommand.self],
        defaultSubcommand: ServeCommand.self
    )
}
