import FontFitFontModel
import Foundation
import Testing

@testable import FontFitFonts

/// Copies of installed font files in a new temporary directory, removed when the test is done
/// together with the cache files Fontconfig wrote for it and its subdirectories.
final class ScratchFontDirectory {
  /// The directory's absolute path, without a trailing slash.
  let path: String

  /// Copies `files` (paths of installed fonts) into a new temporary directory.
  ///
  /// - Parameters:
  ///   - files: The fonts to copy; a missing one fails the test, naming its package.
  ///   - prefix: The start of the directory's name, such as the suite's name.
  /// - Throws: When a font is not installed or cannot be copied.
  init(copying files: [String], prefix: String) throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "\(prefix)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    path = url.path
    for file in files {
      try #require(
        FileManager.default.fileExists(atPath: file),
        "\(file) is not installed: apt-get install fonts-dejavu-core fonts-wqy-microhei")
      try FileManager.default.copyItem(
        atPath: file, toPath: self.file(URL(fileURLWithPath: file).lastPathComponent))
    }
  }

  /// The path of `name` in the directory.
  func file(_ name: String) -> String { path + "/" + name }

  /// Whether `file` lies in the directory.
  func holds(_ file: String?) -> Bool { file?.hasPrefix(path + "/") ?? false }

  deinit {
    let contents = FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String }
    for directory in [path] + (contents ?? []).map({ path + "/" + $0 }) {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory),
        isDirectory.boolValue
      {
        FontconfigResolver.removeCacheFiles(of: directory)
      }
    }
    try? FileManager.default.removeItem(atPath: path)
  }
}
