import ArgumentParser

/// The `navforge` command line: argument parsing and printing only; the work happens in the
/// libraries.
@main
struct Navforge: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "navforge",
        abstract: "Compile campus and venue maps into routable, versioned bundles.",
        discussion: """
            Exit status: 0 on success, 1 when the build, route or search fails (bad input data, \
            validation errors, unknown places), 64 for a wrong command line.
            """,
        version: NavforgeCLI.version,
        subcommands: [BuildCommand.self, ValidateCommand.self, RouteCommand.self, NearestCommand.self, GeofenceCommand.self, ToursCommand.self, OccupancyCommand.self, SearchCommand.self, InspectCommand.self, DiffCommand.self,
                      AnswerCommand.self, LocateCommand.self, WifiCommand.self, ExportGraphCommand.self, ViewCommand.self,
                      PublishCommand.self, VerifyRootCommand.self, KeygenCommand.self, VerifyCommand.self, PlanCommand.self,
                      PullCommand.self])

    static func main() {
        HeapSettings.apply()
        main(nil)
    }
}
