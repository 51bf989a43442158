// Standard output, claimed once at startup before anything opens a file.

import Foundation

/// Where the demo writes its output.
struct StandardOutput: Sendable {
  /// The descriptor the output goes to; nil when the demo was started with standard output
  /// closed (`demo >&-`).
  let descriptor: Int32?

  /// Takes descriptor 1 as the demo was started with it, for the demo's output alone.
  ///
  /// Open, it is duplicated to a descriptor of the demo's own, which the output goes to, and
  /// descriptor 1 then points at standard error: what a library prints to standard output
  /// (Fontconfig's `FC_DEBUG` traces, with `printf`) goes to standard error, and a dump stays
  /// valid JSON. Closed, descriptor 1 is held on `/dev/null`: otherwise the next file opened
  /// (a font, a layout, a PNG being written) would get it, output would go into that file or
  /// fail with its errno, and the message would not say that standard output is closed.
  static func claim() -> StandardOutput {
    guard fcntl(STDOUT_FILENO, F_GETFD) == -1, errno == EBADF else {
      let own = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3)
      // Without a spare descriptor the output shares descriptor 1 with the libraries.
      guard own >= 0 else { return StandardOutput(descriptor: STDOUT_FILENO) }
      hold(STDOUT_FILENO, on: fcntl(STDERR_FILENO, F_GETFD) == -1 ? nil : STDERR_FILENO)
      return StandardOutput(descriptor: own)
    }
    hold(STDOUT_FILENO, on: nil)
    return StandardOutput(descriptor: nil)
  }

  /// Points `descriptor` at the file of `target`, or at `/dev/null` when it is nil.
  private static func hold(_ descriptor: Int32, on target: Int32?) {
    if let target {
      dup2(target, descriptor)
      return
    }
    let placeholder = open("/dev/null", O_WRONLY)
    if placeholder >= 0, placeholder != descriptor {
      dup2(placeholder, descriptor)
      close(placeholder)
    }
  }
}

/// The demo's standard output; `run()` reads it first, so that it is claimed before anything
/// opens a file.
let standardOutput = StandardOutput.claim()
