import CarteleraModel
import CarteleraQuery
import CarteleraSite
import Foundation

/// What `cartelera serve` serves and the limits it holds every client to.
public struct ServerConfiguration: Sendable {
    /// The address to listen on (loopback by default).
    public var host = "127.0.0.1"
    /// The port; 0 picks a free one.
    public var port = 8080
    /// The store the API answers from.
    public var storeRoot: String
    /// The folder `cartelera build` publishes into: the site, `feeds/`, `api/`, `guide.xml`, served as files.
    public var outputFolder: String
    /// The guide's zone, channel lists and tonight's hours, as the configuration file gives them; `now` is set per request.
    public var context: QueryContext
    /// The site's templates and labels, for the pages answering its plain HTML sign-up and cancellation forms in the
    /// site's layout; without them (a server embedded without the site) forms are answered in JSON, as the API is.
    public var web: WebFolder?
    /// The clock "now" is read from (tests pass a fixed one).
    public var clock: @Sendable () -> Timestamp = { Timestamp(Date()) }
    /// The largest request body accepted (a sign-up is a few hundred bytes).
    public var maximumBodyBytes = 16 * 1024
    /// The longest request target accepted, in bytes.
    public var maximumTargetBytes = 8 * 1024
    /// The largest request head (request line and every header field) accepted, in bytes.
    public var maximumHeadBytes = 16 * 1024
    /// Seconds a client has to send a whole request head, and a body once the head is in.
    public var requestSeconds: Int64 = 10
    /// Seconds an idle keep-alive connection stays open.
    public var idleSeconds: Int64 = 30
    /// Read requests each client may make per minute, in bursts of up to this many.
    public var readsPerMinute = 1_200
    /// Sign-ups and cancellations each client may make per minute.
    public var signUpsPerMinute = 10
    /// Bytes of answers (query pages, shakes with a seed) each store generation keeps for the same query asked again
    /// (at the same instant for nights and promotions); 0 keeps none.
    public var answerCacheBytes = 32 * 1024 * 1024
    /// How often the store's manifest is compared, to open a new commit in the background.
    public var reloadInterval: Duration = .milliseconds(250)

    /// A configuration serving `storeRoot` and `outputFolder` with `context`.
    public init(storeRoot: String, outputFolder: String, context: QueryContext) {
        self.storeRoot = storeRoot
        self.outputFolder = outputFolder
        self.context = context
    }
}
