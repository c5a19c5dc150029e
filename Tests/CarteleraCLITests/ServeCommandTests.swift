import CarteleraTesting
import Foundation
import Testing

/// `cartelera serve` says what is wrong with the store it is given before serving it.
@Suite struct ServeCommandTests {
    @Test func aStoreFolderThatIsNotThereIsRefused() throws {
        let missing = try CLIRunner.run(["serve", "--store", "/nonexistent", "--port", "0"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("--store /nonexistent: no such folder"), "\(missing.stderr)")
        let folder = try TemporaryFolder("serve-file")
        let file = folder.path + "/store"
        try Data("not a store".utf8).write(to: URL(fileURLWithPath: file))
        let notAFolder = try CLIRunner.run(["serve", "--store", file, "--port", "0"])
        #expect(notAFolder.status == 2)
        #expect(notAFolder.stderr.contains("is a file, not a store folder"), "\(notAFolder.stderr)")
    }

    @Test func aWebFolderWithoutTemplatesIsRefusedBeforeServing() throws {
        let folder = try TemporaryFolder("serve-web")
        try FileManager.default.createDirectory(atPath: folder.path + "/store", withIntermediateDirectories: true)
        let flag = try CLIRunner.run(["serve", "--store", folder.path + "/store", "--port", "0", "--web", folder.path])
        #expect(flag.status == 2)
        #expect(flag.stderr.contains("serve: site: \(folder.path): (from --web) holds no templates/head.mustache"), "\(flag.stderr)")
        let variable = try CLIRunner.run(["serve", "--store", folder.path + "/store", "--port", "0"], environment: ["CARTELERA_WEB": folder.path])
        #expect(variable.status == 2)
        #expect(variable.stderr.contains("(from CARTELERA_WEB)"), "\(variable.stderr)")
    }

    @Test func aStoreWithoutACommitIsServedWithAWarningAndUnhealthy() async throws {
        let folder = try TemporaryFolder("serve-empty")
        try FileManager.default.createDirectory(atPath: folder.path + "/store", withIntermediateDirectories: true)
        let (server, port) = try ServeLoadTests.serve(store: folder.path + "/store", output: folder.path + "/public")
        defer { server.terminate() }
        let health = try LoopbackClient.send("GET", "/healthz", port: port)
        #expect(health.status == 503)
        #expect(health.text.contains("manifest.json"), "\(health.text)")
        server.terminate()
        server.waitUntilExit()
        let stderr = (server.standardError as? Pipe)?.fileHandleForReading.readDataToEndOfFile() ?? Data()
        #expect(String(decoding: stderr, as: UTF8.self).contains("holds no commit yet"))
    }
}
