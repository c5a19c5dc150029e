import CarteleraModel
import CarteleraOutput

// The model's values as published: every link passed through `PublishedText.webURL`, so only http(s) links leave.

extension Provenance {
    /// The provenance as published: links that are not absolute http(s) URLs left out, whatever the store holds.
    public func withWebLinksOnly() -> Provenance {
        var copy = self
        copy.url = PublishedText.webURL(url)
        return copy
    }
}

extension Programme {
    /// The programme as published: links that are not absolute http(s) URLs left out, whatever the store holds.
    public func withWebLinksOnly() -> Programme {
        var copy = self
        copy.url = PublishedText.webURL(url)
        copy.image = PublishedText.webURL(image)
        copy.provenance = provenance.map { $0.withWebLinksOnly() }
        return copy
    }

    /// Whether the programme is already as `withWebLinksOnly()` would publish it.
    var hasOnlyWebLinks: Bool {
        func published(_ link: String?) -> Bool { link == nil || PublishedText.webURL(link) == link }
        return published(url) && published(image) && provenance.allSatisfy { published($0.url) }
    }
}

extension Channel {
    /// The channel as published: links that are not absolute http(s) URLs left out, whatever the store holds.
    public func withWebLinksOnly() -> Channel {
        var copy = self
        copy.logo = PublishedText.webURL(logo)
        copy.website = PublishedText.webURL(website)
        return copy
    }
}

extension Venue {
    /// The venue as published: links that are not absolute http(s) URLs left out, whatever the store holds.
    public func withWebLinksOnly() -> Venue {
        var copy = self
        copy.website = PublishedText.webURL(website)
        copy.images = images.compactMap { PublishedText.webURL($0) }
        copy.provenance = provenance.map { $0.withWebLinksOnly() }
        return copy
    }
}

extension Night {
    /// The night as published: links that are not absolute http(s) URLs left out, whatever the store holds.
    public func withWebLinksOnly() -> Night {
        var copy = self
        copy.url = PublishedText.webURL(url)
        copy.ticketURL = PublishedText.webURL(ticketURL)
        copy.flyer = PublishedText.webURL(flyer)
        copy.performers = performers?.map { Performer(name: $0.name, url: PublishedText.webURL($0.url)) }
        copy.otherURLs = otherURLs?.compactMap { PublishedText.webURL($0) }
        copy.provenance = provenance.map { $0.withWebLinksOnly() }
        return copy
    }
}

extension GuestList {
    /// The guest list as published: links that are not absolute http(s) URLs left out, whatever the store holds.
    public func withWebLinksOnly() -> GuestList {
        var copy = self
        copy.signUpURL = PublishedText.webURL(signUpURL)
        copy.provenance = provenance.map { $0.withWebLinksOnly() }
        return copy
    }
}

extension Promotion {
    /// The promotion as published: links that are not absolute http(s) URLs left out, whatever the store holds.
    public func withWebLinksOnly() -> Promotion {
        var copy = self
        copy.url = PublishedText.webURL(url)
        copy.flyer = PublishedText.webURL(flyer)
        copy.provenance = provenance.map { $0.withWebLinksOnly() }
        return copy
    }
}

extension AudienceEntry {
    /// The entry as published: a source page that is not an absolute http(s) URL left out.
    public func withWebLinksOnly() -> AudienceEntry {
        var copy = self
        copy.provenance = provenance.withWebLinksOnly()
        return copy
    }
}

extension ChannelShare {
    /// The share as published: a source page that is not an absolute http(s) URL left out.
    public func withWebLinksOnly() -> ChannelShare {
        var copy = self
        copy.provenance = provenance.withWebLinksOnly()
        return copy
    }
}
