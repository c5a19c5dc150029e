#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CarteleraTesting
import Foundation
import Testing

@testable import CarteleraOutput

/// The write policy: whole files replaced by rename, unchanged files left alone, failures naming the file.
@Suite struct PublishedFileTests {
    private func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    private func modificationTime(_ path: String) throws -> Date {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
    }

    /// Sets the file's modification time an hour back, so a rewrite would show.
    private func age(_ path: String) throws -> Date {
        let past = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 - 3600).rounded())
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: path)
        return try modificationTime(path)
    }

    /// The names in a folder that are temp files of the output layer.
    private func temps(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter(PublishedFile.isTemp)
    }

    @Test func writeReplacesTheFileByRenameSoAnOpenReaderKeepsTheOldBytes() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/guide.xml"
        try PublishedFile.write(Array("old".utf8), to: path)
        let reader = try #require(FileHandle(forReadingAtPath: path))
        defer { try? reader.close() }

        try PublishedFile.write(Array("new and longer".utf8), to: path)

        // A new file took the name: the handle opened before still reads the whole old one, never a mix.
        #expect(String(decoding: try reader.readToEnd() ?? Data(), as: UTF8.self) == "old")
        #expect(read(path) == "new and longer")
        #expect(try temps(in: folder.path).isEmpty)
    }

    @Test func writeCreatesFilesWithTheGivenPermissions() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/sheet.json"
        try PublishedFile.write(Array("{}".utf8), to: path, permissions: 0o600)
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(mode & 0o777 == 0o600)
    }

    @Test func changedOnlyWriteLeavesAnUnchangedFileAndItsModificationTimeAlone() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/feeds/cine.ics"
        #expect(try PublishedFile.writeIfChanged(Array("A".utf8), to: path))
        let before = try age(path)

        #expect(try PublishedFile.writeIfChanged(Array("A".utf8), to: path) == false)
        #expect(try modificationTime(path) == before)

        #expect(try PublishedFile.writeIfChanged(Array("B".utf8), to: path))
        #expect(try modificationTime(path) > before)
        #expect(read(path) == "B")
        // A shorter or longer file with the same start is a change too.
        #expect(try PublishedFile.writeIfChanged(Array("BB".utf8), to: path))
        #expect(try PublishedFile.writeIfChanged([], to: path))
        #expect(read(path) == "")
        #expect(try temps(in: folder.path + "/feeds").isEmpty)
    }

    @Test func unsyncedReplaceThenOneFileSystemSync() throws {
        let folder = try TemporaryFolder()
        for index in 0..<5 { try PublishedFile.replace(Array("page \(index)".utf8), at: folder.path + "/\(index).html") }
        try PublishedFile.syncFileSystem(containing: folder.path)
        try PublishedFile.syncFolder(folder.path)
        #expect(read(folder.path + "/3.html") == "page 3")
        #expect(try temps(in: folder.path).isEmpty)
    }

    @Test func aBulkWriteInstallsTempFilesOnlyWhenToldTo() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/shard.json"
        try PublishedFile.write(Array("old".utf8), to: path)
        let temp = try PublishedFile.writeTemporary(Array("new".utf8), for: path, syncing: false)
        #expect(PublishedFile.isTemp((temp as NSString).lastPathComponent))
        #expect(read(path) == "old")
        try PublishedFile.install(temp, at: path)
        #expect(read(path) == "new")
        #expect(try temps(in: folder.path).isEmpty)
    }

    @Test func failuresNameTheFileNotItsTempFile() throws {
        let folder = try TemporaryFolder()
        // No such folder: the temp file cannot be created.
        let missing = folder.path + "/absent/guide.xml"
        let error = try #require(throws: OutputError.self) { try PublishedFile.write(Array("x".utf8), to: missing) }
        #expect(error.file == missing)
        #expect(error.description.hasPrefix(missing + ": cannot create its temp file"))

        // A folder where the file should be: the rename fails, the folder and its content stay, no temp is left.
        let blocked = folder.path + "/index.html"
        try FileManager.default.createDirectory(atPath: blocked, withIntermediateDirectories: false)
        try PublishedFile.write(Array("inside".utf8), to: blocked + "/kept.txt")
        let renameError = try #require(throws: OutputError.self) { try PublishedFile.write(Array("x".utf8), to: blocked) }
        #expect(renameError.file == blocked)
        #expect(renameError.detail.contains("cannot rename"))
        #expect(read(blocked + "/kept.txt") == "inside")
        #expect(try temps(in: folder.path).isEmpty)

        // A changed-only write into a path under a file names the folder it could not make.
        let file = folder.path + "/plain"
        try PublishedFile.write(Array("x".utf8), to: file)
        let folderError = try #require(throws: OutputError.self) { try PublishedFile.writeIfChanged(Array("y".utf8), to: file + "/a.json") }
        #expect(folderError.file == file)

        let syncError = try #require(throws: OutputError.self) { try PublishedFile.syncFolder(folder.path + "/absent") }
        #expect(syncError.file == folder.path + "/absent")
    }

    @Test func aNewFileIsCreatedWholeAndAnExistingOneIsLeftForReplace() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/new.html"
        let created = try PublishedFile.create(Array("first".utf8), at: path)
        // Where the file system has no unnamed files, nothing is made and `replace` is the way.
        if created {
            #expect(read(path) == "first")
            let mode = try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
            #expect(mode & 0o644 == 0o644 && mode & 0o022 == 0, "created as replace creates: \(String(mode, radix: 8))")
        } else {
            #expect(!FileManager.default.fileExists(atPath: path))
            try PublishedFile.replace(Array("first".utf8), at: path)
        }
        #expect(try PublishedFile.create(Array("second".utf8), at: path) == false, "a file there already is not replaced")
        #expect(read(path) == "first")
        #expect(try PublishedFile.create(Array("x".utf8), at: folder.path + "/absent/page.html") == false)
        #expect(try temps(in: folder.path).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["new.html"])
    }

    @Test func aTempFileSitsBesideItsFileUnderItsNameHidden() {
        for path in ["out/site/programme/a.html", "/abs/x/y.json", "a//b.html", "/top.html", "dir/sub/", "ñ/ü é.html"] {
            let temp = PublishedFile.temporaryPath(for: path)
            let name = (temp as NSString).lastPathComponent
            #expect(((temp as NSString).deletingLastPathComponent as NSString).standardizingPath
                    == (PublishedFile.folder(of: path) as NSString).standardizingPath, "\(path) -> \(temp)")
            #expect(name.hasPrefix("." + (path as NSString).lastPathComponent + ".tmp-") && PublishedFile.isTemp(name), "\(path) -> \(temp)")
        }
        #expect(PublishedFile.temporaryPath(for: "out/a.html") != PublishedFile.temporaryPath(for: "out/a.html"))
    }

    @Test func aBareFileNamesTempFileIsInTheCurrentFolderNotTheRoot() {
        #expect(PublishedFile.folder(of: "page.html") == ".")
        let temp = PublishedFile.temporaryPath(for: "page.html")
        #expect(temp.hasPrefix("./.page.html.tmp-"), "\(temp)")
        #expect(PublishedFile.folder(of: "/page.html") == "/")
        #expect(PublishedFile.folder(of: "out/page.html") == "out")
    }

    @Test func tempNamesAreRecognised() {
        #expect(PublishedFile.isTemp(".guide.xml.tmp-123-456"))
        #expect(PublishedFile.isTemp(".0123456789abcdef.cache.tmp-1-2"))
        for name in ["guide.xml", ".hidden", "notes.tmp", "a.tmp-1-2", ".guide.xml.tmp"] { #expect(!PublishedFile.isTemp(name), "\(name)") }
    }

    @Test func aStreamedFileReplacesOnlyWhenItsBytesDiffer() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/tv/guide.xml"
        let big = [UInt8](repeating: UInt8(ascii: "x"), count: (1 << 20) + 17)

        let first = try StreamedFile(path: path)
        try first.append(Array("<tv>".utf8))
        try first.append(big)
        #expect(try first.finish())
        let before = try age(path)

        let same = try StreamedFile(path: path)
        try same.append(Array("<tv>".utf8) + big)
        #expect(try same.finish() == false)
        #expect(try modificationTime(path) == before)

        let changed = try StreamedFile(path: path)
        try changed.append(Array("<tv/>".utf8))
        #expect(try changed.finish())
        #expect(read(path) == "<tv/>")
        #expect(try temps(in: folder.path + "/tv").isEmpty)
    }

    @Test func anAbandonedStreamedFileLeavesNothingBehind() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/guide.xml"
        try PublishedFile.write(Array("kept".utf8), to: path)
        do {
            let abandoned = try StreamedFile(path: path)
            try abandoned.append(Array("half".utf8))
        }
        #expect(read(path) == "kept")
        #expect(try temps(in: folder.path).isEmpty)
    }
}
