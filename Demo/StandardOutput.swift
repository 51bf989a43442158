// Standard output, claimed once at startup before anything opens a file.

import Foundation

/// Where the demo writes its output.
struct StandardOutput: Sendable {
  /// The descriptor the output goes to; nil when the demo was started with standard output
  /// closed (`demo >&-`).
  let descriptor: Int32?

  /// Looks at descriptor 1 as the demo was started with it.
  ///
  /// Closed, it is held on `/dev/null`: otherwise the next file opened (a font, a layout, a
  /// PNG being written) would get descriptor 1, output would go into it or fail with some
  /// other file's errno, and the message would not say that standard output is closed.
  static func claim() -> StandardOutput {
    guard fcntl(STDOUT_FILENO, F_GETFD) == -1, errno == EBADF else {
      return StandardOutput(descriptor: STDOUT_FILENO)
    }
    let placeholder = open("/dev/null", O_WRONLY)
    if placeholder >= 0, placeholder != STDOUT_FILENO {
      dup2(placeholder, STDOUT_FILENO)
      close(placeholder)
    }
    return StandardOutput(descriptor: nil)
  }
}

/// The demo's standard output; `run()` reads it first, so that it is claimed before anything
/// opens a file.
let standardOutput = StandardOutput.claim()
