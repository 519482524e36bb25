import CLibPQ
import Foundation
import Testing
import TeamLog
import TestSupport

/// Issue 31: libpq is dlopen()ed on the first connection, not linked. A
/// library that cannot be opened, or one without a function the team log
/// calls, gives a message that names the package to install.
@Suite("Team log: libpq loaded on first use")
struct LibPQLoadingTests {
    static func probe(_ soname: String) -> (status: Int32, message: String) {
        var error = [CChar](repeating: 0, count: 512)
        let status = td_pq_probe(soname, &error, error.count)
        return (status, String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    @Test func theInstalledLibraryHasEveryFunction() {
        let probe = Self.probe(TD_LIBPQ_SONAME)
        #expect(probe.status == 0 && probe.message.isEmpty, "\(probe.message)")
    }

    @Test func aMissingLibraryNamesThePackage() {
        let probe = Self.probe("libpq.so.999")
        #expect(probe.status == -1)
        #expect(probe.message.hasPrefix("the team log needs libpq (apt install libpq5): libpq.so.999"), "\(probe.message)")
    }

    @Test func aLibraryWithoutTheFunctionsIsRefused() {
        // libc opens fine but has no PQconnectStartParams.
        let probe = Self.probe("libc.so.6")
        #expect(probe.status == -1)
        #expect(probe.message == "the team log needs a newer libpq (apt install libpq5): libc.so.6 has no PQconnectStartParams",
                "\(probe.message)")
    }

    @Test func aConnectionLoadsIt() throws {
        let server = try ThrowawayDatabase()
        defer { server.drop() }
        let connection = try PGConnection(url: server.url)
        #expect(td_pq_is_loaded() == 1)
        #expect(try connection.execute("SELECT 1 + 1 AS two").values == [["2"]])
    }

    @Test func theErrorSaysWhatToInstallAndIsNotRetried() {
        let error = TeamLogError.missingLibrary(detail: "the team log needs libpq (apt install libpq5): x")
        #expect(error.description == "the team log needs libpq (apt install libpq5): x")
        #expect(!error.isTransient)
    }
}
