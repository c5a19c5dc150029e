import CarteleraModel
@testable import CarteleraSignUps
import CarteleraTesting
import Foundation
import Testing

@Suite struct SignUpBookTests {
    private let evening = Day("2026-11-27")!
    private let now = Timestamp(iso8601: "2026-11-27T20:00:00Z")!

    private func list(places: Int? = 5, capacity: Int? = nil, conditions: [String] = [], declared: GuestList.DeclaredStatus? = .open,
                      deadline: Timestamp? = nil) -> GuestList {
        GuestList(venue: VenueID("madrid/sala"), night: "madrid/sala@2026-11-27#fiesta", date: evening, declared: declared, conditions: conditions,
                  deadline: deadline, capacity: capacity, placesLeft: places, nightEnds: Timestamp(iso8601: "2026-11-28T05:00:00Z"),
                  provenance: [Provenance(source: "test.example")])
    }

    private func request(_ name: String = "Ana", _ size: String = "1", _ contact: String = "ana@example.com") -> SignUpRequest {
        SignUpRequest(name: name, partySize: size, contact: contact)
    }

    @Test func placesGoDownByPartySizeAndNeverBelowZero() throws {
        let folder = try TemporaryFolder("signups")
        let book = SignUpBook(store: folder.path)
        let list = list(places: 5, capacity: 40)
        let first = try book.signUp(request("Ana", "3", "ana@example.com"), to: list, at: now)
        #expect(first.placesLeft == 2)
        #expect(throws: SignUpError.self) { try book.signUp(request("Luis", "3", "luis@example.com"), to: list, at: now) }
        let second = try book.signUp(request("Luis", "2", "+34 600 111 222"), to: list, at: now)
        #expect(second.placesLeft == 0)
        do {
            _ = try book.signUp(request("Eva", "1", "eva@example.com"), to: list, at: now)
            Issue.record("a full list took a sign-up")
        } catch {
            #expect(error.reason == .full)
        }
        #expect(try book.placesLeft(list) == 0)
        #expect(try book.signUps(night: list.id).map(\.partySize) == [3, 2])
        #expect(try book.signUps(night: list.id).allSatisfy { $0.codeHash.count == 64 && !$0.codeHash.contains(first.cancellationCode) })
    }

    @Test func theSameContactCannotSignUpTwiceAndTheCodeCancels() throws {
        let folder = try TemporaryFolder("signups")
        let book = SignUpBook(store: folder.path)
        let list = list(places: nil, capacity: nil)
        let receipt = try book.signUp(request("Ana", "1", "Ana@Example.com"), to: list, at: now)
        #expect(receipt.placesLeft == nil)
        do {
            _ = try book.signUp(request("Otra", "1", " ana@example.COM "), to: list, at: now)
            Issue.record("the same address signed up twice")
        } catch {
            #expect(error.reason == .alreadySignedUp)
        }
        _ = try book.signUp(request("Luis", "1", "+34 600-111-222"), to: list, at: now)
        #expect(throws: SignUpError.self) { try book.signUp(request("Luis", "1", "+34600111222"), to: list, at: now) }
        do {
            _ = try book.cancel(night: list.id, reference: receipt.reference, code: "0000000000000000000000000")
            Issue.record("a wrong code cancelled")
        } catch {
            #expect(error.kind == .wrongCode)
        }
        #expect(try book.cancel(night: list.id, reference: receipt.reference, code: receipt.cancellationCode.lowercased()).name == "Ana")
        #expect(try book.signUps(night: list.id).map(\.name) == ["Luis"])
        _ = try book.signUp(request("Ana", "1", "ana@example.com"), to: list, at: now)
    }

    @Test func closedFullAndLateListsRefuseWithTheirReason() throws {
        let folder = try TemporaryFolder("signups")
        let book = SignUpBook(store: folder.path)
        let cases: [(GuestList, SignUpError.Reason)] = [
            (list(declared: .closed), .closed), (list(declared: .full), .full), (list(places: 0), .full),
            (list(deadline: now.adding(seconds: -1)), .deadlinePassed),
        ]
        for (list, reason) in cases {
            do {
                _ = try book.signUp(request(), to: list, at: now)
                Issue.record("\(reason) took a sign-up")
            } catch {
                #expect(error.reason == reason)
            }
        }
        do {
            _ = try book.signUp(request(), to: list(), at: Timestamp(iso8601: "2026-11-28T05:00:00Z")!)
            Issue.record("a night that is over took a sign-up")
        } catch {
            #expect(error.reason == .nightOver)
        }
    }

    @Test func fieldsAreCheckedAndTheListsConditionsCapTheParty() {
        let conditions = list(conditions: ["Gratis hasta la 1:30", "Máximo 4 personas por reserva"])
        #expect(SignUpRules.maximumParty(conditions) == 4)
        #expect(SignUpRules.maximumParty(list(conditions: ["Up to 6 people per booking"])) == 6)
        #expect(SignUpRules.maximumParty(list(conditions: ["Abierto hasta las 6"])) == SignUpRules.defaultMaximumParty)
        let bad: [(SignUpRequest, String)] = [
            (request("", "1"), "name"), (request("   ", "1"), "name"), (request("1234", "1"), "name"), (request("Ana<b>", "1"), "name"),
            (request("Ana\u{0}", "1"), "name"), (request(String(repeating: "a", count: 81), "1"), "name"),
            (request("Ana", "5"), "party_size"), (request("Ana", "0"), "party_size"), (request("Ana", "99999999999999999999"), "party_size"),
            (request("Ana", "1.5"), "party_size"), (request("Ana", ""), "party_size"),
            (request("Ana", "1", "ana@"), "contact"), (request("Ana", "1", "ana@ex ample.com"), "contact"), (request("Ana", "1", "12345"), "contact"),
            (request("Ana", "1", "+34 +600"), "contact"), (request("Ana", "1", "a@b.c"), "contact"),
        ]
        for (request, field) in bad {
            do {
                _ = try SignUpRules.check(request, list: conditions)
                Issue.record("accepted \(request)")
            } catch {
                #expect(error.field == field, "\(request)")
            }
        }
        #expect((try? SignUpRules.check(request("María José O'Neill-Núñez", "4", "+34 (600) 11.22.33"), list: conditions))?.contactKey == "+34600112233")
    }

    @Test func aCorruptFileDoesNotStopPruningTheOthersAndIsNamedByTheCheck() throws {
        let folder = try TemporaryFolder("signups")
        let book = SignUpBook(store: folder.path)
        let over = list()
        let later = GuestList(venue: VenueID("madrid/sala"), night: "madrid/sala@2026-11-29#otra", date: Day("2026-11-29")!, declared: .open,
                              conditions: [], deadline: nil, capacity: nil, placesLeft: 5, nightEnds: Timestamp(iso8601: "2026-11-30T05:00:00Z"),
                              provenance: [Provenance(source: "test.example")])
        _ = try book.signUp(request(), to: over, at: now)
        _ = try book.signUp(request(), to: later, at: now)
        #expect(try book.check().isEmpty)
        let damaged = "\(book.folder)/2026-11-26-0000000000000000.json"
        try Data([0, 0]).write(to: URL(fileURLWithPath: damaged))
        let pruning = try book.prune(at: Timestamp(iso8601: "2026-11-28T17:00:01Z")!)
        #expect(pruning.removed == 1)
        #expect(pruning.problems.map(\.file) == [damaged])
        #expect(try book.signUps(night: over.id).isEmpty && book.signUps(night: later.id).count == 1)
        let problems = try book.check()
        #expect(problems.count == 1 && problems[0].description.hasPrefix("sign-ups \(damaged): is corrupt"))
    }

    @Test func pruneDeletesNightsThatAreOverAndACorruptFileIsNamed() throws {
        let folder = try TemporaryFolder("signups")
        let book = SignUpBook(store: folder.path)
        let list = list()
        _ = try book.signUp(request(), to: list, at: now)
        #expect(try book.prune(at: now).removed == 0)
        #expect(try book.prune(at: Timestamp(iso8601: "2026-11-28T17:00:01Z")!).removed == 1)
        #expect(try book.signUps(night: list.id).isEmpty)
        try Data("{broken".utf8).write(to: URL(fileURLWithPath: book.path(list.id)))
        do {
            _ = try book.signUps(night: list.id)
            Issue.record("a corrupt file read as empty")
        } catch {
            #expect(error.kind == .storage)
            #expect(error.description.contains(book.path(list.id)))
        }
    }

    @Test func codesAreRandomAndComparedByHash() {
        let codes = Set((0..<1000).map { _ in CancellationCode.make() })
        #expect(codes.count == 1000)
        let code = CancellationCode.make()
        let hash = CancellationCode.hash(code)
        #expect(CancellationCode.matches(code, storedHash: hash))
        #expect(CancellationCode.matches(code.lowercased(), storedHash: hash))
        #expect(!CancellationCode.matches(String(code.dropLast()) + "0", storedHash: hash) || code.hasSuffix("0"))
        #expect(!CancellationCode.matches("", storedHash: hash))
    }
}
