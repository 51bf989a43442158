import Foundation

/// The Pango peer (Peers/pango_peer.c): the same cases laid out by Pango in a child process, so
/// every ratio the bench states compares two figures measured in the same run.
struct PangoPeer {
  /// One case as Pango did it.
  struct Timing {
    /// Nanoseconds for one new layout of the text at its start size, extents read.
    var oneLayout: Double
    /// Nanoseconds for the binary-search fit over one layout on the 0.5pt grid.
    var binarySearch: Double
    /// The size the binary search chose.
    var pointSize: Double
  }

  /// The compiled peer.
  let binary: URL

  /// Compiles the peer with `cc` and `pkg-config pangocairo`, or returns why it cannot.
  static func build() -> Result<PangoPeer, PeerUnavailable> {
    let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Peers/pango_peer.c")
    let binary = FileManager.default.temporaryDirectory
      .appendingPathComponent("fontfit-pango-peer-\(ProcessInfo.processInfo.processIdentifier)")
    let command =
      "cc -O2 '\(source.path)' -o '\(binary.path)' $(pkg-config --cflags --libs pangocairo)"
    let (status, log) = shell(command, input: nil)
    guard status == 0 else {
      return .failure(
        PeerUnavailable(
          reason: "the Pango peer did not build (needs gcc and libpango1.0-dev, which "
            + "scripts/test installs): \(log.prefix(300))"))
    }
    return .success(PangoPeer(binary: binary))
  }

  /// Lays out `cases` in the peer and returns its timings, in order.
  func run(_ cases: [BenchCase]) throws(PeerUnavailable) -> [Timing] {
    let input =
      cases.map { benchCase in
        let text = benchCase.text.replacingOccurrences(of: "\\", with: "\\\\")
          .replacingOccurrences(of: "\n", with: "\\n")
        return [
          benchCase.face, "\(benchCase.font.pointSize)", "\(benchCase.width)",
          "\(benchCase.height)", "\(benchCase.maximumLines)", text,
        ].joined(separator: "\t")
      }.joined(separator: "\n") + "\n"
    let (status, output) = Self.shell("'\(binary.path)'", input: input)
    let rows = output.split(separator: "\n")
    guard status == 0, rows.count == cases.count else {
      throw PeerUnavailable(reason: "the Pango peer failed (\(status)): \(output.prefix(300))")
    }
    var timings: [Timing] = []
    for row in rows {
      let fields = row.split(separator: "\t").compactMap { Double($0) }
      guard fields.count == 3 else {
        throw PeerUnavailable(reason: "the Pango peer wrote \"\(row.prefix(80))\"")
      }
      timings.append(Timing(oneLayout: fields[0], binarySearch: fields[1], pointSize: fields[2]))
    }
    return timings
  }

  /// Removes the compiled peer.
  func remove() {
    try? FileManager.default.removeItem(at: binary)
  }

  /// Runs `command` with `sh -c`, `input` on its standard input; returns its status and output.
  private static func shell(_ command: String, input: String?) -> (Int32, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command + " 2>&1"]
    let output = Pipe()
    let inputPipe = Pipe()
    process.standardOutput = output
    process.standardInput = inputPipe
    do { try process.run() } catch { return (127, "\(error)") }
    // The input is written on another thread, so a peer that answers as it reads cannot
    // fill the output pipe while this thread still writes.
    let writer = Thread {
      if let input { inputPipe.fileHandleForWriting.write(Data(input.utf8)) }
      try? inputPipe.fileHandleForWriting.close()
    }
    writer.start()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}

/// Why the bench cannot measure a peer; the bench prints it instead of the peer's figures.
struct PeerUnavailable: Error {
  /// What is missing or what failed.
  var reason: String
}
