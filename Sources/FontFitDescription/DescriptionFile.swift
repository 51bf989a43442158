// Reading a description file's bytes: the real cause when it cannot be read, a size limit, and
// `-` for standard input; joining paths and listing a directory.

#if canImport(Glibc)
  import Glibc
#endif

/// The bytes of description files, read with the operating system's own answers.
enum DescriptionFile {
  /// What tells one version of a file from another: its device, inode, size and status
  /// change time (`st_ctim`, which every write sets and no tool can set back), to the
  /// nanosecond.
  struct Identity: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    /// The change time, in nanoseconds since 1970.
    var changed: Int64

    /// Whether the file had settled before `moment`, in nanoseconds since 1970.
    ///
    /// It had when it last changed more than 20 ms earlier, longer than the coarse clock that
    /// stamps change times ticks. A write after `moment` then gets a later change time, so an
    /// unchanged identity means unchanged contents; a file that changed just before may change
    /// again within the same tick, with the same size, and is not to be trusted (git's "racy"
    /// rule).
    func settled(before moment: Int64) -> Bool {
      changed < moment - 20_000_000
    }
  }

  /// The identity of the file at `path` now; nil when it cannot be found.
  static func identity(of path: String) -> Identity? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return Identity(
      device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int64(status.st_size),
      changed: Int64(status.st_ctim.tv_sec) * 1_000_000_000 + Int64(status.st_ctim.tv_nsec))
  }

  /// The wall-clock time now, in nanoseconds since 1970, on the clock change times use.
  static func now() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
  }

  /// The largest description or catalog file read, in bytes: 16 MiB.
  ///
  /// That is far more than a layout of 10,000 widgets needs; a bigger file is refused before
  /// it is parsed.
  static let maximumSize = 16 << 20

  /// The largest XML description read, in bytes: 8 MiB.
  ///
  /// The XML parser is libxml2, which stops at 10,000,000 bytes of input it has not
  /// yet parsed and calls that the end of the file; a bigger file is refused with its size
  /// before libxml2 reads it.
  static let maximumXMLSize = 8 << 20

  /// The name standard input goes by: `-` on the command line, `<stdin>` in messages.
  static let standardInput = "-"

  /// The bytes of the file at `path` (`-`: standard input), as UTF-8 text.
  ///
  /// - Throws: ``DescriptionError`` naming the file and the cause: no such file, permission
  ///   denied, is a directory, too many levels of symbolic links, too large, not UTF-8.
  static func text(
    at path: String, maximumSize: Int = maximumSize, kind: String = "a description file"
  )
    throws(DescriptionError) -> String
  {
    let bytes = try contents(at: path, maximumSize: maximumSize, kind: kind)
    // Checked once, as the string is made.
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw notUTF8(path, bytes)
    }
    return text
  }

  /// The bytes of the file at `path` (`-`: standard input), checked to be UTF-8 text:
  /// ``text(at:maximumSize:kind:)`` without making a string of them.
  ///
  /// - Throws: ``DescriptionError`` as ``text(at:maximumSize:kind:)`` does.
  static func utf8(
    at path: String, maximumSize: Int = maximumSize, kind: String = "a description file"
  )
    throws(DescriptionError) -> [UInt8]
  {
    let bytes = try contents(at: path, maximumSize: maximumSize, kind: kind)
    guard isWellFormedUTF8(bytes) else { throw notUTF8(path, bytes) }
    return bytes
  }

  /// The error for the file at `path` whose `bytes` are not UTF-8, at the first that is not.
  private static func notUTF8(_ path: String, _ bytes: [UInt8]) -> DescriptionError {
    let position = firstInvalidPosition(in: bytes)
    return DescriptionError(
      file: path == standardInput ? "<stdin>" : path, line: position.line,
      column: position.column, message: "not UTF-8 text: a byte sequence here is not a character")
  }

  /// The bytes of the file at `path` (`-`: standard input), unchecked.
  ///
  /// - Throws: ``DescriptionError`` naming the file and the cause: no such file, permission
  ///   denied, is a directory, too many levels of symbolic links, too large.
  private static func contents(at path: String, maximumSize: Int, kind: String)
    throws(DescriptionError) -> [UInt8]
  {
    let name = path == standardInput ? "<stdin>" : path
    let descriptor: Int32
    if path == standardInput {
      descriptor = STDIN_FILENO
    } else {
      // O_NONBLOCK: opening a FIFO without it waits for a writer, forever if none comes.
      descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
      guard descriptor >= 0 else { throw failure(name, errno) }
    }
    defer { if path != standardInput { close(descriptor) } }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw failure(name, errno) }
    if status.st_mode & S_IFMT == S_IFDIR { throw failure(name, EISDIR) }
    if status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) > maximumSize {
      throw tooLarge(name, maximumSize, kind)
    }
    var bytes: [UInt8] = []
    // Room for a file's whole size at once: grown chunk by chunk, a large file's bytes were
    // copied again at every doubling.
    if status.st_mode & S_IFMT == S_IFREG { bytes.reserveCapacity(Int(status.st_size)) }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    if path != standardInput, status.st_mode & S_IFMT == S_IFIFO {
      // A FIFO is read when a writer has it open (or is waiting in open for a reader, as
      // `cat x.json > fifo &` does): a first read that does not wait tells. End of file at
      // once means there is none, which would otherwise read as an empty file.
      while true {
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count > 0 {
          bytes.append(contentsOf: chunk[..<count])
          break
        }
        if count == 0 {
          throw DescriptionError(
            file: name,
            message: "cannot be read: a FIFO with no writer (start the program that writes it "
              + "first)")
        }
        if errno == EINTR { continue }
        if errno == EAGAIN || errno == EWOULDBLOCK { break }
        throw failure(name, errno)
      }
    }
    // Reads wait again, for the rest of a pipe, a FIFO or a terminal.
    if path != standardInput {
      let flags = fcntl(descriptor, F_GETFL)
      guard flags >= 0, fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) == 0 else {
        throw failure(name, errno)
      }
    }
    // Read to the end, whatever kind of file it is.
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw failure(name, errno)
      }
      if count == 0 { break }
      guard bytes.count + count <= maximumSize else { throw tooLarge(name, maximumSize, kind) }
      bytes.append(contentsOf: chunk[..<count])
    }
    return bytes
  }

  /// The line and column (in Unicode scalars, lines split at LF, CR LF and CR, as the JSON
  /// parser counts them) of the first byte that is not part of valid UTF-8.
  static func firstInvalidPosition(in bytes: [UInt8]) -> SourcePosition {
    var line = 1
    var column = 1
    var decoder = UTF8()
    var iterator = bytes.makeIterator()
    var previous: Unicode.Scalar?
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar):
        if scalar == "\n", previous == "\r" {
          // CR LF ends one line.
        } else if scalar == "\n" || scalar == "\r" {
          line += 1
          column = 1
        } else {
          column += 1
        }
        previous = scalar
      case .emptyInput, .error:
        return SourcePosition(line: line, column: column)
      }
    }
  }

  private static func failure(_ name: String, _ code: Int32) -> DescriptionError {
    let reason: String
    switch code {
    case ENOENT: reason = "no such file"
    case EACCES, EPERM: reason = "permission denied"
    case EISDIR: reason = "is a directory, not a file"
    case ELOOP: reason = "too many levels of symbolic links"
    case ENOTDIR: reason = "a part of the path is not a directory"
    default: reason = String(cString: strerror(code))
    }
    return DescriptionError(file: name, message: "cannot be read: \(reason)")
  }

  static func tooLarge(_ name: String, _ limit: Int, _ kind: String) -> DescriptionError {
    DescriptionError(
      file: name, message: "is larger than \(limit >> 20) MiB, the most \(kind) may be")
  }

  /// `component` after `directory`, joined by a slash unless `directory` ends with one; either
  /// alone when the other is empty (as `NSString.appendingPathComponent` joins them).
  static func path(_ directory: String, appending component: String) -> String {
    if component.isEmpty { return directory }
    if directory.isEmpty { return component }
    return directory.hasSuffix("/") ? directory + component : directory + "/" + component
  }

  /// The names of the entries of `directory`, other than `.` and `..`, in the order the file
  /// system lists them; nil when it cannot be opened as a directory.
  static func names(inDirectory directory: String) -> [String]? {
    guard let stream = opendir(directory) else { return nil }
    defer { closedir(stream) }
    var names: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: &entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }
}

/// Whether `bytes` are well-formed UTF-8 (the Unicode Standard's table 3-7: no overlong
/// form, surrogate or scalar above U+10FFFF): as `String(validating:as:)` judges, with
/// ASCII passed over eight bytes at a time (a layout is mostly ASCII).
package func isWellFormedUTF8(_ bytes: [UInt8]) -> Bool {
  bytes.withUnsafeBufferPointer { buffer in
    guard let start = buffer.baseAddress else { return true }
    let count = buffer.count
    var index = 0
    while index < count {
      if index + 8 <= count,
        UnsafeRawPointer(start + index).loadUnaligned(as: UInt64.self)
          & 0x8080_8080_8080_8080 == 0
      {
        index += 8
        continue
      }
      let lead = start[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      // The sequence's length, and the range of its second byte; the rest are 80–BF.
      let length: Int
      var low: UInt8 = 0x80
      var high: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0: (length, low) = (3, 0xA0)
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED: (length, high) = (3, 0x9F)
      case 0xF0: (length, low) = (4, 0x90)
      case 0xF1...0xF3: length = 4
      case 0xF4: (length, high) = (4, 0x8F)
      default: return false
      }
      guard index + length <= count, (low...high).contains(start[index + 1]) else {
        return false
      }
      for offset in 2..<length where start[index + offset] & 0xC0 != 0x80 { return false }
      index += length
    }
    return true
  }
}
