// swift-format-ignore-file: AlwaysUseLowerCamelCase
// Projects from C: a description file with its options, laid out per screen into trees C
// walks, dumps and checks.

import FontFit

/// An `ff_project_options`.
final class ProjectOptionsObject: CObject, @unchecked Sendable {
  var options = ProjectOptions()
}

/// The project options behind `handle`, or an invalid-argument error.
func projectOptions(_ handle: OpaquePointer?) throws(APIError) -> ProjectOptionsObject {
  guard let object = HandleRegistry.object(handle, as: ProjectOptionsObject.self) else {
    throw .invalidArgument(
      handle == nil ? "options is NULL" : "options is not a live ff_project_options")
  }
  return object
}

/// New project options.
@c public func ff_project_options_create() -> OpaquePointer? {
  HandleRegistry.retain(ProjectOptionsObject())
}

/// Frees project options; NULL is ignored.
@c public func ff_project_options_destroy(_ options: OpaquePointer?) {
  HandleRegistry.release(options, as: ProjectOptionsObject.self)
}

/// Adds a catalog file's screens.
@c public func ff_project_options_add_catalog(
  _ options: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ error: OpaquePointer?
) -> Int32 {
  call(error) { () throws(APIError) in
    let object = try projectOptions(options)
    let path = try requireString(path, name: "path")
    do throws(DescriptionError) {
      try object.options.catalog.addScreens(fromFile: path)
    } catch {
      throw APIError(error)
    }
  }
}

/// Sets the strings directory.
@c public func ff_project_options_set_strings_directory(
  _ options: OpaquePointer?, _ directory: UnsafePointer<CChar>?, _ error: OpaquePointer?
) -> Int32 {
  call(error) { () throws(APIError) in
    let object = try projectOptions(options)
    object.options.stringsDirectory = try readString(directory, name: "directory")
  }
}

/// Adds a locale.
@c public func ff_project_options_add_locale(
  _ options: OpaquePointer?, _ locale: UnsafePointer<CChar>?, _ error: OpaquePointer?
) -> Int32 {
  call(error) { () throws(APIError) in
    let object = try projectOptions(options)
    object.options.locales.append(try requireString(locale, name: "locale"))
  }
}

/// Sets the text scale.
@c public func ff_project_options_set_text_scale(
  _ options: OpaquePointer?, _ scale: UnsafePointer<CChar>?, _ error: OpaquePointer?
) -> Int32 {
  call(error) { () throws(APIError) in
    let object = try projectOptions(options)
    object.options.textScale = try readString(scale, name: "scale")
  }
}

/// Adds a screen.
@c public func ff_project_options_add_screen(
  _ options: OpaquePointer?, _ screen: UnsafePointer<CChar>?, _ error: OpaquePointer?
) -> Int32 {
  call(error) { () throws(APIError) in
    let object = try projectOptions(options)
    object.options.screens.append(try requireString(screen, name: "screen"))
  }
}

/// Sets landscape.
@c public func ff_project_options_set_landscape(_ options: OpaquePointer?, _ landscape: Int32) {
  HandleRegistry.object(options, as: ProjectOptionsObject.self)?.options.landscape =
    landscape != 0
}

/// An `ff_project`.
final class ProjectObject: CObject, @unchecked Sendable {
  let project: Project
  let screenNames: [CString]
  let locales: [CString?]

  init(_ project: Project) {
    self.project = project
    screenNames = project.screens.map { CString($0.name) }
    locales = project.localizations.map { $0.locale.map(CString.init) }
  }
}

/// The project behind `handle`, or an invalid-argument error.
func projectObject(_ handle: OpaquePointer?) throws(APIError) -> ProjectObject {
  guard let object = HandleRegistry.object(handle, as: ProjectObject.self) else {
    throw .invalidArgument(
      handle == nil ? "project is NULL" : "project is not a live ff_project")
  }
  return object
}

/// The options C passed, or the defaults for NULL.
func optionsOrDefault(_ handle: OpaquePointer?) throws(APIError) -> ProjectOptions {
  guard handle != nil else { return ProjectOptions() }
  return try projectOptions(handle).options
}

/// Loads a project from a file.
@c public func ff_project_create_from_file(
  _ path: UnsafePointer<CChar>?, _ options: OpaquePointer?,
  _ project: UnsafeMutablePointer<OpaquePointer?>?, _ error: OpaquePointer?
) -> Int32 {
  project?.pointee = nil
  return call(error) { () throws(APIError) in
    let path = try requireString(path, name: "path")
    let options = try optionsOrDefault(options)
    guard let project else { throw .invalidArgument("project (the result) is NULL") }
    do throws(ProjectError) {
      project.pointee = HandleRegistry.retain(
        ProjectObject(try Project(file: path, options: options)))
    } catch {
      throw APIError(error)
    }
  }
}

/// Loads a project from bytes.
@c public func ff_project_create_from_data(
  _ data: UnsafePointer<CChar>?, _ length: UInt, _ name: UnsafePointer<CChar>?,
  _ options: OpaquePointer?, _ project: UnsafeMutablePointer<OpaquePointer?>?,
  _ error: OpaquePointer?
) -> Int32 {
  project?.pointee = nil
  return call(error) { () throws(APIError) in
    guard let data else { throw .invalidArgument("data is NULL") }
    guard length <= UInt(Int.max) else { throw .invalidArgument("length \(length) is too large") }
    let contents = try decodeUTF8(
      UnsafeRawBufferPointer(start: data, count: Int(length)), name: "data")
    let name = try readString(name, name: "name") ?? "<layout>"
    let options = try optionsOrDefault(options)
    guard let project else { throw .invalidArgument("project (the result) is NULL") }
    do throws(ProjectError) {
      project.pointee = HandleRegistry.retain(
        ProjectObject(try Project(contents: contents, file: name, options: options)))
    } catch {
      throw APIError(error)
    }
  }
}

/// Frees a project; NULL is ignored.
@c public func ff_project_destroy(_ project: OpaquePointer?) {
  HandleRegistry.release(project, as: ProjectObject.self)
}

/// The number of screens.
@c public func ff_project_get_screen_count(_ project: OpaquePointer?) -> UInt {
  UInt(HandleRegistry.object(project, as: ProjectObject.self)?.project.screens.count ?? 0)
}

/// A screen's name and size.
@c public func ff_project_get_screen(
  _ project: OpaquePointer?, _ screen: UInt, _ name: UnsafeMutablePointer<UnsafePointer<CChar>?>?,
  _ width: UnsafeMutablePointer<Double>?, _ height: UnsafeMutablePointer<Double>?,
  _ scale: UnsafeMutablePointer<Double>?, _ error: OpaquePointer?
) -> Int32 {
  call(error) { () throws(APIError) in
    let object = try projectObject(project)
    let screens = object.project.screens
    guard screen < UInt(screens.count) else {
      throw .invalidArgument("screen \(screen) is out of range: the project has \(screens.count)")
    }
    let index = Int(screen)
    store(object.screenNames[index].c, name)
    store(screens[index].width, width)
    store(screens[index].height, height)
    store(screens[index].scale, scale)
  }
}

/// The number of locales.
@c public func ff_project_get_locale_count(_ project: OpaquePointer?) -> UInt {
  UInt(HandleRegistry.object(project, as: ProjectObject.self)?.locales.count ?? 0)
}

/// A locale's name, or NULL.
@c public func ff_project_get_locale(_ project: OpaquePointer?, _ locale: UInt) -> UnsafePointer<
  CChar
>? {
  guard let object = HandleRegistry.object(project, as: ProjectObject.self),
    locale < UInt(object.locales.count)
  else { return nil }
  return object.locales[Int(locale)]?.c
}

/// Every screen's JSON dump.
@c public func ff_project_dump_json(
  _ project: OpaquePointer?, _ fonts: OpaquePointer?, _ includeGlyphs: Int32,
  _ json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
  _ length: UnsafeMutablePointer<UInt>?,
  _ error: OpaquePointer?
) -> Int32 {
  call(error) { () throws(APIError) in
    let object = try projectObject(project)
    let system = try fontSystem(fonts)
    guard let json else { throw .invalidArgument("json (the result) is NULL") }
    let dumped: String
    do throws(SnapshotError) {
      dumped =
        try object.project.dump(
          .json(includingGlyphs: includeGlyphs != 0), shaper: system.fonts
        ).text + "\n"
    } catch {
      throw APIError(status: .layoutError, message: error.description)
    }
    try returnString(dumped, json, length)
  }
}

/// Hands `string` to C in malloc'd memory.
func returnString(
  _ string: String, _ result: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
  _ length: UnsafeMutablePointer<UInt>?
) throws(APIError) {
  guard let memory = mallocString(string) else {
    throw APIError(status: .renderError, message: "out of memory for \(string.utf8.count) bytes")
  }
  result.pointee = memory
  store(UInt(string.utf8.count), length)
}
