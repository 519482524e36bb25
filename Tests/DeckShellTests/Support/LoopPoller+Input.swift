import Foundation
@testable import DeckShell

extension LoopPoller {
    /// The real `poll(2)`, with `input` polled in stdin's place (the
    /// test terminal's pipe, or the pipe plain mode reads).
    static func system(input: Int32) -> LoopPoller {
        LoopPoller { fds, timeout in
            let stdin = fds[0].fd
            fds[0].fd = input
            _ = Glibc.poll(&fds, nfds_t(fds.count), timeout)
            fds[0].fd = stdin
        }
    }
}
