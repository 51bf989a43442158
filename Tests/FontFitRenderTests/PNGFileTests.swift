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
}
