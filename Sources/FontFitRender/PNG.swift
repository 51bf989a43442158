import CPNGShim

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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

  /// The longest file name (the last part of a path, in UTF-8 bytes) ``writePNG(to:)`` writes:
  /// 255, the most Linux file systems allow, less the 16 bytes the temporary name adds.
  public static let longestFileNameByteCount = Int(FONTFIT_PNG_LONGEST_NAME)

  /// The most ``writePNG(to:)`` calls at once whose temporary files
  /// ``removeTemporaryFilesOnSignals()`` removes on a signal: a program that writes more at
  /// once could leave some behind.
  public static let concurrentWriteLimit = Int(FONTFIT_PNG_SLOT_COUNT)

  /// Makes SIGHUP, SIGINT and SIGTERM remove the temporary files of the PNG writes under way,
  /// then end the process as the signal's default action would.
  ///
  /// ``writePNG(to:)`` records each temporary file's name (up to 16 writes at once) in a
  /// static buffer before the file exists and clears it once the file is renamed or removed;
  /// the handler only unlinks and re-raises, so it is async-signal-safe. A signal that is
  /// ignored, or that the app already handles, is left alone. SIGKILL cannot be caught: after
  /// it a temporary file (`.NAME.` + ten characters + `.tmp`) may remain. Call this once,
  /// early; a command-line tool that writes pictures should.
  public static func removeTemporaryFilesOnSignals() {
    fontfit_png_remove_temporary_files_on_signals()
  }

  /// Writes the image as a PNG file at `path`.
  ///
  /// The file is written under a new temporary name in the same directory (`.NAME.` and ten
  /// random characters and `.tmp`, created exclusively, never through a symbolic link, mode
  /// 0644 less the umask), flushed to disk and renamed into place, so a failed write leaves
  /// no partial file and a link planted in a shared directory is never followed. The same
  /// pixels always give the same bytes: fixed compression, no time stamp.
  ///
  /// - Throws: ``RenderError/output(path:message:)`` when the file cannot be written, with
  ///   the cause (`No space left on device`), or when its name is longer than
  ///   ``longestFileNameByteCount`` bytes.
  public func writePNG(to path: String) throws(RenderError) {
    try encode(naming: path) { pixels, message in
      fontfit_png_write(
        path, pixels, UInt32(width), UInt32(height), width * 4, &message, message.count)
    }
  }

  /// Runs one of the C writers on the pixels, turning its status and message into an error
  /// naming `path`.
  private func encode(
    naming path: String, _ write: (UnsafePointer<UInt8>?, inout [CChar]) -> Int32
  ) throws(RenderError) {
    var message = [CChar](repeating: 0, count: 512)
    let status = pixels.withUnsafeBufferPointer { write($0.baseAddress, &message) }
    guard status == 0 else {
      let text = message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
      throw .output(path: path, message: String(decoding: text, as: UTF8.self))
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
    try encode(naming: path) { pixels, message in
      fontfit_png_write_to_descriptor(
        descriptor, pixels, UInt32(width), UInt32(height), width * 4, &message, message.count)
    }
  }
}
