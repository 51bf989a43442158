// The XML description file as libxml2 reads it, through CXML's SAX glue (configured as
// Foundation's XMLParser configures libxml2): the element tree with decoded attribute values,
// or the first well-formedness error with libxml2's position.

internal import CXML

/// One element as libxml2 reported it.
struct XMLParsedElement {
  /// The element's name, such as `View` or `autoFit`.
  var name: String
  /// The attribute values by name: entities decoded and whitespace normalised by libxml2.
  var attributes: [String: String]
  /// The child elements in document order.
  var children: [XMLParsedElement] = []
  /// The element's place among all the document's start tags, counting from 0.
  var ordinal: Int
  /// The UTF-8 of the text directly inside the element, entities decoded (libxml2 may hand
  /// it over in pieces).
  var textBytes: [UInt8] = []

  /// The text directly inside the element (a `<markup>` element's).
  var text: String { String(decoding: textBytes, as: UTF8.self) }
}

/// The first error libxml2 reported, where, and inside which elements.
struct XMLSyntaxFailure {
  /// libxml2's `xmlParserErrors` code, such as 76 for a mismatched end tag.
  var code: Int
  /// libxml2's 1-based line.
  var line: Int
  /// libxml2's 1-based column.
  var column: Int
  /// The elements open at the error, outermost first: name and `id` attribute.
  var openElements: [(name: String, id: String?)]
}

/// Collects the element tree of a document from libxml2's SAX callbacks (through CXML),
/// stopping at the first error.
final class XMLElementCollector {
  /// The document element, once its end tag has been read.
  private(set) var root: XMLParsedElement?
  /// The first error, if any.
  private(set) var failure: XMLSyntaxFailure?
  /// The elements started and not yet ended, outermost first.
  private(set) var open: [XMLParsedElement] = []
  private var ordinal = 0

  /// The deepest nesting of elements read, as JSON's ``JSONParser/maximumDepth`` limits arrays
  /// and objects.
  static let maximumDepth = 256

  /// The code of the failure for a tree deeper than ``maximumDepth`` (not one of libxml2's).
  static let tooDeep = -1

  /// libxml2's warning codes, which are reported as errors too: an undeclared entity in a
  /// context that allows it, catalog and version notes, a namespace URI that is not absolute.
  private static let warnings: Set<Int> = [27, 93, 97, 98, 99, 100, 102, 106, 107]

  /// Parses `bytes` with libxml2.
  ///
  /// - Parameter bytes: The file's bytes.
  /// - Returns: The collector holding the document element or the first error; an input that
  ///   ends early may leave elements open with neither.
  static func parse(_ bytes: [UInt8]) -> XMLElementCollector {
    let collector = XMLElementCollector()
    var handlers = cxml_handlers(
      start_element: {
        context, localname, prefix, namespaceCount, namespaces, count, attributes, line, column in
        guard let context, let localname else { return 1 }
        let collector = Unmanaged<XMLElementCollector>.fromOpaque(context).takeUnretainedValue()
        let name = XMLElementCollector.qualified(localname, prefix)
        var dictionary: [String: String] = [:]
        // Namespace declarations are attributes, as when namespaces are not processed.
        for index in 0..<max(0, Int(namespaceCount)) {
          let key =
            namespaces?[2 * index].map { "xmlns:" + XMLElementCollector.string($0) } ?? "xmlns"
          dictionary[key] = namespaces?[2 * index + 1].map(XMLElementCollector.string) ?? ""
        }
        // Five pointers an attribute: name, prefix, URI, value and the value's end.
        for index in 0..<max(0, Int(count)) {
          guard let attributes, let local = attributes[5 * index] else { continue }
          guard let value = attributes[5 * index + 3], let end = attributes[5 * index + 4]
          else { continue }
          let bytes = UnsafeBufferPointer(start: value, count: max(0, end - value))
          dictionary[XMLElementCollector.qualified(local, attributes[5 * index + 1])] = String(
            decoding: bytes, as: UTF8.self)
        }
        return collector.start(name, dictionary, line: Int(line), column: Int(column)) ? 0 : 1
      },
      end_element: { context, localname, prefix in
        guard let context, localname != nil else { return }
        Unmanaged<XMLElementCollector>.fromOpaque(context).takeUnretainedValue().end()
      },
      characters: { context, text, length in
        guard let context, let text, length > 0 else { return }
        let collector = Unmanaged<XMLElementCollector>.fromOpaque(context).takeUnretainedValue()
        collector.characters(UnsafeBufferPointer(start: text, count: Int(length)))
      },
      error: { context, code, _, line, column in
        guard let context else { return 1 }
        let collector = Unmanaged<XMLElementCollector>.fromOpaque(context).takeUnretainedValue()
        return collector.error(code: Int(code), line: Int(line), column: Int(column)) ? 0 : 1
      })
    withExtendedLifetime(collector) {
      let context = Unmanaged.passUnretained(collector).toOpaque()
      _ = bytes.withUnsafeBufferPointer {
        cxml_parse($0.baseAddress, $0.count, &handlers, context)
      }
    }
    return collector
  }

  /// The text of libxml2's NUL-terminated UTF-8 `bytes`.
  private static func string(_ bytes: UnsafePointer<UInt8>) -> String {
    String(cString: bytes)
  }

  /// `prefix:local`, or `local` without a prefix.
  private static func qualified(_ local: UnsafePointer<UInt8>, _ prefix: UnsafePointer<UInt8>?)
    -> String
  {
    guard let prefix, prefix.pointee != 0 else { return string(local) }
    return string(prefix) + ":" + string(local)
  }

  /// Starts an element at libxml2's `line` and `column`.
  ///
  /// - Returns: Whether to go on parsing.
  private func start(_ name: String, _ attributes: [String: String], line: Int, column: Int)
    -> Bool
  {
    guard failure == nil else { return false }
    // Deeper trees are refused, as JSON's are: the loader and the layout pass recurse over
    // them (1,000 nested views overflowed the stack).
    guard open.count < Self.maximumDepth else {
      failure = XMLSyntaxFailure(
        code: Self.tooDeep, line: max(1, line), column: max(1, column), openElements: [])
      return false
    }
    open.append(XMLParsedElement(name: name, attributes: attributes, ordinal: ordinal))
    ordinal += 1
    return true
  }

  /// Adds text to the innermost element.
  private func characters(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard failure == nil, !open.isEmpty else { return }
    open[open.count - 1].textBytes += bytes
  }

  /// Ends the innermost element.
  private func end() {
    guard failure == nil, let element = open.popLast() else { return }
    if open.isEmpty {
      root = element
    } else {
      open[open.count - 1].children.append(element)
    }
  }

  /// Keeps the first error, which stops the parse; warnings are ignored.
  ///
  /// - Returns: Whether to go on parsing.
  private func error(code: Int, line: Int, column: Int) -> Bool {
    guard failure == nil else { return false }
    guard !Self.warnings.contains(code) else { return true }
    failure = XMLSyntaxFailure(
      code: code, line: max(1, line), column: max(1, column),
      openElements: open.map { ($0.name, $0.attributes["id"]) })
    return false
  }

  /// What libxml2's error `code` means, for a description file's author.
  ///
  /// - Parameters:
  ///   - code: An `xmlParserErrors` code.
  ///   - open: The name of the innermost open element, if any.
  /// - Returns: A lower-case sentence without a final period.
  static func message(code: Int, open: String?) -> String {
    let element = open.map { "<\($0)>" } ?? "the document element"
    switch code {
    case tooDeep: return "nesting deeper than \(maximumDepth) levels of elements"
    case 4: return "the file has no XML element"
    case 5, 77, 85:
      if let open { return "unexpected end of file: <\(open)> is not closed" }
      return "extra content after the document element"
    case 86: return "extra content after the document element"
    case 6, 7, 8: return "invalid character reference"
    case 9: return "a character that XML does not allow"
    case 23: return "an entity reference needs a ';' after its name"
    case 22, 26, 27:
      return "unknown entity; XML defines only &amp; &lt; &gt; &quot; &apos; and character "
        + "references such as &#10;"
    case 31, 32: return "unsupported encoding; description files are UTF-8"
    case 38: return "'<' is not allowed in an attribute value; write &lt;"
    case 39: return "expected an attribute value in quotes"
    case 40: return "attribute value is not closed with its quote"
    case 41: return "attribute has no value; write name=\"value\""
    case 42: return "the same attribute is given twice"
    case 45: return "comment is not closed with -->"
    case 47: return "processing instruction is not closed with ?>"
    case 57: return "XML declaration is not closed with ?>"
    case 63: return "CDATA section is not closed with ]]>"
    case 64:
      return "names starting with \"xml\" are reserved (an XML declaration must come first)"
    case 65: return "expected whitespace between attributes"
    case 68: return "expected a name"
    case 73: return "expected '>' or '/>' to end the tag"
    case 74: return "expected an end tag </…>"
    case 75: return "expected '=' after the attribute name"
    case 76: return "the end tag does not match \(element)"
    case 80: return "'--' is not allowed inside a comment"
    case 81: return "the file is not valid UTF-8"
    case 96: return "the XML declaration needs a version"
    case 108, 109: return "unsupported XML version; use version=\"1.0\""
    case 200...299: return "namespace error (libxml2 error \(code))"
    default: return "malformed XML (libxml2 error \(code))"
    }
  }
}
