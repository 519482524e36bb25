import Foundation

/// The call shown on first run, so the planner is useful before any editing.
public enum DefaultCall {
    /// The user's IANA zone from `TZ` (`Europe/Paris`, `:Europe/Paris`) or
    /// else the target of /etc/localtime (`/usr/share/zoneinfo/Europe/Paris`),
    /// if either names a zone Foundation knows.
    public static func userZoneIdentifier(tzVariable: String?, localtimeTarget: String?) -> String? {
        if var tz = tzVariable, !tz.isEmpty {
            if tz.hasPrefix(":") { tz.removeFirst() }
            if let id = ZoneNames.identifier(matching: tz) ?? (TimeZone(identifier: tz) != nil ? tz : nil) {
                return id
            }
        }
        if let target = localtimeTarget, let range = target.range(of: "zoneinfo/") {
            let id = String(target[range.upperBound...])
            if TimeZone(identifier: id) != nil { return id == "Etc/UTC" ? "UTC" : id }
        }
        return nil
    }

    /// The most populous bundled city in `zoneIdentifier`, or a bare-zone
    /// place (`UTC`) when no city uses it.
    public static func home(zoneIdentifier: String, in db: PlaceDatabase) -> Place {
        db.largestCity(inZone: zoneIdentifier) ?? .zone(zoneIdentifier)
    }

    /// Two destinations far enough away to be worth planning for:
    /// from the Americas, London and Tokyo; from Europe, Africa and the
    /// Middle East, New York and Tokyo; from further east, London and New York.
    public static func destinationQueries(fromOffsetSeconds offset: Int) -> [String] {
        if offset <= -3 * 3600 { return ["London, GB", "Tokyo"] }
        if offset <= 4 * 3600 { return ["New York City", "Tokyo"] }
        return ["London, GB", "New York City"]
    }

    /// The first-run call: from the user's place (nearest city to the known
    /// position, else the zone's largest) to two destinations, one
    /// hour long, at the best start in the next 24 hours (`CallOptimizer.best`).
    /// `home` replaces the zone's largest city (the place nearest the
    /// user's position, when known).
    public static func make(userZone: String, in db: PlaceDatabase, now: Date, home given: Place? = nil) -> CallPlan {
        let home = given ?? home(zoneIdentifier: userZone, in: db)
        let zone = home.timeZone ?? TimeZone(identifier: "UTC")!
        let others = destinationQueries(fromOffsetSeconds: zone.rules.offsetSeconds(at: now))
            .compactMap { db.bestMatch($0)?.place }
            .filter { $0.zoneIdentifier != home.zoneIdentifier }
        let participants = [CallParticipant(place: home)] + others.map { CallParticipant(place: $0) }
        let zones = participants.compactMap(\.place.timeZone)
        let start = CallOptimizer().best(for: zones, from: now, durationMinutes: 60)?.start
            ?? CallOptimizer.nextGridInstant(atOrAfter: now, in: zone)
        return CallPlan(name: "Call from \(home.name)", participants: participants, start: start,
                        durationMinutes: 60, createdAt: now)
    }
}

extension PlaceDatabase {
    /// The most populous city whose zone is `zoneIdentifier`.
    public func largestCity(inZone zoneIdentifier: String) -> Place? {
        data.withUnsafeBytes { raw -> Place? in
            guard let z = (0..<zoneCount).first(where: { string(raw, ref: u32(raw, zonesAt + $0 * 4)) == zoneIdentifier })
            else { return nil }
            // Cities are stored largest first.
            for i in 0..<count where Int(u16(raw, citiesAt + i * Self.cityBytes + 34)) == z {
                return place(at: i, raw)
            }
            return nil
        }
    }
}
