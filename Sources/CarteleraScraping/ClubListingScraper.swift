import CarteleraFetch
import CarteleraMarkup
import CarteleraModel

import Foundation

/// Scrapes `club-listing` sources: a city's venues, each evening's nights with their guest lists, and promoted flyers.
public struct ClubListingScraper: Scraper {
    /// The validated definition this scraper runs.
    public let definition: CompiledDefinition
    let clubs: ClubListingSection
    /// The source's id.
    public var id: SourceID { definition.source }

    /// A scraper for a club-listing definition's section.
    init(definition: CompiledDefinition, section: ClubListingSection) {
        self.definition = definition
        self.clubs = section
    }

    /// Reads the venue listing, each evening's nights and the promotions; each part fails on its own.
    public func scrape(_ job: ScrapeJob, context: ScrapeContext) async -> ScrapeOutcome {
        var outcome = ScrapeOutcome(extraction: Extraction(source: id, days: job.days))
        let loader = PageLoader(fetcher: context.fetcher, source: id)
        let reader = ClubFieldReader(definition: definition, clubs: clubs, now: context.now)

        // Venues: a complete listing of the city, so venues missing from it can be marked not seen.
        if let table = clubs.venues {
            do throws(ScrapeError) {
                let rows = try await rows(of: table, day: nil, loader: loader, requests: clubs.venuePageRequests(source: id, policy: definition.fetchPolicy),
                                          warnings: &outcome.warnings)
                outcome.extraction.venues = rows.compactMap { reader.venue($0.fields, baseURL: $0.baseURL, warnings: &outcome.warnings) }
                outcome.venueCities = [clubs.city]
            } catch {
                outcome.failures.append(error)
            }
        }

        // Nights: one page (or a few) per evening; a failed evening keeps its last good data.
        if let table = clubs.nights {
            for day in job.days {
                do throws(ScrapeError) {
                    let requests = table.url == nil ? definition.listingRequests(channel: nil, day: day, today: definition.zone.local(context.now).day)
                        .filter { $0.label?.hasPrefix("listing") ?? false } : []
                    let rows = try await rows(of: table, day: day, loader: loader, requests: requests, warnings: &outcome.warnings)
                    for row in rows {
                        guard let (night, guestList) = reader.night(row.fields, evening: day, baseURL: row.baseURL, warnings: &outcome.warnings, dropped: &outcome.droppedValues) else { continue }
                        outcome.extraction.nights.append(night)
                        if let guestList { outcome.extraction.guestLists.append(guestList) }
                    }
                    outcome.nightDays.append(day)
                } catch {
                    outcome.failures.append(error)
                }
            }
        }

        // Promotions: paid placement, kept apart and flagged.
        if let table = clubs.promotions {
            do throws(ScrapeError) {
                let requests = table.url == nil
                    ? definition.listingRequests(channel: nil, day: job.days.first ?? definition.zone.local(context.now).day).prefix(1).map { $0 }
                    : clubs.promotionPageRequests(source: id, policy: definition.fetchPolicy)
                let rows = try await rows(of: table, day: job.days.first, loader: loader, requests: requests, warnings: &outcome.warnings)
                let near = job.days.first ?? definition.zone.local(context.now).day
                outcome.extraction.promotions = rows.compactMap { reader.promotion($0.fields, baseURL: $0.baseURL, near: near, warnings: &outcome.warnings) }
                outcome.promotionsRead = true
            } catch {
                outcome.failures.append(error)
            }
        }
        return outcome
    }

    struct Row {
        var fields: [String: [String]]
        var baseURL: String
    }

    /// The rows of a table over its pages, with every field read.
    private func rows(
        of table: ClubListingSection.Table, day: Day?, loader: PageLoader, requests: [FetchRequest], warnings: inout [String]
    ) async throws(ScrapeError) -> [Row] {
        var rows: [Row] = []
        for request in requests {
            let response = try await loader.response(request)
            if response.body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { continue }
            let document = try definition.document(from: response, xml: false, warnings: &warnings)
            guard let root = document.root, let selector = table.table.rows else { continue }
            let reader = FieldReader(baseURL: response.url, values: PlaceholderValues(day: day))
            do {
                for node in try selector.select(from: root, values: reader.values) {
                    var fields: [String: [String]] = [:]
                    for (name, field) in table.table.fields {
                        let values = try reader.values(field, in: node)
                        if !values.isEmpty { fields[name] = values }
                    }
                    rows.append(Row(fields: fields, baseURL: response.url))
                }
            } catch {
                throw ScrapeError(kind: .markup, source: id, url: response.url, message: "\(error)")
            }
        }
        return rows
    }
}
