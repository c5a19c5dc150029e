import CarteleraModel
import CarteleraTesting
import Testing

@testable import CarteleraSite

@Suite struct SitePathsTests {
    @Test func idsBecomeSafeSegmentsThatNeverStartWithADot() {
        #expect(SitePaths.segment("madrid/sala-el-sol@2026-11-28#viernes-indie") == "madrid_sala-el-sol_2026-11-28_viernes-indie")
        #expect(SitePaths.segment(".hidden") == "_hidden")
        #expect(SitePaths.segment("../..") == "_._..")
        #expect(SitePaths.segment("") == "_")
        let long = String(repeating: "a", count: 300)
        #expect(SitePaths.segment(long).count < 120 && SitePaths.segment(long) != SitePaths.segment(long + "b"))
    }

    @Test func pagesFindTheirWayBackToTheRoot() {
        #expect(SitePaths.up(from: "index.html") == "")
        #expect(SitePaths.up(from: "channel/La1.es/2026-11-25/index.html") == "../../../")
    }

    @Test func nightIDsArePercentEncodedForTheSignUpAPI() {
        #expect(SitePaths.apiSegment("madrid/sala-el-sol@2026-11-28#viernes-indie") == "madrid%2Fsala-el-sol%402026-11-28%23viernes-indie")
    }
}

@Suite struct WebFolderTests {
    @Test func aMissingWebFolderIsOneClearError() throws {
        let nowhere = try TemporaryFolder("no-web")
        #expect(throws: SiteError.self) {
            try WebFolder.locate(explicit: nil, environment: [:], executable: nowhere.path + "/bin/cartelera", currentDirectory: nowhere.path)
        }
        let error = #expect(throws: SiteError.self) {
            try WebFolder.locate(explicit: nowhere.path, environment: [:], executable: "/x", currentDirectory: nowhere.path)
        }
        #expect(error?.description.contains("not a Web folder") == true)
    }

    @Test func theRepositorysWebFolderIsFoundFromAnyFolderBelowIt() throws {
        let root = RepositoryPaths.packageRoot()
        #expect(try WebFolder.locate(explicit: nil, environment: [:], executable: "/nonexistent/cartelera", currentDirectory: root + "/Sources/CarteleraSite")
            == root + "/Web")
        #expect(try WebFolder.locate(explicit: nil, environment: ["CARTELERA_WEB": root + "/Web"], executable: "/x", currentDirectory: "/") == root + "/Web")
    }
}
