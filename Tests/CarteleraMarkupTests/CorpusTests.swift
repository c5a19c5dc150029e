import CarteleraMarkup
import Foundation
import Testing

/// The shared corpus of real listing pages, found next to the package (or a worktree container) when present.
private let corpusDirectory: URL? = {
    var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    // The package root is three levels up; a git worktree sits one level deeper than the main checkout.
    for _ in 0..<3 {
        let candidate = directory.deletingLastPathComponent().appendingPathComponent("shared/corpus/tv")
        if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        directory = directory.deletingLastPathComponent()
    }
    return nil
}()

private let corpusExists = corpusDirectory != nil

private func corpusFiles() -> [URL] {
    guard let corpusDirectory,
        let enumerator = FileManager.default.enumerator(at: corpusDirectory, includingPropertiesForKeys: nil)
    else { return [] }
    return enumerator.compactMap { $0 as? URL }
        .filter { ["html", "xml"].contains($0.pathExtension) }
        .sorted { $0.path < $1.path }
}

@Suite struct CorpusTests {
    @Test(.enabled(if: corpusExists)) func everyNonEmptyCorpusPageParsesToARootWithText() throws {
        let files = corpusFiles()
        #expect(files.count >= 60)
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: file))
            // Captured empty responses (tivu.tv's no_content.html) must fail as empty, not crash or mislead.
            if bytes.isEmpty {
                #expect(throws: MarkupError.self) { try Document.html(bytes, url: file.path) }
                continue
            }
            let document = try file.pathExtension == "xml"
                ? Document.xml(bytes, url: file.path) : Document.html(bytes, url: file.path)
            let root = try #require(document.root, "\(file.path) has no root")
            // Some pages are all script (their listings are JSON in a <script>): a reader sees no text, but there is some.
            #expect(!root.rawText.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(file.path) has no text")
            // Real captures are clean text: nothing replaced, at most a charset label the bytes overrule.
            #expect(document.warnings.filter { $0.kind != .charsetMismatch }.isEmpty, "\(document.warnings)")
        }
    }

    @Test(.enabled(if: corpusExists)) func bothSmsCzCapturesDecodeToTheSameCzechText() throws {
        let folder = try #require(corpusDirectory).appendingPathComponent("m.tv.sms.cz")
        let utf8 = try Document.html([UInt8](Data(contentsOf: folder.appendingPathComponent("content.html"))))
        let legacy = try Document.html(
            [UInt8](Data(contentsOf: folder.appendingPathComponent("content.windows-1250.html"))))
        #expect(utf8.encoding == DetectedCharset(name: "UTF-8", origin: .utf8Valid))
        #expect(legacy.encoding == DetectedCharset(name: "windows-1250", origin: .metaTag))
        #expect(utf8.warnings.map(\.detail) == [#"declared "windows-1250" in <meta> but the bytes are UTF-8; decoded as UTF-8"#])
        #expect(legacy.warnings.isEmpty)
        let text = try #require(utf8.root).text
        #expect(text == legacy.root?.text)
        #expect(text.contains("ó"))
        #expect(!text.contains("Ã"))
    }
}
