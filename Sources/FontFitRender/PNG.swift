import CPNGShim
import Foundation

extension RGBAImage {
  /// Reads the PNG file at `path` (any colour type and depth libpng reads), as 8-bit RGBA.
  ///
  /// - Throws: ``RenderError/output(path:message:)`` when the file cannot be read or is not
  ///   a PNG, or has more than ``maximumPixelCount`` pixels.
  public init(pngFile path: String) throws(RenderError) {
    var pixels: UnsafeMutablePointer<UInt8>?
    var width: UInt32 = 0
    var height: UInt32 = 0
    var message = [CChar](repeating: 0, count: 512)
    let status = fontfit_png_read(
      path, &pixels, &width, &height, UInt64(Self.maximumPixelCount), &message, message.count)
    guard status == 0, let pixels else {
      let text = message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
      throw .output(path: path, message: String(decoding: text, as: UTF8.self))
    }
    defer { free(pixels) }
    try self.init(width: Int(width), height: Int(height))
    let count = Int(width) * Int(height) * 4
    self.pixels = Array(UnsafeBufferPointer(start: pixels, count: count))
  }

  /// Writes the image as a PNG file at `path`.
  ///
  /// The file is written under a temporary name in the same directory and renamed into
  /// place, so a failed write leaves no partial file. The same pixels always give the same
  /// bytes: fixed compression, no time stamp.
  ///
  /// - Throws: ``RenderError/output(path:message:)`` when the file cannot be written.
  public func writePNG(to path: String) throws(RenderError) {
    let url = URL(fileURLWithPath: path)
    let temporary = url.deletingLastPathComponent()
      .appendingPathComponent(
        ".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp"
      )
      .path
    var message = [CChar](repeating: 0, count: 512)
    let status = pixels.withUnsafeBufferPointer { pixels in
      fontfit_png_write(
        temporary, pixels.baseAddress, UInt32(width), UInt32(height), width * 4, &message,
        message.count)
    }
    guard status == 0 else {
      unlink(temporary)
      let text = message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
      throw .output(path: path, message: String(decoding: text, as: UTF8.self))
    }
    guard rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw .output(path: path, message: "cannot move the written file into place: \(reason)")
    }
  }

  /// Writes the image's PNG bytes to the open file descriptor `descriptor`.
  ///
  /// The descriptor stays open; `path` names it in errors. The tests write to `/dev/full`
  /// through this.
  ///
  /// - Parameters:
  ///   - descriptor: An open file descriptor, written from its current offset.
  ///   - path: The name errors give the file.
  /// - Throws: ``RenderError/output(path:message:)`` with the failed write's cause.
  func writePNG(toDescriptor descriptor: Int32, path: String) throws(RenderError) {
    var message = [CChar](repeating: 0, count: 512)
    let status = pixels.withUnsafeBufferPointer { pixels in
      fontfit_png_write_to_descriptor(
        descriptor, pixels.baseAddress, UInt32(width), UInt32(height), width * 4, &message,
        message.count)
    }
    guard status == 0 else {
      let text = message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
      throw .output(path: path, message: String(decoding: text, as: UTF8.self))
    }
  }
}
