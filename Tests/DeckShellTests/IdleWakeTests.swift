import Dashboard
import Foundation
import Synchronization
import TeamLog
import Testing
import TestSupport
import TimeKit
import TimeStore
@testable import DeckShell

/// Issue 31: an idle dashboard wakes only for the clock's tick. The team
/// link sleeps on its socket and its job queue; a timer is armed only while
/// a reconnect is due or a busy store is to be tried again.
@Suite struct TeamLinkScheduleTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func connectedWithNothingFailingArmsNoTimer() {
        var schedule = TeamLinkSchedule()
        #expect(schedule.connectDue(at: start))
        schedule.connected()
        schedule.outboxPass(storeBusy: false, at: start)
        #expect(schedule.secondsToWake(at: start) == nil)
        #expect(!schedule.connectDue(at: start.addingTimeInterval(3600)))
    }

    @Test func aBusyStoreArmsARetryASecondLaterUntilAPassFinishes() {
        var schedule = TeamLinkSchedule()
        schedule.connected()
        schedule.outboxPass(storeBusy: true, at: start)
        #expect(schedule.secondsToWake(at: start) == 1)
        schedule.outboxPass(storeBusy: false, at: start.addingTimeInterval(1))
        #expect(schedule.secondsToWake(at: start.addingTimeInterval(1)) == nil)
    }

    @Test func reconnectsBackOffFromHalfASecondToEightAndStartOverAfterAConnection() {
        var schedule = TeamLinkSchedule()
        var now = start
        var delays: [Double] = []
        for _ in 0..<7 {
            schedule.disconnected(at: now)
            // A busy store while offline changes nothing: the reconnect is what is due.
            schedule.outboxPass(storeBusy: true, at: now)
            let delay = schedule.secondsToWake(at: now) ?? -1
            delays.append(delay)
            #expect(!schedule.connectDue(at: now.addingTimeInterval(delay / 2)))
            now = now.addingTimeInterval(delay)
            #expect(schedule.connectDue(at: now))
        }
        #expect(delays == [0.5, 1, 2, 4, 8, 8, 8])
        schedule.connected()
        schedule.disconnected(at: now)
        #expect(schedule.secondsToWake(at: now) == 0.5)
    }
}

/// The team link's task driven step by step on the test's thread (as its
/// worker would call it), against the test process's private PostgreSQL.
@Suite struct TeamLinkWakeTests {
    final class Posted: Sendable {
        let events = Mutex<[Event]>([])
        func add(_ event: Event) { events.withLock { $0.append(event) } }
        var all: [Event] { events.withLock { $0 } }
    }

    final class TestClock: Sendable {
        let instant = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
        func now() -> Date { instant.withLock { $0 } }
        func advance(_ seconds: Double) { instant.withLock { $0 = $0.addingTimeInterval(seconds) } }
    }

    static func mark(key: String) -> SightingMark {
        SightingMark(unixNanoseconds: 1_795_000_000_000_000_000, note: "", position: .none, clock: .unknown, uniqueKey: key)
    }

    /// Connected and idle, the link waits on its socket with no period (it
    /// used to wake every second to count the outbox); a poke — what the
    /// marks worker and the look for other writers send when the outbox
    /// may have changed — sends a new mark without any timer.
    @Test func aConnectedIdleLinkSleepsOnItsSocketAloneAndAPokeSendsANewMark() throws {
        let server = try ThrowawayDatabase()
        defer { server.drop() }
        let folder = try RuntimeFolder()
        let store = folder.makeStore()
        store.setTeamStation("north")
        let posted = Posted()
        let task = TeamLinkTask(setup: TeamSetup(url: ConnectionString(server.url), station: "north"),
                                store: store, post: { posted.add($0) })
        let queue = WorkerQueue<TeamLinkTask.Job>.standalone()
        task.begin(queue)
        #expect(posted.all.contains(.marks(.teamLink(online: true, toSend: 0))), "\(posted.all)")
        let idle = task.idleWake()
        #expect(idle.readable != nil, "the link does not listen on its socket")
        #expect(idle.afterSeconds == nil, "connected and idle, the link still wakes after \(idle.afterSeconds ?? 0) s")

        try store.forWriting().recordMark(Self.mark(key: "k1"))
        #expect(try store.existing()?.outboxSummary().count == 1)
        task.perform([.send], queue)
        #expect(try TeamLogClient(url: server.url).allMarks().map(\.mark.uniqueKey) == ["k1"])
        #expect(try store.existing()?.outboxSummary().count == 0)
        #expect(posted.all.last == .marks(.teamLink(online: true, toSend: 0)))
        #expect(task.idleWake().afterSeconds == nil)
    }

    /// Offline, the link wakes only for its reconnects, 0.5 s doubling (it
    /// used to wake at least once a second whatever the backoff).
    @Test func anUnreachableServerIsTriedAgainWithBackoffNotEverySecond() throws {
        let (listener, port) = try LoopbackListener.open()
        close(listener)  // nothing listens there now: refused
        let clock = TestClock()
        let posted = Posted()
        let setup = TeamSetup(url: ConnectionString("postgresql://nobody@127.0.0.1:\(port)/none"), station: "north")
        let task = TeamLinkTask(setup: setup, store: try RuntimeFolder().makeStore(), now: { clock.now() },
                                post: { posted.add($0) })
        let queue = WorkerQueue<TeamLinkTask.Job>.standalone()
        task.begin(queue)
        var delays = [task.idleWake().afterSeconds]
        for _ in 0..<3 {
            clock.advance(delays.last.flatMap { $0 } ?? 0)
            task.woke(readable: false, queue)
            delays.append(task.idleWake().afterSeconds)
        }
        #expect(delays == [0.5, 1, 2, 4])
        #expect(task.idleWake().readable == nil)
        #expect(posted.all == [.marks(.teamLink(online: false, toSend: 0))])
    }
}

/// The waiting-writes check of the run loop's pass looks at a flag, not the
/// file: armed by a save that had to wait (or a file left at start),
/// disarmed by the replay that emptied the file.
@Suite struct WaitingWritesTests {
    @Test func armedOnlyByAWaitingSaveOrAFileLeftAtStart() throws {
        let folder = try RuntimeFolder()
        let store = folder.makeStore()
        let file = store.url.path + PendingWrites.suffix
        let waiting = WaitingWrites(beside: store)
        #expect(!waiting.mayWait)
        waiting.arm()
        #expect(waiting.mayWait)
        try Data("{}\n".utf8).write(to: URL(fileURLWithPath: file))
        waiting.settle(beside: store)
        #expect(waiting.mayWait, "disarmed while writes still wait")
        #expect(WaitingWrites(beside: store).mayWait, "a file left by a crash is not replayed")
        try Data().write(to: URL(fileURLWithPath: file))
        waiting.settle(beside: store)
        #expect(!waiting.mayWait, "still armed after the file was emptied")
    }
}

/// The marks service's part of the look for other writers pokes the team
/// link: a change queued by another process (here one that could not reach
/// the team log itself) is sent with no period to find it.
@Suite struct TeamLinkRereadTests {
    @Test func aChangeQueuedByAnotherProcessIsSentAfterTheLook() throws {
        let server = try ThrowawayDatabase()
        defer { server.drop() }
        let folder = try RuntimeFolder()
        let store = folder.makeStore()
        store.setTeamStation("north")
        let inbox = EventInbox(wake: try WakePipe())
        let shell = try MarksShell.start(inbox: inbox, settings: MarkSettings(), store: store,
                                         team: TeamSetup(url: ConnectionString(server.url), station: "north"))
        defer { _ = shell.stop() }
        var seen: [Event] = []
        let online = Date().addingTimeInterval(10)
        while !seen.contains(where: { if case .marks(.teamLink(online: true, _)) = $0 { true } else { false } }), Date() < online {
            seen += inbox.drain()
            Thread.sleep(forTimeInterval: 0.02)
        }
        #expect(seen.contains { if case .marks(.teamLink(online: true, _)) = $0 { true } else { false } }, "\(seen)")

        // Another process queues a mark but cannot send it (its team log is
        // a port where nothing listens).
        let (listener, port) = try LoopbackListener.open()
        close(listener)
        let otherConfig = folder.url.appendingPathComponent("other.toml")
        try Data("[marks]\ngpsd = \"off\"\n[team]\nurl = \"postgresql://nobody@127.0.0.1:\(port)/none\"\nstation = \"north\"\n".utf8)
            .write(to: otherConfig)
        var environment = folder.environment
        environment["TIMEDECK_CONFIG"] = otherConfig.path
        #expect(try OtherProcess.run(["marks", "add", "--note", "from a shell"], environment: environment) == 0)

        // What the store look runs after that process's commit.
        let reread = try #require(shell.rereadAfterChangeElsewhere())
        _ = reread()
        let client = try TeamLogClient(url: server.url)
        let deadline = Date().addingTimeInterval(10)
        var notes: [String] = []
        while notes.isEmpty, Date() < deadline {
            notes = try client.allMarks().map(\.mark.note)
            if notes.isEmpty { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(notes == ["from a shell"], "the link was not woken by the look")
    }
}
