import Foundation
import TimeKit

/// The PLACE arguments of `call` and `calls add`, read with
/// `.allUnrecognized` so that an offset is a place (`call London -03:00`
/// was "unknown option '-0'"): anything else beginning with `-` is an
/// option this command does not have, refused as ArgumentParser would.
enum PlaceArguments {
    static func check(_ places: [String]) throws {
        for p in places where p.hasPrefix("-") && p.count > 1 {
            guard p.wholeMatch(of: /-\d{1,2}(:?\d{2})?/) != nil else {
                throw CLIFailure.usage("unknown option \(InertText.message(String(p.prefix(64)))); "
                    + "`timedeck help` lists the options. An offset west of UTC is a place: -03:00 or UTC-3.")
            }
        }
    }
}
