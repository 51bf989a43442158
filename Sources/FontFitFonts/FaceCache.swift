import FontFitFontModel
@_spi(Engine) import FontFitText

/// A font system's open faces, by file and index: a bounded cache that opens a face again
/// when it has let it go; thread-safe.
///
/// It is the part of a ``FontSystem`` that shaped texts keep (to measure forced breaks), so it
/// needs nothing else of the system: the FreeType library, the faces, the names each face was
/// resolved with, and the bytes of the files with a face open.
final class FaceCache: Sendable {
  let library: FreeTypeLibrary
  private let faces: Lock<BoundedCache<FaceKey, FontFace>>
  /// The family names Fontconfig gave each face resolved so far, so a face reopened by file
  /// and index is checked as its first opening was; as many entries as faces resolved.
  private let expectedFamilies = Lock<[FaceKey: [String]]>([:])
  /// The bytes of the font files with a face open, by path, held weakly: the faces of one
  /// file, its FreeType and HarfBuzz views and the faces of a collection, share one copy,
  /// freed with the last face that reads it.
  private let files = Lock<[String: WeakFontFile]>([:])
  /// Held while a face is opened, so that threads asking for one face at once open it once.
  ///
  /// The others wait, then find it in the cache. (The two cores meeting a layout's first
  /// Chinese texts each read the 5.2 MB file of WenQuanYi Micro Hei, into memory touched
  /// for the first time.) Faces are opened a few times a run, so one gate for all of them
  /// holds nobody up for long.
  private let opening = Lock(())
  /// How many font files the cache has read: tests check a file is read once while a face
  /// of it is open.
  let filesRead = Lock(0)

  /// A font file's bytes, if a face still holds them.
  private struct WeakFontFile {
    weak var bytes: FontFileBytes?
  }

  /// An empty cache of at most `limit` faces, opened with `library`.
  init(library: FreeTypeLibrary, limit: Int) {
    self.library = library
    faces = Lock(BoundedCache(entryLimit: limit))
  }

  /// How many faces the cache holds now.
  var count: Int {
    faces.withLock { $0.count }
  }

  /// The open face for a resolved font, opened on first use and then shared.
  ///
  /// - Throws: ``FontError`` naming the file when it cannot be opened, or when it no longer
  ///   holds the face Fontconfig listed (another font was written or moved over it after
  ///   Fontconfig scanned it, as a package upgrade does): its family is none of the names
  ///   Fontconfig has for the face.
  func face(for resolved: ResolvedFont) throws(FontError) -> FontFace {
    let key = FaceKey(resolved)
    // A face open now was opened, and its names recorded, by the first resolution of it:
    // faces are opened by file and index alone only for text shaped from a resolution.
    if let face = faces.withLock({ $0.value(for: key) }) { return face }
    if !resolved.familyNames.isEmpty {
      expectedFamilies.withLock { known in
        if known[key] == nil { known[key] = resolved.familyNames }
      }
    }
    return try face(for: key, expectingFamilies: resolved.familyNames)
  }

  /// The open face for a file and index, opened on first use and then shared.
  ///
  /// - Throws: ``FontError`` naming the file when it cannot be read or holds no face FreeType
  ///   and HarfBuzz both read alike, as when it was truncated, overwritten or deleted after
  ///   Fontconfig scanned it.
  func face(for key: FaceKey, expectingFamilies families: [String] = []) throws(FontError)
    -> FontFace
  {
    if let face = faces.withLock({ $0.value(for: key) }) { return face }
    return try opening.withLock { (_) throws(FontError) -> FontFace in
      if let face = faces.withLock({ $0.value(for: key) }) { return face }
      return try open(key, expectingFamilies: families)
    }
  }

  /// Opens the face of `key`, checks it against `families` (or the names its resolution
  /// gave) and keeps it; the caller holds ``opening``.
  private func open(_ key: FaceKey, expectingFamilies families: [String]) throws(FontError)
    -> FontFace
  {
    let opened = try FontFace(library: library, file: fileBytes(key.file), index: key.index)
    // A face reopened by file and index (to draw, or to measure a break) after the cache let
    // it go is checked against the names its resolution gave.
    let families =
      families.isEmpty ? expectedFamilies.withLock { $0[key] } ?? [] : families
    let named = opened.familyName.lowercased()
    if !families.isEmpty, !named.isEmpty, !families.contains(where: { $0.lowercased() == named }) {
      throw FontError(
        library: .freeType, function: FontError.replacedFileCheck,
        message: "the file no longer holds the face Fontconfig listed: it holds "
          + "\"\(opened.familyName)\", not \"\(families[0])\" (it was replaced after "
          + "Fontconfig scanned it; run fc-cache, or start again)", file: key.file)
    }
    return faces.withLock { faces in
      if let existing = faces.value(for: key) { return existing }
      faces.insert(opened, for: key)
      return opened
    }
  }

  /// The bytes of the font file at `path`: the copy an open face of it holds, or the file
  /// read now.
  ///
  /// Faces are opened under ``opening``, so a file is read once while a face of it is open.
  ///
  /// - Throws: ``FontError`` naming the file when it cannot be read.
  private func fileBytes(_ path: String) throws(FontError) -> FontFileBytes {
    if let shared = files.withLock({ $0[path]?.bytes }) { return shared }
    let read = try FontFileBytes(reading: path)
    filesRead.withLock { $0 += 1 }
    return files.withLock { files in
      if let shared = files[path]?.bytes { return shared }
      // Entries whose faces have all closed are dropped, so the table stays as small as the
      // set of open faces.
      files = files.filter { $0.value.bytes != nil }
      files[path] = WeakFontFile(bytes: read)
      return read
    }
  }
}
