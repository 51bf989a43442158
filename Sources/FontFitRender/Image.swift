// Pixels: an image that owns its RGBA8 pixels, and a view of pixels an app owns.

import FontFitEngine
import FontFitFontModel
import FontFitText
import FontFitWidgets

/// Why a tree cannot be drawn or its picture written.
public enum RenderError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The scale is not a positive finite number.
  case invalidScale(Double)
  /// An image would have more pixels than ``RGBAImage/maximumPixelCount``.
  case tooLarge(width: Int, height: Int)
  /// A pixel buffer's size or row length is impossible.
  case invalidBuffer(String)
  /// A widget changed since it was last laid out, or never was.
  case needsLayout(widgetID: String)
  /// The tree is in no environment, so there is no screen.
  case noEnvironment(rootID: String)
  /// A glyph could not be rasterised.
  case font(FontError)
  /// The PNG file could not be written.
  case output(path: String, message: String)

  /// A sentence saying what failed.
  public var description: String {
    switch self {
    case .invalidScale(let scale):
      "the scale \(TextFormat.string(scale)) is not a positive finite number"
    case .tooLarge(let width, let height):
      "a \(width)×\(height) image would have more than \(RGBAImage.maximumPixelCount) pixels"
    case .invalidBuffer(let reason): "invalid pixel buffer: \(reason)"
    case .needsLayout(let id):
      "widget \"\(id)\" needs layout; call layoutIfNeeded() before drawing"
    case .noEnvironment(let id): "the tree \"\(id)\" is not in an environment"
    case .font(let error): error.description
    case .output(let path, let message): "\(path): \(message)"
    }
  }
}

/// Pixels someone else owns: rows of 8-bit RGBA (straight, not premultiplied, alpha), as an
/// app hands a texture's or a window surface's memory to ``WidgetRenderer``.
///
/// The buffer only points at the memory; the caller keeps it alive and unshared while a
/// renderer draws into it.
public struct PixelBuffer {
  /// The first pixel of the first row.
  public let base: UnsafeMutablePointer<UInt8>
  /// Pixels per row.
  public let width: Int
  /// Rows.
  public let height: Int
  /// Bytes from one row to the next (at least `width × 4`).
  public let bytesPerRow: Int

  /// Wraps memory of `height` rows of `bytesPerRow` bytes, each holding `width` RGBA pixels.
  ///
  /// - Throws: ``RenderError/invalidBuffer(_:)`` for a negative size or rows too short.
  public init(base: UnsafeMutablePointer<UInt8>, width: Int, height: Int, bytesPerRow: Int)
    throws(RenderError)
  {
    guard width >= 0, height >= 0 else {
      throw .invalidBuffer("the size \(width)×\(height) is negative")
    }
    let (rowBytes, overflow) = width.multipliedReportingOverflow(by: 4)
    guard !overflow, bytesPerRow >= rowBytes else {
      throw .invalidBuffer("rows of \(bytesPerRow) bytes cannot hold \(width) RGBA pixels")
    }
    self.base = base
    self.width = width
    self.height = height
    self.bytesPerRow = bytesPerRow
  }

  /// The part of this buffer from column `x` and row `y`, `width` × `height` pixels, cut to
  /// the buffer; drawing into it draws into this buffer.
  func region(x: Int, y: Int, width: Int, height: Int) -> PixelBuffer? {
    guard x >= 0, y >= 0, x + width <= self.width, y + height <= self.height else { return nil }
    return try? PixelBuffer(
      base: base + y * bytesPerRow + x * 4, width: width, height: height,
      bytesPerRow: bytesPerRow)
  }

  /// Blends `color`, its alpha scaled by `coverage` (0–255), over the pixel at (`x`, `y`);
  /// pixels outside the buffer are left alone.
  func blend(_ color: Color, coverage: Int = 255, x: Int, y: Int) {
    guard x >= 0, y >= 0, x < width, y < height else { return }
    let alpha = (Int(color.alpha) * coverage + 127) / 255
    guard alpha > 0 else { return }
    let pixel = base + y * bytesPerRow + x * 4
    let below = Int(pixel[3])
    if below == 255 || alpha == 255 {
      func mix(_ source: UInt8, _ channel: Int) {
        pixel[channel] = UInt8(
          (Int(source) * alpha + Int(pixel[channel]) * (255 - alpha) + 127) / 255)
      }
      mix(color.red, 0)
      mix(color.green, 1)
      mix(color.blue, 2)
      pixel[3] = UInt8(below == 255 ? 255 : alpha + (below * (255 - alpha) + 127) / 255)
      return
    }
    // Straight alpha over a translucent pixel: weigh each by its own alpha.
    let behind = below * (255 - alpha)
    let total = alpha * 255 + behind
    guard total > 0 else { return }
    func mix(_ source: UInt8, _ channel: Int) {
      pixel[channel] = UInt8(
        (Int(source) * alpha * 255 + Int(pixel[channel]) * behind + total / 2) / total)
    }
    mix(color.red, 0)
    mix(color.green, 1)
    mix(color.blue, 2)
    pixel[3] = UInt8((total + 127) / 255)
  }

  /// Composites a premultiplied colour (`red`, `green`, `blue` at most `alpha`), its alpha
  /// scaled by `opacity` (0–255), over the pixel at (`x`, `y`): Porter–Duff "over", as a colour
  /// glyph is drawn; pixels outside the buffer are left alone.
  func blend(
    premultiplied red: UInt8, _ green: UInt8, _ blue: UInt8, alpha: UInt8, opacity: Int = 255,
    x: Int, y: Int
  ) {
    guard x >= 0, y >= 0, x < width, y < height else { return }
    let source = Int(alpha) * opacity
    guard source > 0 else { return }
    let pixel = base + y * bytesPerRow + x * 4
    // In 255³ units: what shows of the pixel below through the source, and the result's
    // alpha.
    let behind = Int(pixel[3]) * (255 * 255 - source)
    let total = source * 255 + behind
    func mix(_ channel: UInt8, _ index: Int) {
      // The premultiplied source plus the premultiplied pixel below, made straight again.
      let value =
        (Int(channel) * opacity * 255 * 255 + Int(pixel[index]) * behind + total / 2) / total
      pixel[index] = UInt8(min(value, 255))
    }
    mix(red, 0)
    mix(green, 1)
    mix(blue, 2)
    pixel[3] = UInt8(min((total + 255 * 255 / 2) / (255 * 255), 255))
  }

  /// Fills the pixels of `rect` (columns `x0..<x1`, rows `y0..<y1`, cut to the buffer) by
  /// blending `color` over them.
  func fill(_ color: Color, x0: Int, y0: Int, x1: Int, y1: Int) {
    let left = max(0, x0)
    let right = min(width, x1)
    let top = max(0, y0)
    let bottom = min(height, y1)
    guard left < right, top < bottom else { return }
    for row in top..<bottom {
      for column in left..<right { blend(color, x: column, y: row) }
    }
  }
}

/// The pixel edge nearest to `points` at `scale` pixels per point, within ±2³¹ (the
/// renderer's and the contact sheet's one rounding rule).
func pixelEdge(_ points: Double, scale: Double) -> Int {
  let value = (points * scale).rounded()
  guard value.isFinite else { return value > 0 ? Int(Int32.max) : Int(Int32.min) }
  return Int(max(Double(Int32.min), min(value, Double(Int32.max))))
}

/// An image that owns its pixels: rows of 8-bit RGBA, straight alpha, no padding.
public struct RGBAImage: Hashable, Sendable {
  /// Pixels per row.
  public let width: Int
  /// Rows.
  public let height: Int
  /// `width × height × 4` bytes, row by row: red, green, blue, alpha.
  public internal(set) var pixels: [UInt8]

  /// The most pixels an image may have (64 Mi, 256 MiB of RGBA): a screen or sheet bigger
  /// than that is refused rather than allocated.
  public static let maximumPixelCount = 64 * 1024 * 1024

  /// An image of `width` × `height` pixels filled with `color` (transparent by default).
  ///
  /// - Throws: ``RenderError/tooLarge(width:height:)`` beyond ``maximumPixelCount``, and
  ///   ``RenderError/invalidBuffer(_:)`` for a negative size.
  public init(width: Int, height: Int, color: Color = Color(red: 0, green: 0, blue: 0, alpha: 0))
    throws(RenderError)
  {
    guard width >= 0, height >= 0 else {
      throw .invalidBuffer("the size \(width)×\(height) is negative")
    }
    guard width == 0 || height <= Self.maximumPixelCount / width else {
      throw .tooLarge(width: width, height: height)
    }
    self.width = width
    self.height = height
    pixels = [UInt8](repeating: 0, count: width * height * 4)
    for index in stride(from: 0, to: pixels.count, by: 4) {
      pixels[index] = color.red
      pixels[index + 1] = color.green
      pixels[index + 2] = color.blue
      pixels[index + 3] = color.alpha
    }
  }

  /// The pixel at column `x` and row `y`.
  public subscript(x: Int, y: Int) -> Color {
    let index = (y * width + x) * 4
    return Color(
      red: pixels[index], green: pixels[index + 1], blue: pixels[index + 2],
      alpha: pixels[index + 3])
  }

  /// Calls `body` with a ``PixelBuffer`` over this image's pixels, to draw into them.
  public mutating func withPixelBuffer<Result>(
    _ body: (PixelBuffer) throws(RenderError) -> Result
  ) throws(RenderError) -> Result {
    let width = width
    let height = height
    return try pixels.withUnsafeMutableBufferPointer {
      (pointer) throws(RenderError) -> Result in
      guard let base = pointer.baseAddress else {
        // An empty image: a buffer of nothing, over a byte that is never written.
        var nothing: UInt8 = 0
        return try withUnsafeMutablePointer(to: &nothing) { (byte) throws(RenderError) in
          try body(PixelBuffer(base: byte, width: 0, height: 0, bytesPerRow: 0))
        }
      }
      return try body(
        PixelBuffer(base: base, width: width, height: height, bytesPerRow: width * 4))
    }
  }
}
