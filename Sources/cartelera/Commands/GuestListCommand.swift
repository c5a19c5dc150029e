import ArgumentParser
import CarteleraModel
import CarteleraSignUps
import CarteleraStore
import Foundation

extension Cartelera {
    /// `cartelera guestlist <night>`: the door list of a night's sign-ups.
    struct GuestListCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "guestlist",
            abstract: "Print the sign-ups of a night's guest list for the door, as CSV or JSON.",
            discussion: """
                The night is its id as the API and `cartelera query nights --json` give it \
                (madrid/sala-el-sol@2026-11-28#viernes-indie). Sign-ups are personal data: they live in the store's \
                signups/ folder, readable by its owner only, and each `scrape` or `run` deletes those of nights that are over \
                (12 hours after the night ends). With --prune, only that deletion runs.

                CSV columns: reference, name, party_size, contact, signed_up (UTC). Cells that a spreadsheet would \
                read as a formula are prefixed with an apostrophe. Exits 0 (a night nobody signed up for prints the header \
                only), 1 when the sign-ups cannot be read, 2 for a night the store does not hold and nobody signed up for \
                (a mistyped id). With --prune, exits 1 when a sign-up file cannot be read (the others are still pruned).
                """)

        @Argument(help: ArgumentHelp("The night's id.", valueName: "night"))
        var night: String?

        @Option(name: .long, help: ArgumentHelp("csv (the default) or json.", valueName: "format"))
        var format: DoorListFormat = .csv

        @Flag(name: .long, help: "Delete the sign-ups of nights that are over, and print how many files were removed.")
        var prune = false

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            if prune, night != nil { throw ValidationError("give a night or --prune, not both") }
            if !prune, night == nil { throw ValidationError("give the night's id (or --prune)") }
        }

        func run() async throws {
            global.bootstrapLogging()
            let book = SignUpBook(store: global.storeDirectory)
            do {
                if prune {
                    let pruning = try book.prune(at: Timestamp(Date()))
                    for problem in pruning.problems { FileHandle.standardError.write(Data("cartelera: \(problem.description)\n".utf8)) }
                    print("guestlist: \(pruning.removed) night(s) of sign-ups removed")
                    if !pruning.problems.isEmpty { throw ExitCode(ExitStatus.failed.rawValue) }
                    return
                }
                let night = night ?? ""
                let signUps = try book.signUps(night: night)
                if signUps.isEmpty { try requireStoredNight(night) }
                switch format {
                case .json:
                    try GlobalOptions.printJSON(signUps.map { DoorListEntry($0) })
                case .csv:
                    print(DoorListEntry.csv(signUps.map { DoorListEntry($0) }), terminator: "")
                }
            } catch let error as SignUpError {
                throw CommandFailure(description: error.description, status: .failed)
            }
        }

        /// Throws a usage failure unless the store holds `night`: an empty door list must mean nobody signed up, not a typo.
        private func requireStoredNight(_ night: String) throws {
            let example = "such as madrid/sala-el-sol@2026-11-28#viernes-indie; `cartelera query nights --json` gives them"
            guard let at = night.firstIndex(of: "@"), let evening = Day(String(night[night.index(after: at)...].prefix(10))) else {
                throw CommandFailure(description: "guestlist: \"\(night)\" is not a night id (\(example))", status: .usage)
            }
            let stored: NightsDay?
            do {
                stored = try FileStore(root: global.storeDirectory, creating: false).nights(day: evening)
            } catch {
                throw CommandFailure(description: error.description, status: .failed)
            }
            guard stored?.nights.contains(where: { $0.id == night }) == true || stored?.guestLists.contains(where: { $0.id == night }) == true else {
                throw CommandFailure(
                    description: "guestlist: the store at \(global.storeDirectory) holds no night \"\(night)\" and nobody signed up for it (night ids look \(example))",
                    status: .usage)
            }
        }
    }
}

/// The door list's formats.
enum DoorListFormat: String, ExpressibleByArgument, CaseIterable {
    case csv, json
}

/// One line of the door list: what the door needs, never the code's hash.
struct DoorListEntry: Encodable {
    var reference: String
    var name: String
    var partySize: Int
    var contact: String
    var signedUp: Timestamp

    init(_ signUp: SignUp) {
        reference = signUp.reference
        name = signUp.name
        partySize = signUp.partySize
        contact = signUp.contact
        signedUp = signUp.created
    }

    /// RFC 4180 CSV with a header; cells starting with = + - @ get a leading apostrophe so a spreadsheet shows them as text.
    static func csv(_ entries: [DoorListEntry]) -> String {
        func cell(_ text: String) -> String {
            let guarded = ["=", "+", "-", "@"].contains(where: { text.hasPrefix($0) }) ? "'" + text : text
            guard guarded.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return guarded }
            return "\"" + guarded.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        var lines = ["reference,name,party_size,contact,signed_up"]
        for entry in entries {
            lines.append([entry.reference, entry.name, String(entry.partySize), entry.contact, entry.signedUp.iso8601].map(cell).joined(separator: ","))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }
}
