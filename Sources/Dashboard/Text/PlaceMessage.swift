import TimeKit

/// A place the commands could not use (`call`, `calls`, `places search`;
/// exit 2, after `timedeck: `).
public enum PlaceRefusal: Hashable, Sendable {
    /// Nothing matches; `suggestions` the closest names (may be empty).
    case unknown(query: String, suggestions: [String])
    /// Nothing is named `query`: it only begins a name or is spelled close to one.
    case onlyClose(query: String, suggestions: [String])
    /// A zone of the system tz database (`source`) that the built-in rules (ICU tz `rules`) lack.
    case unknownZone(name: String, source: String, rules: String)

    var english: String {
        switch self {
        case let .unknown(query, suggestions):
            "no place matches \"\(query)\"."
                + (suggestions.isEmpty
                    ? " Try a larger city nearby, a zone name such as Europe/Paris, or `timedeck places search`."
                    : " Closest names: " + suggestions.joined(separator: "; ") + ".")
                + " A place may be a city, a tz zone (Asia/Kolkata), an abbreviation (JST), an offset (UTC+5:30)"
                + " or a Mars site (Mars/perseverance)."
        case let .onlyClose(query, suggestions):
            "no place is named \"\(query)\"; it only begins or is spelled like "
                + suggestions.joined(separator: "; ") + ". Did you mean one of them? Give its name as shown "
                + "(e.g. \"\(suggestions.first ?? "London, GB")\"), a zone such as Europe/Paris, or an offset such as UTC+5:30; "
                + "`timedeck places search` lists what matches."
        case let .unknownZone(name, source, rules):
            "\(name) is in the system tz database (\(source)) but the time-zone rules built into timedeck "
                + "(ICU tz \(rules)) do not know it yet; update timedeck, or name a nearby city or an offset such as UTC+5:30."
        }
    }

    var japanese: String {
        switch self {
        case let .unknown(query, suggestions):
            "「\(query)」に一致する場所はありません。"
                + (suggestions.isEmpty
                    ? "近くの大きな都市、Europe/Paris のようなゾーン名を指定するか、`timedeck places search` で探してください。"
                    : "近い名前: " + suggestions.joined(separator: "; ") + "。")
                + "場所には都市、tz のゾーン (Asia/Kolkata)、略号 (JST)、オフセット (UTC+5:30)、"
                + "火星の地点 (Mars/perseverance) を指定できます。"
        case let .onlyClose(query, suggestions):
            "「\(query)」という名前の場所はありません。"
                + suggestions.joined(separator: "; ") + " の先頭部分か、綴りが近いだけです。このどれかですか? "
                + "表示どおりの名前（例 \"\(suggestions.first ?? "London, GB")\"）、Europe/Paris のようなゾーン、"
                + "UTC+5:30 のようなオフセットを指定してください。一致するものは `timedeck places search` で一覧できます。"
        case let .unknownZone(name, source, rules):
            "\(name) はシステムの tz データベース (\(source)) にありますが、timedeck に組み込まれた時間帯の規則 "
                + "(ICU tz \(rules)) はまだ知りません。timedeck を更新するか、近くの都市か UTC+5:30 のようなオフセットを指定してください。"
        }
    }
}

/// The place resolver's notes (`PlaceNote`) in Japanese. Place names,
/// zone ids and abbreviations' names are names, the same in every
/// language; what to type is quoted as it must be typed. Part of the
/// catalog as `CommandMessage.placeNote`; the English is `description`.
enum PlaceMessage {
    static func japanese(_ note: PlaceNote) -> String {
        switch note {
        case let .guessed(q, p): "「\(q)」に完全に一致する名前はありません。\(p.label) (\(p.zoneIdentifier)) を使います。"
        case let .completed(q, p): "「\(q)」は \(p.isZoneOnly ? p.zoneIdentifier : p.label) の先頭部分です。これを使います。"
        case let .otherName(q, p): "「\(q)」は \(p.label) (\(p.zoneIdentifier)) の別名です。"
        case let .zoneLink(name, canonical):
            "「\(name)」はゾーン \(canonical) の古い名前（tz のリンク）です。\(canonical) を使います。"
        case .abbreviation(let a):
            "「\(a.abbreviation)」は \(a.name) で、一年中 \(a.offset.identifier) 固定です（夏時間の切り替えなし）。"
                + "時計の切り替えに従うには都市かゾーンを指定してください。"
        case let .gmtSign(q, o):
            "「\(q)」は \(o.identifier)（\(hours(o))）と読みます。POSIX のゾーン "
                + "Etc/\(q.uppercased().replacingOccurrences(of: " ", with: "")) は符号が逆です。"
        case let .posixSign(zone, offset):
            "\(zone) は \(offset?.identifier ?? "オフセット") です（POSIX のゾーン名はグリニッジより西を + と数えます）。"
                + "逆の符号には UTC\(zone.dropFirst("Etc/GMT".count)) と入力してください。"
        case let .zoneNotAbbreviation(zone, a):
            "「\(zone)」は tz のゾーン \(zone) で、夏時間に切り替わります。一年中 \(a.offset.identifier) 固定にするには "
                + "\(a.offset.identifier) と入力してください。"
        case let .marsAlias(alias, p): "「\(alias)」は火星の地点 \(p.name) (\(p.zoneIdentifier)) です。時計は地方平均太陽時です。"
        case let .alsoMars(q, site):
            "「\(q)」は火星の地点の名前でもあります。地球の場所を使います。火星の地点には \(site.zoneIdentifier) を指定してください。"
        case let .mostPopulousOf(q, used, others):
            "「\(q)」は複数あります。最も人口の多い \(used.label) (\(used.zoneIdentifier)) を使います。ほか: "
                + others.map(\.label).joined(separator: "; ")
                + "。選ぶには国を付けてください（例 \"\(others.first.map { "\($0.name), \($0.countryCode)" } ?? "")\"）。"
        case let .ambiguousAbbreviation(q, list):
            "「\(q)」は " + list.map { "\($0.name) (\($0.offset.identifier))" }.joined(separator: "、") + " のどれかです。"
                + list.map { "\"\(q.uppercased()) \($0.region)\"" }.joined(separator: "、") + " のように指定するか、オフセットを指定してください。"
        case .everyMarsSite(let sites):
            "「mars」だけでは \(sites.count) か所の火星の地点のどれか決まりません。1 つ指定してください: "
                + sites.map { "\($0.zoneIdentifier) (\($0.name))" }.joined(separator: "、") + "。"
        case let .muchLargerNearby(q, used, larger, sameName):
            "「\(q)」は \(used.label)（人口 \(PlaceNote.people(used.population))）です。\(larger.label)"
                + "（\(PlaceNote.people(larger.population))）は" + (sameName ? "同じ名前でも呼ばれます" : "1 文字違いです")
                + "。そちらには \"\(larger.name)\" と入力してください。"
        case let .zonePlace(q, entry, zone):
            "「\(q)」は tz のゾーン \(entry) の場所です" + (entry == zone ? "" : "（現在は \(zone)）") + "。これを使います。"
        case let .region(q, r, used, exceptions):
            exceptions.isEmpty
                ? "「\(q)」は \(japanese(r)) です。そのゾーン \(used) を使います。"
                : "「\(q)」は \(japanese(r)) です。大部分は \(used) の時計なので、これを使います。"
                    + "\(exceptions.joined(separator: "、")) は違います: そこは都市名を指定してください。"
        case let .tookLarger(q, used, smaller):
            "「\(q)」は \(used.label) (\(used.zoneIdentifier))、人口 \(PlaceNote.people(used.population)) とします（この名前でも呼ばれます）。"
                + "\(smaller.label)（\(PlaceNote.people(smaller.population))）はこの綴りです: そちらには "
                + "\"\(smaller.name), \(smaller.countryCode)\" と入力してください。"
        case let .alsoNamed(q, what, typed): "「\(q)」は \(japanese(what)) でもあります。そちらには \(typed) と指定してください。"
        case let .severalMeanings(q, meanings, typed):
            "「\(q)」は " + meanings.map(japanese).joined(separator: "、または ") + " のどれかです。"
                + typed.joined(separator: " か ") + " のどれかを指定してください。"
        case let .severalZones(q, r, zones):
            "「\(q)」は \(japanese(r)) で、複数の時計があります: " + zones.joined(separator: "、")
                + "。そこの都市名か、これらのゾーンのどれかを指定してください。"
        }
    }

    /// The region by its own name: `India（国コード IN）`, `州 Texas, US`, `島 Tahiti, PF`.
    static func japanese(_ r: PlaceRegions.Region) -> String {
        let place = r.country.isEmpty ? "" : ", \(r.country)"
        return switch r.kind {
        case .country: "\(r.name)（国コード \(r.codes.first ?? r.country)）"
        case .state: "州 \(r.name)\(place)"
        case .island: "島 \(r.name)\(place)"
        case .base: "南極基地 \(r.name)"
        case .region: "地域 \(r.name)\(place)"
        }
    }

    static func japanese(_ meaning: PlaceMeaning) -> String {
        switch meaning {
        case let .region(r, zones): japanese(r) + " (\(zones.joined(separator: "、")))"
        case .zone(let zone): "tz のゾーン \(zone)"
        case let .place(label, zone): "\(label) (\(zone))"
        }
    }

    /// `9 時間進み` / `5 時間 30 分遅れ` (relative to UTC).
    static func hours(_ o: FixedOffset) -> String {
        let a = abs(o.seconds)
        let h = a / 3600, m = a % 3600 / 60
        return "UTC より \(h) 時間" + (m == 0 ? "" : " \(m) 分") + (o.seconds < 0 ? "遅れ" : "進み")
    }
}
