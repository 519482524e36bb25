import TimeKit

/// `timedeck mars`'s refusals of bad input (exit status 2, on stderr after
/// `timedeck mars: `), each saying what to do instead. Part of the catalog as
/// `CommandMessage.marsUsage`; the English is what the command said before
/// it spoke Japanese (MarsEnglishGolden pins some of them).
public enum MarsUsage: Hashable, Sendable {
    case siteAndLongitude
    /// `config` is the config file's path when the name came from `mars.site`.
    case unknownSite(name: String, config: String?, suggestions: String, known: String)
    case ertWithAt
    case scetWithAt
    case ertScetOneInstant
    case ertColumnNeedsSchedule
    /// `--station`/`--light-from` with table mode or `--picture`.
    case endsNotHere
    /// `--station`/`--light-from` in a schedule without `--ert-column` (nothing to compute with them).
    case endsNeedErtColumn
    case lightFromSiteNeedsSite
    case lightFromBad(String)
    /// `option` could not read the bundled ephemeris; `plural` for "--station and --light-from".
    case needsEphemeris(option: String, plural: Bool)
    case ertFailed(instant: String, MarsLightProblem)
    case csvSingle
    case tableNeedsAll
    case tableAt
    case tableJSON
    case toBeforeFrom(to: String, from: String)
    case tooManyRows(count: Int64, maximum: Int64)
    case solTakesNoInstant
    case needsSol
    case solNotNumber(String)
    case solRange(limit: Int, got: Int)
    case solNeedsTime
    case lmstAndLtst
    case inNeedsSols
    case csvInverse
    case solsCount(maximum: Int, got: String)
    case jsonAndCSV
    case allTakesOnly
    case pictureWithAll
    case widthNeedsPicture
    case unknownPicture(String)
    case pictureNoJSON
    case pictureOneInstant
    case pictureWidth(lowest: Int, highest: Int, got: String)
    /// The picture has nothing to draw (`readout` says why, in the language); `needsSite` for the solar path.
    case pictureUnavailable(readout: String, needsSite: Bool)
    case inverse(MarsInverseError)

    var english: String {
        switch self {
        case .siteAndLongitude: "give either --site or --longitude, not both (a site sets the longitude)"
        case let .unknownSite(name, config, suggestions, known):
            "unknown site '\(name)'\(config.map { " (mars.site in \($0))" } ?? ""). Did you mean: \(suggestions)? Known sites: \(known)"
        case .ertWithAt:
            "--ert is the Earth-received instant and --at/--scet the event at Mars; the light time links them, so give one of the two, not both"
        case .scetWithAt: "--scet is the same as --at; give one of them"
        case .ertScetOneInstant: "--ert and --scet name one instant; they do not go with --all, --sol or table mode"
        case .ertColumnNeedsSchedule: "--ert-column adds a column to a schedule; add --sol N --lmst T --sols K"
        case .endsNotHere:
            "--station and --light-from give the light time between chosen ends at one instant, in a schedule's ERT column "
                + "or with --all; they do not go with table mode or --picture"
        case .endsNeedErtColumn:
            "--station and --light-from set the ends of a schedule's ERT column; add --ert-column"
        case .lightFromSiteNeedsSite: "--light-from site needs a site with a latitude: give --site NAME (a bare --longitude has none)"
        case .lightFromBad(let text): "--light-from takes centre or site, not '\(text)'"
        case let .needsEphemeris(option, plural):
            "\(option) \(plural ? "need" : "needs") the bundled ephemeris (almanac-ephemeris.bin), which could not be read; reinstall timedeck"
        case let .ertFailed(instant, problem): "--ert \(instant): " + MarsMessage.english(problem)
        case .csvSingle: "--csv is for table mode (--from, --to, --step); use --json for one instant"
        case .tableNeedsAll: "table mode needs all of --from, --to and --step"
        case .tableAt: "--at is for one instant; table mode uses --from and --to"
        case .tableJSON: "--json is for one instant; use --csv for a machine-readable table"
        case let .toBeforeFrom(to, from): "--to (\(to)) is before --from (\(from))"
        case let .tooManyRows(count, maximum):
            "that is \(count) rows; at most \(maximum) are printed. Use a larger --step or a shorter span"
        case .solTakesNoInstant: "--sol gives the instant itself; it does not take --at, --from, --to or --step"
        case .needsSol: "--lmst, --ltst, --sols and --in need --sol N (the sol to convert)"
        case .solNotNumber(let text): "--sol takes a whole sol number, e.g. --sol 1700; got '\(text)'"
        case let .solRange(limit, got): "--sol must be between -\(limit) and \(limit) (timedeck converts the years 1700–2200); got \(got)"
        case .solNeedsTime: "--sol needs the local time: --lmst HH:MM[:SS] or --ltst HH:MM[:SS]"
        case .lmstAndLtst: "give --lmst or --ltst, not both"
        case .inNeedsSols: "--in lists Earth places in a schedule; add --sols K (e.g. --sols 10)"
        case .csvInverse: "--csv is for a schedule (--sols) or table mode; use --json for one instant"
        case let .solsCount(maximum, got): "--sols takes a number of sols from 1 to \(maximum); got '\(got)'"
        case .jsonAndCSV: "give --json or --csv, not both"
        case .allTakesOnly: "--all shows every site at one instant; it takes only --at, --json, --station and --light-from"
        case .pictureWithAll: "--picture draws one instant; it does not go with --all"
        case .widthNeedsPicture: "--width goes with --picture sunclock|orbit|path"
        case .unknownPicture(let name): "unknown picture '\(name)'; use sunclock, orbit or path"
        case .pictureNoJSON: "--picture prints a picture; drop --json/--csv (the JSON report has the numbers)"
        case .pictureOneInstant: "--picture draws one instant: give it --at (or --scet) only"
        case let .pictureWidth(lowest, highest, got):
            "--width must be a whole number of columns from \(lowest) to \(highest), not '\(got)'"
        case let .pictureUnavailable(readout, needsSite): readout + (needsSite ? " (use --site NAME)" : "")
        case .inverse(let error): error.description
        }
    }

    var japanese: String {
        switch self {
        case .siteAndLongitude: "--site と --longitude はどちらか一方を指定してください（地点が経度を決めます）"
        case let .unknownSite(name, config, suggestions, known):
            "不明な地点「\(name)」\(config.map { "（\($0) の mars.site）" } ?? "")。候補: \(suggestions)。既知の地点: \(known)"
        case .ertWithAt:
            "--ert は地球で受信した時刻、--at/--scet は火星での事象の時刻で、光時間が両者を結びます。どちらか一方を指定してください"
        case .scetWithAt: "--scet は --at と同じです。どちらか一方を指定してください"
        case .ertScetOneInstant: "--ert と --scet は 1 つの時刻を指定します。--all、--sol、表モードとは併用できません"
        case .ertColumnNeedsSchedule: "--ert-column は予定表に列を加えます。--sol N --lmst T --sols K を付けてください"
        case .endsNotHere:
            "--station と --light-from は、1 時刻、予定表の ERT 列、--all で選んだ両端の間の光時間を出します。表モードや --picture とは併用できません"
        case .endsNeedErtColumn: "--station と --light-from は予定表の ERT 列の両端を決めます。--ert-column を付けてください"
        case .lightFromSiteNeedsSite: "--light-from site には緯度のある地点が必要です: --site 名前 を指定してください（--longitude だけでは緯度がありません）"
        case .lightFromBad(let text): "--light-from には centre か site を指定してください（「\(text)」ではなく）"
        case let .needsEphemeris(option, _):
            "\(option) には同梱の暦 (almanac-ephemeris.bin) が必要ですが、読めませんでした。timedeck を入れ直してください"
        case let .ertFailed(instant, problem): "--ert \(instant): " + MarsMessage.japanese(problem)
        case .csvSingle: "--csv は表モード（--from、--to、--step）用です。1 時刻には --json を使ってください"
        case .tableNeedsAll: "表モードには --from、--to、--step のすべてが必要です"
        case .tableAt: "--at は 1 時刻用です。表モードは --from と --to を使います"
        case .tableJSON: "--json は 1 時刻用です。機械で読む表には --csv を使ってください"
        case let .toBeforeFrom(to, from): "--to (\(to)) が --from (\(from)) より前です"
        case let .tooManyRows(count, maximum):
            "\(count) 行になります。出力は最大 \(maximum) 行です。--step を大きくするか期間を短くしてください"
        case .solTakesNoInstant: "--sol は時刻そのものを求めます。--at、--from、--to、--step とは併用できません"
        case .needsSol: "--lmst、--ltst、--sols、--in には --sol N（変換するソル）が必要です"
        case .solNotNumber(let text): "--sol にはソルの整数を指定してください（例 --sol 1700）。「\(text)」は読めません"
        case let .solRange(limit, got): "--sol は -\(limit) から \(limit) の範囲です（timedeck は 1700–2200 年を変換します）。指定値 \(got)"
        case .solNeedsTime: "--sol には地方時が必要です: --lmst HH:MM[:SS] または --ltst HH:MM[:SS]"
        case .lmstAndLtst: "--lmst と --ltst はどちらか一方を指定してください"
        case .inNeedsSols: "--in は予定表に地球の場所を加えます。--sols K（例 --sols 10）を付けてください"
        case .csvInverse: "--csv は予定表（--sols）か表モード用です。1 時刻には --json を使ってください"
        case let .solsCount(maximum, got): "--sols にはソルの数を 1 から \(maximum) で指定してください。「\(got)」は使えません"
        case .jsonAndCSV: "--json と --csv はどちらか一方を指定してください"
        case .allTakesOnly: "--all は 1 時刻の全地点を示します。使えるのは --at、--json、--station、--light-from だけです"
        case .pictureWithAll: "--picture は 1 時刻を描きます。--all とは併用できません"
        case .widthNeedsPicture: "--width は --picture sunclock|orbit|path と一緒に使います"
        case .unknownPicture(let name): "不明な図「\(name)」。sunclock、orbit、path のどれかを指定してください"
        case .pictureNoJSON: "--picture は図を出力します。--json/--csv を外してください（数値は JSON の報告にあります）"
        case .pictureOneInstant: "--picture は 1 時刻を描きます。--at（または --scet）だけを指定してください"
        case let .pictureWidth(lowest, highest, got): "--width は \(lowest) から \(highest) の列数（整数）です。「\(got)」は使えません"
        case let .pictureUnavailable(readout, needsSite): readout + (needsSite ? "（--site 名前 を指定してください）" : "")
        case .inverse(let error): Self.japanese(error)
        }
    }

    static func japanese(_ error: MarsInverseError) -> String {
        switch error {
        case let .beforeMission(site, sol, first):
            "\(site) のソル \(sol) はミッション最初のソル \(first)（着陸のソル）より前です。\(first) 以降を指定するか、"
                + "地方のソルには --longitude を使ってください"
        case let .solarTimeNotOnSol(time, sol):
            "\(time) はソル \(sol) にありません: ソルは地方平均太陽時の真夜中に始まり、このソルでは均時差のため真太陽時が"
                + "\(time) を飛ばします。ソル \(sol - 1) の終わりかソル \(sol + 1) の始めにあります。LMST で指定することもできます"
        case .outOfRange(let sol): "ソル \(sol) は timedeck が変換する 1700–2200 年の範囲外です"
        }
    }
}
