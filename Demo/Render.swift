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
  checkOutputFolder(folder)
  let pictures: [Project.Pictures]
  do {
    pictures = try project.pictures()
  } catch {
    fail("\(error)", status: 2)
  }
  let fonts = fontSystem(options, usageStatus: 1)
  var failures: [String] = []
  do {
    for set in pictures {
      failures += try project.draw(set, fonts: fonts) { (file, image) throws(RenderError) in
        try image.writePNG(to: folder + "/" + file)
      }
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
