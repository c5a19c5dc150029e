import CarteleraModel
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
