import Foundation
import Testing

@testable import FontFitRender

// Writing PNG files safely: the cause of a failed write, temporary names nobody can predict
// or redirect, and names too long for the file system (reliability review 2026-12-03).

@Suite("PNG files")
struct PNGFileTests {
  /// A fresh directory; the caller removes it.
  static func scratchDirectory() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("png-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test("A write to a full device names the cause, not libpng's \"Write Error\" (D11)")
  func fullDeviceNamesTheCause() throws {
    let image = try RGBAImage(width: 64, height: 64, color: .white)
    let descriptor = open("/dev/full", O_WRONLY | O_CLOEXEC)
    try #require(descriptor >= 0, "cannot open /dev/full")
    defer { close(descriptor) }
    let error = #expect(throws: RenderError.self) {
      try image.writePNG(toDescriptor: descriptor, path: "/dev/full")
    }
    guard case .output(let path, let message) = error else {
      Issue.record("not an output error: \(String(describing: error))")
      return
    }
    #expect(path == "/dev/full")
    #expect(message == "cannot write the file: No space left on device", "\(message)")
  }

  /// The process's umask, read from `/proc/self/status` (calling `umask` would change it
  /// for the tests running alongside).
  static func currentUmask() throws -> mode_t {
    let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
    let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Umask:") })
    let digits = line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces)
    return try #require(mode_t(digits, radix: 8))
  }

  @Test("A symbolic link planted at the old temporary name .NAME.PID.tmp is not followed (D4)")
  func plantedLinkIsNotFollowed() throws {
    let folder = try Self.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let precious = folder.appendingPathComponent("precious.txt")
    try Data("precious\n".utf8).write(to: precious)
    // The old name used this process's id; links to the precious file at it and around it.
    let pid = Int(getpid())
    let planted = Set((pid - 50...pid + 50).map { ".x.png.\($0).tmp" })
    for name in planted {
      try FileManager.default.createSymbolicLink(
        atPath: folder.appendingPathComponent(name).path, withDestinationPath: precious.path)
    }
    let image = try RGBAImage(width: 8, height: 8, color: .white)
    let path = folder.appendingPathComponent("x.png").path
    try image.writePNG(to: path)
    #expect(try Data(contentsOf: precious) == Data("precious\n".utf8))
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect(attributes[.type] as? FileAttributeType == .typeRegular)
    #expect(try RGBAImage(pngFile: path) == image)
    // Besides the links, only the precious file and the picture: no temporary file is left.
    let names = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
    #expect(names.subtracting(planted) == ["precious.txt", "x.png"])
  }

  @Test("The file's mode is 0644 less the umask (fopen gave 0666 less the umask) (D4)")
  func modeIs0644LessUmask() throws {
    let folder = try Self.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("mode.png").path
    try RGBAImage(width: 2, height: 2, color: .white).writePNG(to: path)
    var status = stat()
    try #require(stat(path, &status) == 0)
    #expect(status.st_mode & 0o777 == 0o644 & ~(try Self.currentUmask()))
  }

  @Test("Eight threads writing one name at once all succeed and leave no temporary file (D4)")
  func concurrentWritesOfOneName() async throws {
    let folder = try Self.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("same.png").path
    let image = try RGBAImage(width: 300, height: 300, color: .white)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask { try image.writePNG(to: path) }
      }
      try await group.waitForAll()
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["same.png"])
    #expect(try RGBAImage(pngFile: path) == image)
  }

  @Test("A name longer than 239 bytes is refused before anything is created (D10)")
  func longNameIsRefused() throws {
    let folder = try Self.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let image = try RGBAImage(width: 2, height: 2, color: .white)
    #expect(RGBAImage.longestFileNameByteCount == 239)
    let longest = String(repeating: "é", count: 117) + "a.png"  // 239 bytes
    try image.writePNG(to: folder.appendingPathComponent(longest).path)
    let tooLong = String(repeating: "é", count: 117) + "ab.png"  // 240 bytes
    let error = #expect(throws: RenderError.self) {
      try image.writePNG(to: folder.appendingPathComponent(tooLong).path)
    }
    #expect(
      "\(String(describing: error))".contains(
        "the file name is 240 bytes, more than 239 (a file name may have 255, and the temporary "
          + "name adds 16)"), "\(String(describing: error))")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [longest])
  }
}
