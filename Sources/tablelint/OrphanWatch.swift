import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ends a language-server worker whose supervisor is gone, even while it is busy.
///
/// A worker ends when its input closes, which its supervisor's death does; but it reads its input only between
/// analyses, so a worker in the middle of a long one (a first read of a large workspace) outlived a `SIGKILL`ed
/// supervisor by as long as the analysis took, and one whose input another process still held open lived on. The
/// worker's parent is its supervisor; when the process is re-parented (to init, or to a subreaper) the supervisor has
/// gone, and nothing the worker computes can reach anyone.
///
/// Why polling and not `prctl(PR_SET_PDEATHSIG)`: Linux sends that signal when the *thread* that started the child
/// ends, and the supervisor starts workers from libdispatch's pool, whose threads end when idle; it would kill
/// healthy workers. A check every half second costs nothing measurable.
enum OrphanWatch {
  /// Starts the watch: the process exits with status 1 once its parent is not `supervisor` (the process id the
  /// supervisor passed, which the worker checks against from its first instant: a supervisor gone before the worker
  /// started is noticed too), or, without one, no longer the parent it has now.
  static func start(supervisor: pid_t?, interval: TimeInterval = 0.5) {
    let parent = supervisor ?? getppid()
    let thread = Thread {
      while true {
        if getppid() != parent {
          FileHandle.standardError.write(Data("tablelint lsp --worker: the supervisor is gone; exiting\n".utf8))
          _exit(1)
        }
        Thread.sleep(forTimeInterval: interval)
      }
    }
    thread.name = "orphan watch"
    thread.stackSize = 64 * 1024
    thread.start()
  }
}
