import ArgumentParser

/// `navforge wifi ...`: Wi-Fi survey tools.
struct WifiCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wifi",
        abstract: "Work with Wi-Fi site surveys: measure how well a radio map locates.",
        subcommands: [WifiEvaluateCommand.self, WifiTuneCommand.self])
}
