import CHTTPGet
import Foundation
import Testing
import TestSupport
@testable import DeckShell

/// Issue 31: libcurl is dlopen()ed on the first GET, not linked. A library
/// that cannot be opened, or one without a function the GET calls, gives a
/// message that names the package to install.
@Suite struct LibcurlLoadingTests {
    static func probe(_ soname: String) -> (status: Int32, message: String) {
        var error = [CChar](repeating: 0, count: 256)
        let status = td_http_probe(soname, &error, error.count)
        return (status, String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    @Test func theInstalledLibraryHasEveryFunction() {
        let probe = Self.probe(TD_LIBCURL_SONAME)
        #expect(probe.status == 0 && probe.message.isEmpty, "\(probe.message)")
    }

    @Test func aMissingLibraryNamesThePackage() {
        let probe = Self.probe("libcurl.so.999")
        #expect(probe.status == -1)
        #expect(probe.message.hasPrefix("the weather needs libcurl (apt install libcurl4): libcurl.so.999"), "\(probe.message)")
    }

    @Test func aLibraryWithoutTheFunctionsIsRefused() {
        let probe = Self.probe("libc.so.6")
        #expect(probe.status == -1)
        #expect(probe.message == "the weather needs a newer libcurl (apt install libcurl4): libc.so.6 has no curl_global_init",
                "\(probe.message)")
    }

    @Test func aGetLoadsItAndAMissingLibraryIsItsOwnFailure() throws {
        let server = try LocalHTTPServer { _ in .answer(status: 200, body: "{}") }
        defer { server.stop() }
        #expect(try HTTPFetch.get(URL(string: server.baseURL + "/x")!, timeoutSeconds: 5).get().status == 200)
        #expect(td_http_library_loaded() == 1)
        let missing = HTTPFetch.Failure.missingLibrary("the weather needs libcurl (apt install libcurl4): x")
        #expect(missing.description == "the weather needs libcurl (apt install libcurl4): x")
    }
}
