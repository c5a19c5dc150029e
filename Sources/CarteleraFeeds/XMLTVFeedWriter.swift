import CarteleraModel
import CarteleraQuery

/// Writes a feed's programmes as XMLTV, as `guide.xml` is written: `feeds/<name>.xml` with the channels they are on, and
/// its gzip. Programmes only; feed readers are not its audience, so pages do not announce it.
public struct XMLTVFeedWriter: FeedWriter {
    public var name: String { "xmltv" }
    public var extensions: [String] { ["xml", "xml.gz"] }
    public var mediaType: String { "application/xml" }
    public var kinds: [Query.Kind] { [.programmes] }
    public var isAnnouncedInPages: Bool { false }

    /// `feeds/<name>.xml` and `feeds/<name>.xml.gz`.
    public func write(_ job: FeedJob) throws(BuildError) {
        guard case .programmes(let page) = job.answer else { return }
        let programmes = page.rows.compactMap { job.programmes.programme($0.id) }
        let used = Set(programmes.map(\.channel))
        let files = try XMLTVFiles(
            folder: job.folder, relative: job.relative("xml"), language: job.definition.language, channels: job.channels.filter { used.contains($0.id) })
        for programme in programmes { try files.add(programme) }
        try files.finish()
    }
}
