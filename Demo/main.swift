// The demo CLI: dumps a layout's widget tree for each simulated screen.

import FontKit
import Foundation
import Widgets

/// What the command line asked for.
struct Options {
  var file: String?
  var screens: [String] = []
  var catalogs: [String] = []
  var format = "text"
  var help = false
}

/// A command line the demo cannot use; exit status 2.
struct UsageError: Error, CustomStringConvertible {
  var description: String
}

let usage = """
  USAGE: demo [FILE] [--screen NAME]... [--format text|json] [--screens CATALOG]...

  Loads a JSON layout description (the bundled sample when FILE is omitted), builds its
  widget tree for each simulated screen, fits every text and prints the trees.

  OPTIONS:
    --screen NAME      Only this screen (case-insensitive); repeat for several.
                       Default: every screen in the catalog.
    --format FORMAT    text (default) or json.
    --screens CATALOG  A JSON screen catalog that adds to or replaces bundled screens.
    -h, --help         Show this help.

  EXIT STATUS: 0 success, 1 failure (fonts unavailable), 2 usage error or bad input.
  """

func parse(_ arguments: [String]) throws(UsageError) -> Options {
  var options = Options()
  var index = 0
  func value(for flag: String) throws(UsageError) -> String {
    index += 1
    guard index < arguments.count else { throw UsageError(description: "\(flag) needs a value") }
    return arguments[index]
  }
  while index < arguments.count {
    let argument = arguments[index]
    switch argument {
    case "-h", "--help": options.help = true
    case "--screen": options.screens.append(try value(for: argument))
    case "--screens": options.catalogs.append(try value(for: argument))
    case "--format":
      options.format = try value(for: argument)
      guard ["text", "json"].contains(options.format) else {
        throw UsageError(description: "--format must be text or json, not \"\(options.format)\"")
      }
    default:
      if argument.hasPrefix("-"), argument != "-" {
        throw UsageError(description: "unknown option \(argument)")
      }
      guard options.file == nil else {
        throw UsageError(description: "only one layout file may be given, got \(argument) too")
      }
      options.file = argument
    }
    index += 1
  }
  return options
}

func fail(_ message: String, status: Int32) -> Never {
  FileHandle.standardError.write(Data("demo: \(message)\n".utf8))
  exit(status)
}

func run() {
  let options: Options
  do {
    options = try parse(Array(CommandLine.arguments.dropFirst()))
  } catch {
    fail("\(error)\n\n\(usage)", status: 2)
  }
  if options.help {
    print(usage)
    return
  }
  let document: LayoutDocument
  do {
    var catalog = try ScreenCatalog.bundled()
    for file in options.catalogs { try catalog.add(contentsOf: file) }
    if let file = options.file {
      document = try LayoutDocument.load(path: file, catalog: catalog)
    } else {
      guard let url = Bundle.module.url(forResource: "sample", withExtension: "json") else {
        fail("the bundled sample layout is missing", status: 1)
      }
      document = try LayoutDocument.load(path: url.path, catalog: catalog)
    }
  } catch {
    fail("\(error)", status: 2)
  }
  var screens: [Screen] = []
  for name in options.screens {
    guard let screen = document.catalog[name] else {
      let known = document.catalog.screens.map(\.name).joined(separator: ", ")
      fail("unknown screen \"\(name)\"; known screens: \(known)", status: 2)
    }
    screens.append(screen)
  }
  if screens.isEmpty { screens = document.catalog.screens }
  let fonts: FontSystem
  do {
    fonts = try FontSystem.shared()
  } catch {
    fail("\(error)", status: 1)
  }
  let trees = screens.map { document.makeTree(on: $0, fonts: fonts) }
  if options.format == "json" {
    print(TreeDump.json(trees))
  } else {
    print(trees.map(TreeDump.text).joined(separator: "\n\n"))
  }
  let failures = trees.flatMap(layoutFailures)
  if let first = failures.first {
    fail("\(failures.count) widget(s) could not be laid out; first: \(first)", status: 1)
  }
}

/// The widgets in `tree` whose layout failed, with the reason.
func layoutFailures(_ tree: View) -> [String] {
  var failures: [String] = []
  if let widget = tree as? TextWidget, let error = widget.layoutError {
    failures.append("\(widget.typeName) \(widget.id): \(error)")
  }
  return failures + tree.children.flatMap(layoutFailures)
}

run()
