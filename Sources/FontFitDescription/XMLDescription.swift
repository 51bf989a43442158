// XML description files, the way xib, GtkBuilder and Android layouts look:
//
//   <layout designScreen="iPhone 5">
//     <adaptation policy="increments"/>
//     <View id="root" frame="0,0,320,568">
//       <Label id="title" frame="20,40,280,60" font="DejaVu Sans 17" text="…">
//         <autoFit minimumSize="10" step="0.5"/>
//       </Label>
//     </View>
//   </layout>
//
// libxml2 reads the file; the elements become the same JSON model a
// JSON description parses to, located in the XML, and the JSON loader checks it. Errors name
// the XML's line:column and an element path such as `layout/View[root]/Label[title]@font`.

import FontFitText

/// An XML description file, read by libxml2 and converted to the JSON model.
///
/// The `<layout>` element's attributes are the top-level keys; its children are `<adaptation>`
/// (several make a sequence; `<row minWidth=… increment=…/>` children make its table),
/// `<textScale>`, `<screen>` and the one root widget. A widget element's name is its `type`,
/// its attributes its keys, and its children its child widgets, `<autoFit>` and `<adaptation>`.
/// Attribute values are typed by name: `frame="0,0,320,568"` is four numbers.
struct XMLDescription {
  /// A reader of the converted document, as the JSON loader reads it.
  let reader: DescriptionReader
  /// The converter, which knows which element each key path came from.
  private let converter: XMLLayoutConverter

  /// Reads the XML description file at `path`, loads it with `load` and locates its errors
  /// in the XML.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - load: Builds the document from a reader, as for a JSON file.
  /// - Returns: What `load` returns.
  /// - Throws: ``DescriptionError`` with the XML's line:column and element path.
  static func read<Document>(
    path: String, load: (DescriptionReader) throws(DescriptionError) -> Document
  ) throws(DescriptionError) -> Document {
    let description = try XMLDescription(path: path)
    do {
      return try load(description.reader)
    } catch {
      throw description.located(error)
    }
  }

  /// Reads and converts the file at `path`.
  init(path: String) throws(DescriptionError) {
    try self.init(
      text: DescriptionFile.text(
        at: path, maximumSize: DescriptionFile.maximumXMLSize, kind: "an XML description"),
      file: path)
  }

  /// Parses and converts `text`, naming it `file` in errors.
  init(text: String, file: String) throws(DescriptionError) {
    guard text.utf8.count <= DescriptionFile.maximumXMLSize else {
      throw DescriptionFile.tooLarge(file, DescriptionFile.maximumXMLSize, "an XML description")
    }
    let map = XMLSourceScanner.scan(text)
    func error(at location: SourcePosition, path: String = "", _ message: String)
      -> DescriptionError
    {
      DescriptionError(
        file: file, line: location.line, column: location.column, keyPath: path, message: message
      )
    }
    if let doctype = map.doctype {
      throw error(
        at: doctype, "a DOCTYPE is not allowed: description files have no DTD and no entities")
    }
    if let encoding = map.encoding, !["utf-8", "utf8"].contains(encoding.name.lowercased()) {
      throw error(
        at: encoding.location,
        "unsupported encoding \(TextFormat.quoted(encoding.name)); description files are UTF-8")
    }
    if let mark = map.secondByteOrderMark {
      throw error(
        at: mark, "a second byte order mark (U+FEFF); a UTF-8 file starts with at most one")
    }
    // What Foundation's XMLParser, which read these files before CXML, crashed on is still
    // refused first, with the same messages: it read the data of a processing instruction
    // without any (`<?pi?>`) as a C string, which is null; and a NUL among the first four
    // bytes makes libxml2 guess UTF-16 or UCS-4. Instructions with data are read and ignored,
    // as XML allows.
    if let instruction = map.processingInstructionWithoutData {
      let target = instruction.target
      throw error(
        at: instruction.location,
        target.lowercased() == "xml"
          ? "an XML declaration needs a version, as in <?xml version=\"1.0\"?>"
          : "a processing instruction needs data after its target, as in "
            + "<?\(TextFormat.printable(target.isEmpty ? "target" : target)) data?>")
    }
    if let nul = map.nul {
      // The elements open at the NUL, as libxml2 would name them: parse the text before it
      // (which has no processing instruction without data, or the check above would have
      // thrown).
      let before = text.utf8.prefix { $0 != 0 }
      let open = XMLElementCollector.parse(Array(before)).open
      throw error(
        at: nul, path: XMLLayoutConverter.path(ofOpen: open),
        "a character that XML does not allow (U+0000)")
    }
    let collector = XMLElementCollector.parse(Array(text.utf8))
    if let failure = collector.failure {
      let open = collector.open.last?.name
      let path = XMLLayoutConverter.path(ofOpen: collector.open)
      let location = SourcePosition(line: failure.line, column: failure.column)
      // libxml2 places an early end of file after the last tag it read, and names what it
      // expected next when the file ends inside a tag; saying the file ends is clearer.
      let atEnd = (location.line, location.column) >= (map.end.line, map.end.column)
      if atEnd || ([5, 77].contains(failure.code) && open != nil) {
        throw error(
          at: map.end, path: path,
          "unexpected end of file" + (open.map { ": <\($0)> is not closed" } ?? ""))
      }
      throw error(
        at: location, path: path, XMLElementCollector.message(code: failure.code, open: open))
    }
    if let open = collector.open.last {
      throw error(
        at: map.end, path: XMLLayoutConverter.path(ofOpen: collector.open),
        "unexpected end of file: <\(open.name)> is not closed")
    }
    guard let element = collector.root else {
      throw error(at: map.end, "the file has no XML element; expected <layout …>")
    }
    var converter = XMLLayoutConverter(file: file, tags: map.tags)
    let root = try converter.layout(element)
    self.converter = converter
    reader = DescriptionReader(root: root, file: file)
  }

  /// `error` from loading the converted document, with the element path for its key path and
  /// a value that should have been a number or boolean quoted rather than called a string.
  func located(_ error: DescriptionError) -> DescriptionError {
    guard error.file == reader.file, error.line != nil else { return error }
    var located = error
    located.keyPath = converter.elementPath(for: error.keyPath)
    let vague = "found a string"
    if let text = converter.untypedValues[error.keyPath], error.message.hasSuffix(vague) {
      located.message = error.message.dropLast(vague.count) + "found \(TextFormat.quoted(text))"
    }
    return located
  }

}

extension DescriptionReader {
  /// A reader of a document parsed elsewhere, such as an XML file converted to the JSON model.
  ///
  /// - Parameters:
  ///   - root: The document's top-level node, every node located in the original file.
  ///   - file: The file name used in errors.
  init(root: JSONNode, file: String) {
    self.file = file
    self.root = root
    // Not counted in a conversion: the children are walked when they are read on all cores.
    deepestNesting = .max
  }
}
