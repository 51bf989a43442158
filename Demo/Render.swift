// `demo render`: one PNG per screen (and locale) and a contact sheet, all checked before any
// is written.

import FontFit
import Foundation

/// `demo render`: the options' documents drawn into `--out`.
func render(_ options: Options) {
  // Ctrl-C or a kill leaves no temporary file behind. A blocked signal mask passes across
  // exec (Foundation's Process spawns from a Dispatch thread that blocks these), and would
  // make the demo deaf to them: they are unblocked first.
  var signals = sigset_t()
  sigemptyset(&signals)
  for number in [SIGHUP, SIGINT, SIGTERM] { sigaddset(&signals, number) }
  pthread_sigmask(SIG_UNBLOCK, &signals, nil)
  RGBAImage.removeTemporaryFilesOnSignals()
  let folder = options.output ?? "."
  let catalog = loadCatalog(options)
  let project = loadProject(
    options.arguments.first ?? samplePath(), catalog: catalog, options: options)
  let screens = project.screens
  checkOutputFolder(folder)
  // Every name is taken before anything is drawn: a screen called "contact sheet" may not
  // overwrite the sheet, and two screens may not share a file.
  var names: [String: String] = [:]
  for localized in project.localizations {
    let suffix = localized.locale.map { "-" + fileName($0) } ?? ""
    names["contact-sheet" + suffix] = "the contact sheet"
    checkFileNameLength("contact-sheet" + suffix + ".png", of: "the contact sheet")
    for screen in screens {
      let name = fileName(screen.name) + suffix
      checkFileNameLength(name + ".png", of: "screen \(screen.name)")
      if let other = names[name] {
        fail("screens \"\(other)\" and \"\(screen.name)\" would both be \(name).png", status: 2)
      }
      names[name] = screen.name
    }
  }
  for screen in screens { checkPixelCount(screen) }
  let sheetSize = ContactSheet.size(of: screens)
  guard sheetSize.height <= RGBAImage.maximumPixelCount / max(sheetSize.width, 1) else {
    fail(
      "the contact sheet would be \(sheetSize.width)×\(sheetSize.height) pixels, more than "
        + "\(RGBAImage.maximumPixelCount)", status: 2)
  }
  let fonts = fontSystem(options, usageStatus: 1)
  var failures: [String] = []
  do {
    for localized in project.localizations {
      let suffix = localized.locale.map { "-" + fileName($0) } ?? ""
      var sheet = try ContactSheet(screens: screens, fonts: fonts)
      for (index, screen) in screens.enumerated() {
        let tree = LayoutJob(layout: localized, screen: screen).layOut(shaper: fonts)
        failures += tree.layoutFailures
        let image = try WidgetRenderer(fonts: fonts, scale: screen.scale).renderScreen(tree)
        try image.writePNG(to: folder + "/" + fileName(screen.name) + suffix + ".png")
        try sheet.draw(tree, onScreen: index)
      }
      try sheet.image.writePNG(to: folder + "/contact-sheet" + suffix + ".png")
    }
  } catch {
    fail("\(error)", status: 1)
  }
  if let first = failures.first {
    fail("\(failures.count) widget(s) could not be laid out; first: \(first)", status: 1)
  }
}

/// Exits with status 2 unless `folder` is a writable directory.
private func checkOutputFolder(_ folder: String) {
  var isDirectory: ObjCBool = false
  guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
    fail("--out \(folder): no such directory", status: 2)
  }
  guard isDirectory.boolValue else { fail("--out \(folder): not a directory", status: 2) }
  guard FileManager.default.isWritableFile(atPath: folder) else {
    fail("--out \(folder): not writable", status: 2)
  }
}

/// Exits with status 2 when `file` (the picture of `owner`) is too long a name to write: over
/// ``RGBAImage/longestFileNameByteCount`` bytes, as the temporary name adds 16 to it and a
/// file name may have 255 (NAME_MAX).
private func checkFileNameLength(_ file: String, of owner: String) {
  let count = file.utf8.count
  guard count > RGBAImage.longestFileNameByteCount else { return }
  fail(
    "\(owner): its file name would be \(count) bytes, more than "
      + "\(RGBAImage.longestFileNameByteCount) (a file name may have 255 bytes, and the "
      + "temporary name adds 16)", status: 2)
}

/// Exits with status 2 unless `screen`'s picture has at least one pixel and at most the
/// limit.
private func checkPixelCount(_ screen: Screen) {
  let width = (screen.width * screen.scale).rounded()
  let height = (screen.height * screen.scale).rounded()
  guard width >= 1, height >= 1 else {
    fail("screen \(screen.name): a \(width)×\(height) picture has no pixels", status: 2)
  }
  guard width.isFinite, height.isFinite, width * height <= Double(RGBAImage.maximumPixelCount)
  else {
    fail(
      "screen \(screen.name): a \(width)×\(height) picture would have more than "
        + "\(RGBAImage.maximumPixelCount) pixels", status: 2)
  }
}

/// A screen's name as a file name: each run of characters other than letters and digits
/// becomes one `-`.
func fileName(_ name: String) -> String {
  var result = ""
  var inRun = false
  for character in name {
    if character.isLetter || character.isNumber {
      result.append(character)
      inRun = false
    } else if !inRun {
      result.append("-")
      inRun = true
    }
  }
  return result
}
