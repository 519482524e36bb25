import Dashboard
import Foundation
import Testing
import TimeKit
@testable import DeckShell

/// Issue 32, item 9: the sights panel's `w` effect writes the plotting
/// sheet as a new SVG file in the data folder's `sheets/`, never over an
/// existing one, and says where (or why not).
@Suite struct SightsSheetFileTests {
    static let xmllint = ["/usr/bin/xmllint", "/usr/local/bin/xmllint"].first { FileManager.default.isExecutableFile(atPath: $0) }

    static func export() throws -> ChartExport {
        let dr = try GeoPosition(latitudeDegrees: 40, longitudeDegrees: -50)
        let fixed = try GeoPosition(latitudeDegrees: 40.2, longitudeDegrees: -50.3)
        let t = 1_710_977_640.0
        return ChartExport(fix: .init(position: fixed, unixSeconds: t, sightCount: 3, rmsResidualNauticalMiles: 0.4),
                           deadReckoning: .init(position: dr, unixSeconds: t), courseDegrees: 0, speedKnots: 0,
                           track: [.init(position: dr, unixSeconds: t)], lines: [])
    }

    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sheet-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func theSheetIsWrittenAsANewValidSVGFileAndNeverOverwritten() throws {
        let home = try Self.folder()
        defer { try? FileManager.default.removeItem(at: home) }
        let export = try Self.export()
        let env = ["TIMEDECK_HOME": home.path]
        let first = SightsShell.writeSheet(export, fileStem: "sheet-20240320T233400Z", environment: env)
        let expected = home.appendingPathComponent("sheets/sheet-20240320T233400Z.svg").path
        #expect(first == [.sights(.sheetWritten(path: expected, fix: true, lines: 0))])
        let text = try String(contentsOfFile: expected, encoding: .utf8)
        #expect(text == PlottingSheet.svg(export))
        #expect(text.contains("<svg") && text.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("</svg>"))
        let mode = try FileManager.default.attributesOfItem(atPath: expected)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        if let xmllint = Self.xmllint {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: xmllint)
            p.arguments = ["--noout", expected]
            try p.run()
            p.waitUntilExit()
            #expect(p.terminationStatus == 0, "xmllint refused \(expected)")
        }
        // Again in the same second: a new name; the first file is as it was.
        try "kept".write(toFile: expected, atomically: false, encoding: .utf8)
        let second = SightsShell.writeSheet(export, fileStem: "sheet-20240320T233400Z", environment: env)
        let secondPath = home.appendingPathComponent("sheets/sheet-20240320T233400Z-2.svg").path
        #expect(second == [.sights(.sheetWritten(path: secondPath, fix: true, lines: 0))])
        #expect(try String(contentsOfFile: expected, encoding: .utf8) == "kept")
        #expect(try String(contentsOfFile: secondPath, encoding: .utf8) == text)
        // No temporary file left behind.
        let names = try FileManager.default.contentsOfDirectory(atPath: home.appendingPathComponent("sheets").path).sorted()
        #expect(names == ["sheet-20240320T233400Z-2.svg", "sheet-20240320T233400Z.svg"])
        // A stem with a slash stays one name in the folder.
        let odd = SightsShell.writeSheet(export, fileStem: "../x/y", environment: env)
        #expect(odd == [.sights(.sheetWritten(path: home.appendingPathComponent("sheets/___x_y.svg").path, fix: true, lines: 0))])
    }

    @Test func aFolderThatCannotBeWrittenIsSaid() throws {
        let home = try Self.folder()
        defer { try? FileManager.default.removeItem(at: home) }
        // `sheets` taken by a file: the folder cannot be made.
        try "x".write(to: home.appendingPathComponent("sheets"), atomically: false, encoding: .utf8)
        let events = SightsShell.writeSheet(try Self.export(), fileStem: "sheet", environment: ["TIMEDECK_HOME": home.path])
        guard case .sights(.sheetNotWritten(.cannotWrite(let path, _)))? = events.first else {
            Issue.record("\(events)"); return
        }
        #expect(path == home.appendingPathComponent("sheets").path)
    }
}
