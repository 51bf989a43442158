// The demo's files under hostile conditions (reliability review 2026-12-03): planted symbolic
// links at temporary names, signals during `render`, a full disk, names too long for the file
// system, FIFOs, a closed standard output and Fontconfig's debug output.

import Foundation
import Testing

/// What one run of `demo` through ``runDemoProcess(_:shell:environment:timeout:whileRunning:)``
/// did.
struct DemoProcessRun {
  /// The exit status, or the signal's number when a signal ended the process.
  var status: Int32
  /// Whether a signal ended the process.
  var signaled: Bool
  /// Whether the run outlived its time limit and was killed.
  var timedOut: Bool
  var stdout: Data
  var stderr: String
}

/// Runs `demo` with `arguments`, its output captured through files, killing it after
/// `timeout` seconds.
///
/// - Parameters:
///   - arguments: The demo's command line, without the program name.
///   - shell: A `/bin/sh` script that runs the demo as `"$@"` (for `umask`, a closed
///     descriptor or a private mount); nil runs the demo directly.
///   - environment: Variables added to the test's environment.
///   - timeout: The most seconds the run may take.
///   - whileRunning: Called with the process once it started, before the wait.
/// - Returns: The exit status and the output.
/// - Throws: When the demo cannot be found or started, or `whileRunning` throws.
func runDemoProcess(
  _ arguments: [String], shell: String? = nil, environment: [String: String] = [:],
  timeout: Double = 60, whileRunning: (Process) throws -> Void = { _ in }
) throws -> DemoProcessRun {
  let scratch = try ScratchDirectory()
  defer { scratch.remove() }
  let outURL = scratch.url.appendingPathComponent("stdout")
  let errURL = scratch.url.appendingPathComponent("stderr")
  #expect(FileManager.default.createFile(atPath: outURL.path, contents: nil))
  #expect(FileManager.default.createFile(atPath: errURL.path, contents: nil))
  let outHandle = try FileHandle(forWritingTo: outURL)
  let errHandle = try FileHandle(forWritingTo: errURL)
  let process = Process()
  let demo = try demoExecutable().path
  if let shell {
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", shell, "sh", demo] + arguments
  } else {
    process.executableURL = URL(fileURLWithPath: demo)
    process.arguments = arguments
  }
  process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
  process.standardInput = FileHandle.nullDevice
  process.standardOutput = outHandle
  process.standardError = errHandle
  let exited = DispatchSemaphore(value: 0)
  process.terminationHandler = { _ in exited.signal() }
  try process.run()
  do {
    try whileRunning(process)
  } catch {
    kill(process.processIdentifier, SIGKILL)
    exited.wait()
    throw error
  }
  var timedOut = false
  if exited.wait(timeout: .now() + timeout) == .timedOut {
    timedOut = true
    kill(process.processIdentifier, SIGKILL)
    exited.wait()
  }
  try outHandle.close()
  try errHandle.close()
  return DemoProcessRun(
    status: process.terminationStatus,
    signaled: process.terminationReason == .uncaughtSignal,
    timedOut: timedOut,
    stdout: try Data(contentsOf: outURL),
    stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
}

/// Whether this process may mount a small tmpfs in a private mount namespace (root with
/// `unshare`), as the full-disk test needs.
let canMountPrivateTmpfs: Bool = {
  guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else {
    return false
  }
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
  process.arguments = ["-m", "/bin/sh", "-c", "mount -t tmpfs -o size=16k tmpfs /mnt"]
  process.standardOutput = FileHandle.nullDevice
  process.standardError = FileHandle.nullDevice
  guard (try? process.run()) != nil else { return false }
  process.waitUntilExit()
  return process.terminationReason == .exit && process.terminationStatus == 0
}()

@Suite("demo files under hostile conditions")
struct DemoFileSafetyTests {
  @Test(
    "A full disk names the cause: No space left on device, exit 1, no partial file (D11)",
    .enabled(if: canMountPrivateTmpfs, "needs root and unshare to mount a small tmpfs"))
  func fullDiskNamesTheCause() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let out = scratch.url.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    // A 16 KiB tmpfs over `out`, seen only by the demo (a private mount namespace); what is
    // left in it is listed on standard error after the demo's message.
    let run = try runDemoProcess(
      ["render", "--screen", "iPad", "--out", out.path],
      shell: #"exec unshare -m /bin/sh -c 'mount -t tmpfs -o size=16k tmpfs "$OUT" || exit 99; "#
        + #""$@"; status=$?; echo "left: $(ls -A "$OUT")" >&2; exit $status' sh "$@""#,
      environment: ["OUT": out.path])
    #expect(!run.signaled && !run.timedOut)
    #expect(run.status == 1, "\(run.stderr)")
    #expect(
      run.stderr.contains("/iPad.png: cannot write the file: No space left on device"),
      "\(run.stderr)")
    #expect(run.stderr.hasSuffix("left: \n"), "\(run.stderr)")
    #expect(!run.stderr.contains("libpng"), "\(run.stderr)")
  }

  @Test("render never follows a symbolic link planted at a temporary name; modes follow umask (D4)")
  func plantedLinksAreNotFollowed() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let shared = scratch.url.appendingPathComponent("shared")
    try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
    let precious = try scratch.write("precious.txt", "precious\n")
    // The old names, `.NAME.PID.tmp`, for the next few thousand process ids, and names of the
    // new form (`.NAME.` + ten characters + `.tmp`) made with the same alphabet.
    let lastPID =
      Int(
        (try? String(contentsOfFile: "/proc/sys/kernel/ns_last_pid", encoding: .utf8))?
          .trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? Int(getpid())
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
    var planted: Set<String> = []
    for name in ["iPhone-5.png", "contact-sheet.png"] {
      for pid in lastPID + 1...lastPID + 3_000 { planted.insert(".\(name).\(pid).tmp") }
      for index in 0..<500 {
        let random = String((0..<10).map { alphabet[($0 * 7 + index * 13) % alphabet.count] })
        planted.insert(".\(name).\(random).tmp")
      }
    }
    for name in planted {
      try FileManager.default.createSymbolicLink(
        atPath: shared.appendingPathComponent(name).path, withDestinationPath: precious)
    }
    let run = try runDemoProcess(
      ["render", "--screen", "iPhone 5", "--out", shared.path], shell: #"umask 027; exec "$@""#)
    #expect(run.status == 0 && !run.signaled, "\(run.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: precious)) == Data("precious\n".utf8))
    let names = Set(try FileManager.default.contentsOfDirectory(atPath: shared.path))
    #expect(names.subtracting(planted) == ["iPhone-5.png", "contact-sheet.png"])
    for name in ["iPhone-5.png", "contact-sheet.png"] {
      var status = stat()
      try #require(lstat(shared.appendingPathComponent(name).path, &status) == 0)
      #expect(status.st_mode & S_IFMT == S_IFREG, "\(name) is not a regular file")
      #expect(status.st_mode & 0o777 == 0o640, "\(name): mode \(String(status.st_mode, radix: 8))")
    }
  }

  @Test(
    "A signal during render removes the temporary file and ends the demo by that signal (D9)",
    arguments: [SIGINT, SIGTERM])
  func signalRemovesTemporaryFile(_ signal: Int32) throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let out = scratch.url.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    // A picture of 36 million pixels takes seconds to compress. The demo is started from a
    // test thread that blocks these signals; it unblocks them itself.
    let catalog = try scratch.write(
      "big.json", #"{"screens": [{"name": "Big", "width": 3000, "height": 3000, "scale": 2}]}"#)
    var sawTemporaryFile = false
    let run = try runDemoProcess(
      ["render", "--screens", catalog, "--screen", "Big", "--out", out.path]
    ) { process in
      let deadline = Date().addingTimeInterval(60)
      while Date() < deadline, process.isRunning {
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path)
        if names.contains(where: { $0.hasSuffix(".tmp") }) {
          sawTemporaryFile = true
          break
        }
        usleep(2_000)
      }
      kill(process.processIdentifier, signal)
    }
    #expect(sawTemporaryFile, "no temporary file appeared")
    #expect(run.signaled && run.status == signal, "status \(run.status): \(run.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == [])
  }

  @Test("A screen whose file name would pass 255 bytes is exit 2 before anything is written (D10)")
  func longScreenNameIsRefusedFirst() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let out = scratch.url.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    // 235 letters make a 239-byte file name, the longest; one more is refused.
    let longest = String(repeating: "A", count: 235)
    let tooLong = String(repeating: "B", count: 236)
    let catalog = try scratch.write(
      "screens.json",
      """
      {"screens": [{"name": "\(longest)", "width": 20, "height": 20},
                   {"name": "\(tooLong)", "width": 20, "height": 20}]}
      """)
    let refused = try runDemoProcess([
      "render", "--screens", catalog, "--screen", "iPhone 4s", "--screen", longest, "--screen",
      tooLong, "--out", out.path,
    ])
    #expect(refused.status == 2 && !refused.signaled, "\(refused.stderr)")
    #expect(
      refused.stderr.contains(
        "screen \(tooLong): its file name would be 240 bytes, more than 239 (a file name may "
          + "have 255 bytes, and the temporary name adds 16)"), "\(refused.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == [])
    let written = try runDemoProcess([
      "render", "--screens", catalog, "--screen", longest, "--out", out.path,
    ])
    #expect(written.status == 0, "\(written.stderr)")
    #expect(
      Set(try FileManager.default.contentsOfDirectory(atPath: out.path)) == [
        longest + ".png", "contact-sheet.png",
      ])
  }

  @Test("A FIFO as the layout is read to the end with a writer, and refused without one (D12)")
  func fifoLayout() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let fifo = scratch.url.appendingPathComponent("layout.json").path
    try #require(mkfifo(fifo, 0o600) == 0)
    // No writer: refused at once (it waited in open forever).
    let alone = try runDemoProcess([fifo, "--screen", "iPhone 5"], timeout: 20)
    #expect(!alone.timedOut, "no exit within 20 s")
    #expect(alone.status == 2 && !alone.signaled, "\(alone.stderr)")
    #expect(
      alone.stderr.contains("\(fifo): cannot be read: a FIFO with no writer"), "\(alone.stderr)")
    // A writer that has the FIFO open (read-write, so that opening does not wait) and takes
    // its time: it writes only once the demo has opened the FIFO, then closes it.
    let sample = packageRoot.appendingPathComponent("Demo/Resources/sample.json").path
    let text = try Data(contentsOf: URL(fileURLWithPath: sample))
    let writer = open(fifo, O_RDWR | O_CLOEXEC)
    try #require(writer >= 0)
    var writerOpen = true
    defer { if writerOpen { close(writer) } }
    let fed = try runDemoProcess([fifo, "--screen", "iPhone 5"], timeout: 20) { process in
      let descriptors = "/proc/\(process.processIdentifier)/fd"
      let deadline = Date().addingTimeInterval(20)
      func demoHasItOpen() -> Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: descriptors)) ?? []
        return names.contains {
          (try? FileManager.default.destinationOfSymbolicLink(atPath: descriptors + "/" + $0))
            == fifo
        }
      }
      while Date() < deadline, process.isRunning, !demoHasItOpen() { usleep(5_000) }
      usleep(200_000)
      let written = text.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
      #expect(written == text.count)
      close(writer)
      writerOpen = false
    }
    #expect(!fed.timedOut, "no exit within 20 s")
    #expect(fed.status == 0, "\(fed.stderr)")
    let direct = try runDemoProcess([sample, "--screen", "iPhone 5"])
    #expect(!fed.stdout.isEmpty && fed.stdout == direct.stdout)
  }

  @Test("A FIFO or device in a font directory is exit 2 naming it, not a hang in Fontconfig (D12)")
  func specialFileInFontDirectory() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let fonts = scratch.url.appendingPathComponent("fonts")
    let nested = fonts.appendingPathComponent("nested")
    try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
      toPath: fonts.appendingPathComponent("DejaVuSans.ttf").path)
    // A hidden FIFO is skipped, as Fontconfig skips it.
    try #require(mkfifo(fonts.appendingPathComponent(".hidden.ttf").path, 0o600) == 0)
    let fine = try runDemoProcess(["fonts", "DejaVu Sans 12", "--only-fonts", fonts.path])
    #expect(fine.status == 0 && !fine.timedOut, "\(fine.stderr)")
    for (entry, kind) in [("nested/x.ttf", "a FIFO"), ("nested/zero.ttf", "a character device")] {
      let path = fonts.appendingPathComponent(entry).path
      if kind == "a FIFO" {
        try #require(mkfifo(path, 0o600) == 0)
      } else {
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
      }
      for arguments in [
        ["fonts", "DejaVu Sans 12", "--only-fonts", fonts.path],
        ["--screen", "iPhone 5", "--font-dir", fonts.path],
      ] {
        let run = try runDemoProcess(arguments, timeout: 20)
        #expect(!run.timedOut, "\(arguments): no exit within 20 s")
        #expect(run.status == 2 && !run.signaled, "\(arguments): \(run.stderr)")
        #expect(
          run.stderr.contains(
            "\(arguments[2]) \(fonts.path): \(path) is \(kind), not a font file; a font "
              + "directory may hold only regular files and directories"), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
      }
      try FileManager.default.removeItem(atPath: path)
    }
  }

  @Test("With standard output closed the message says so, not some other file's errno (D14)")
  func closedStandardOutput() throws {
    for arguments in [["--version"], ["--screen", "iPhone 5"], ["screens"]] {
      let run = try runDemoProcess(arguments, shell: #"exec "$@" >&-"#)
      #expect(run.status == 1 && !run.signaled, "\(arguments): \(run.stderr)")
      #expect(
        run.stderr == "demo: cannot write the output: standard output is closed\n",
        "\(arguments): \(run.stderr)")
    }
    // A command that writes nothing there does not need it.
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let drawn = try runDemoProcess(
      ["render", "--screen", "iPhone 5", "--out", scratch.url.path], shell: #"exec "$@" >&-"#)
    #expect(drawn.status == 0, "\(drawn.stderr)")
  }

  @Test("FC_DEBUG's traces go to standard error; the JSON dump on standard output parses (D16)")
  func fontconfigDebugOutputStaysOffTheDump() throws {
    let run = try runDemoProcess(
      ["--format", "json", "--screen", "iPhone 5"], environment: ["FC_DEBUG": "1"])
    #expect(run.status == 0, "\(run.stderr.prefix(500))")
    let top = try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any]
    #expect((top?["screens"] as? [Any])?.count == 1)
    #expect(run.stderr.contains("Match Pattern"), "Fontconfig printed no trace")
    let plain = try runDemoProcess(["--format", "json", "--screen", "iPhone 5"])
    #expect(run.stdout == plain.stdout)
  }
}
