import SwiftSyntax

/// Where the linted code makes each type by calling it (`SettingsPane()`): what decides how
/// often a view is made again, and so how often its stored-property defaults and initializer
/// run.
///
/// A site, as kept in the project index, is one of:
/// - `scene:App`: in the `body` of the scene or app `App` (`Settings { SettingsPane() }`);
/// - `widget:Clock`: in the `body` of the widget `Clock` (`StaticConfiguration(…) { entry in
///   ClockView(entry: entry) }`): WidgetKit renders each timeline entry once;
/// - `in:Panes`: in a computed property or method of the type `Panes` (its `body`);
/// - `do:Controller`: in a method of `Controller` that returns nothing or is `async`
///   (`func openSettings() { window = NSWindow(contentViewController: NSHostingController(…)) }`):
///   it cannot hand the view to a `body`, so the view is made when that code runs, not when a
///   parent renders;
/// - `new:Controller`: in a stored property's default or an initializer of `Controller`;
/// - ``elsewhere``: anywhere else (a free function, a static member).
///
/// Previews (`#Preview`, a `PreviewProvider`) are not sites: they do not run in the app.
enum ViewSites {
  static let elsewhere = "*"

  /// The sites of every type the file makes with a call of its plain name.
  static func collect(_ syntax: SyntaxIndex) -> [String: Set<String>] {
    var sites: [String: Set<String>] = [:]
    // One sweep over the calls and the members, both in source order: the open members
    // around a call are a stack, its innermost member on top. Each member's site is worked
    // out once, when a call first needs it.
    let members = syntax.memberItems
    var open: [(end: AbsolutePosition, member: Int)] = []
    var memberSites: [Int: String?] = [:]
    var next = 0
    for call in syntax.calls {
      guard let reference = call.calledExpression.as(DeclReferenceExprSyntax.self),
        reference.argumentNames == nil, reference.baseName.text.first?.isUppercase == true
      else { continue }
      let position = call.position
      while next < members.count, members[next].position <= position {
        while let last = open.last, last.end <= members[next].position { open.removeLast() }
        open.append((members[next].endPosition, next))
        next += 1
      }
      while let last = open.last, last.end <= position { open.removeLast() }
      if syntax.previews.contains(where: {
        $0.position <= position && position < $0.endPosition
      }) {
        continue
      }
      let site: String?
      if let innermost = open.last?.member {
        if let known = memberSites[innermost] {
          site = known
        } else {
          site = self.site(in: members[innermost])
          memberSites[innermost] = site
        }
      } else {
        site = elsewhere
      }
      guard let site else { continue }
      sites[reference.baseName.text, default: []].insert(site)
    }
    return sites
  }

  /// The site of a call inside the member `item`.
  private static func site(in item: MemberBlockItemSyntax) -> String? {
    // The item is in a member list, in a member block, in the declaration.
    guard let declaration = item.parent?.parent?.parent else { return elsewhere }
    let typeName: String?
    let inherited: InheritanceClauseSyntax?
    if let named = declaration.asProtocol(NamedDeclSyntax.self),
      let group = declaration.asProtocol(DeclGroupSyntax.self)
    {
      typeName = named.name.text
      inherited = group.inheritanceClause
    } else if let extensionDecl = declaration.as(ExtensionDeclSyntax.self) {
      typeName = extensionDecl.extendedType.simpleName
      inherited = extensionDecl.inheritanceClause
    } else {
      return elsewhere
    }
    guard let typeName else { return elsewhere }
    if TypeRecorder.inheritedNames(inherited).contains("PreviewProvider") { return nil }
    if item.decl.is(InitializerDeclSyntax.self) { return "new:" + typeName }
    if let variable = item.decl.as(VariableDeclSyntax.self) {
      guard !variable.isStatic, let binding = variable.bindings.first else { return elsewhere }
      guard binding.isComputed else { return "new:" + typeName }
      if binding.identifierName == "body", let type = binding.typeAnnotation?.type.trimmedText {
        if type.hasSuffix("Scene") { return "scene:" + typeName }
        if type.hasSuffix("WidgetConfiguration") { return "widget:" + typeName }
      }
      return "in:" + typeName
    }
    if let function = item.decl.as(FunctionDeclSyntax.self),
      !function.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) })
    {
      let signature = function.signature
      return signature.returnClause == nil || signature.effectSpecifiers?.asyncSpecifier != nil
        ? "do:" + typeName : "in:" + typeName
    }
    return elsewhere
  }
}
