import CarteleraMarkup

/// The XPath expressions the XMLTV reader runs on every channel and programme, compiled once.
enum XMLTVPaths {
    // The literals are constant and valid: `try!` cannot fail here, and a typo would fail every test at once.
    static let channels = try! XPathExpression("channel")
    static let programmes = try! XPathExpression("programme")
    static let displayName = try! XPathExpression("display-name")
    static let iconSource = try! XPathExpression("icon/@src")
    static let url = try! XPathExpression("url")
    static let title = try! XPathExpression("title")
    static let category = try! XPathExpression("category")
    static let subTitle = try! XPathExpression("sub-title")
    static let description = try! XPathExpression("desc")
    static let date = try! XPathExpression("date")
    static let episodeNumber = try! XPathExpression("episode-num")
    static let rating = try! XPathExpression("rating")
    static let value = try! XPathExpression("value")
    static let starRating = try! XPathExpression("star-rating/value")
    static let directors = try! XPathExpression("credits/director")
    static let actors = try! XPathExpression("credits/actor")
    static let guests = try! XPathExpression("credits/guest")
    static let country = try! XPathExpression("country")
    static let language = try! XPathExpression("language")
}
