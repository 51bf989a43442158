// swift-format-ignore-file: AlwaysUseLowerCamelCase
// Drawing a laid-out screen from C into pixels the app owns: straight RGBA, or cairo's
// premultiplied native-endian ARGB32.

import FontFit

/// Draws a widget of a screen into the app's pixels.
@c public func ff_screen_draw(
  _ screen: OpaquePointer?, _ widget: UInt, _ pixels: UnsafeMutablePointer<UInt8>?,
  _ width: Int32, _ height: Int32, _ stride: Int32, _ format: Int32, _ scale: Double,
  _ flags: UInt32, _ error: OpaquePointer?
) -> Int32 {
  call(error) { () throws(APIError) in
    let object = try requireScreen(screen)
    guard widget < UInt(object.widgets.count) else {
      throw .invalidArgument(
        "widget \(widget) is out of range: the screen has \(object.widgets.count)")
    }
    guard let pixels else { throw .invalidArgument("pixels is NULL") }
    let premultiplied = try enumeration(
      format, [false, true], name: "format",
      names: "FF_FORMAT_RGBA8 or FF_FORMAT_ARGB32_PREMULTIPLIED")
    guard width >= 0, height >= 0 else {
      throw .invalidArgument("the buffer's size \(width)×\(height) is negative")
    }
    guard Int(stride) >= Int(width) * 4 else {
      throw .invalidArgument("a stride of \(stride) bytes cannot hold \(width) pixels of 4 bytes")
    }
    guard Int(width) * Int(height) <= RGBAImage.maximumPixelCount else {
      throw .invalidArgument(
        "a \(width)×\(height) buffer has more than \(RGBAImage.maximumPixelCount) pixels")
    }
    guard scale == 0 || (scale.isFinite && scale > 0 && scale <= 64) else {
      throw .invalidArgument("scale must be 0 (the screen's) or in (0, 64], not \(scale)")
    }
    guard flags & ~1 == 0 else { throw .invalidArgument("unknown flags \(flags)") }
    do {
      let renderer = try WidgetRenderer(
        fonts: object.fonts, scale: scale == 0 ? object.screen.scale : scale,
        drawsFrames: flags & 1 != 0)
      try object.withView(Int(widget)) { (view) throws(APIError) in
        do throws(RenderError) {
          if premultiplied {
            try drawPremultiplied(
              view, renderer: renderer, pixels: pixels, width: Int(width), height: Int(height),
              stride: Int(stride))
          } else {
            let buffer = try PixelBuffer(
              base: pixels, width: Int(width), height: Int(height), bytesPerRow: Int(stride))
            try renderer.renderWidget(view, into: buffer)
          }
        } catch {
          throw APIError(status: .renderError, message: error.description)
        }
      }
    } catch let error as APIError {
      throw error
    } catch {
      throw APIError(status: .renderError, message: "\(error)")
    }
  }
}

/// Draws `view` into a transparent straight-alpha layer, then composites it over cairo's
/// premultiplied ARGB32 words (0xAARRGGBB in native byte order).
private func drawPremultiplied(
  _ view: View, renderer: WidgetRenderer, pixels: UnsafeMutablePointer<UInt8>, width: Int,
  height: Int, stride: Int
) throws(RenderError) {
  var layer = try RGBAImage(width: width, height: height)
  try layer.withPixelBuffer { (buffer) throws(RenderError) in
    try renderer.renderWidget(view, into: buffer)
  }
  layer.pixels.withUnsafeBufferPointer { source in
    for row in 0..<height {
      let words = UnsafeMutableRawPointer(pixels + row * stride)
      for column in 0..<width {
        let index = (row * width + column) * 4
        let alpha = UInt32(source[index + 3])
        guard alpha > 0 else { continue }
        let offset = column * 4
        let destination = words.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
        let inverse = 255 - alpha
        var result: UInt32 = 0
        // Blue, green, red, alpha: bits 0, 8, 16, 24.
        for (shift, channel) in [(0, 2), (8, 1), (16, 0)] as [(UInt32, Int)] {
          let sourceValue = multiply(UInt32(source[index + channel]), alpha)
          let destinationValue = (destination >> shift) & 0xFF
          result |= min(255, sourceValue + multiply(destinationValue, inverse)) << shift
        }
        let outAlpha = min(255, alpha + multiply(destination >> 24, inverse))
        result |= outAlpha << 24
        words.storeBytes(of: result, toByteOffset: offset, as: UInt32.self)
      }
    }
  }
}

/// `a × b / 255`, rounded, for 8-bit values.
@inline(__always)
private func multiply(_ a: UInt32, _ b: UInt32) -> UInt32 {
  let product = a * b + 128
  return (product + (product >> 8)) >> 8
}
