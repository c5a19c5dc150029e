/// The feed formats Cartelera publishes: one line per format. Definitions name them, the build writes them, the site
/// links them and the server serves their files with their media types, all from this list.
public enum FeedWriters {
    /// JSON Feed 1.1, iCalendar with reminders, XMLTV.
    public static let standard: [any FeedWriter] = [
        JSONFeedWriter(),
        ICalendarFeedWriter(),
        XMLTVFeedWriter(),
    ]
}
