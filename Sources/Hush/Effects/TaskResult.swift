/// The result of an async call that can throw, as TCA spells it: a `Result` whose failure is
/// any error, and which is `Equatable` when its value is, so that an action that carries one
/// can be `Equatable` and a test can receive it by value.
///
/// ```swift
/// enum Action: Equatable {
///   case searchResponse(TaskResult<[Place]>)
/// }
///
/// return .run { [query = state.query] send in
///   await send(.searchResponse(TaskResult { try await client.search(query) }))
/// }
///
/// await store.receive(.searchResponse(.success([place])))
/// ```
///
/// Two failures are equal when their errors are: by `==` for errors that are `Equatable` (of
/// the same type), and otherwise when they have the same type and the same description
/// (`String(reflecting:)`), which is what a test can compare. (TCA soft-deprecates this type
/// for `Result`, which Hush handles too.)
public enum TaskResult<Success: Sendable>: Sendable {
  /// The call returned `Success`.
  case success(Success)
  /// The call threw.
  case failure(any Error)

  /// Runs `body`, catching what it throws.
  public init(catching body: @Sendable () async throws -> Success) async {
    do {
      self = .success(try await body())
    } catch {
      self = .failure(error)
    }
  }

  /// The same result as a `Result`.
  public init<Failure>(_ result: Result<Success, Failure>) {
    switch result {
    case let .success(value): self = .success(value)
    case let .failure(error): self = .failure(error)
    }
  }

  /// The value, or the error thrown.
  public var value: Success {
    get throws {
      switch self {
      case let .success(value): return value
      case let .failure(error): throw error
      }
    }
  }

  /// The value transformed, or the same error.
  public func map<NewSuccess>(_ transform: (Success) -> NewSuccess) -> TaskResult<NewSuccess> {
    switch self {
    case let .success(value): .success(transform(value))
    case let .failure(error): .failure(error)
    }
  }

  /// The result `transform` makes of the value, or the same error.
  public func flatMap<NewSuccess>(
    _ transform: (Success) -> TaskResult<NewSuccess>
  ) -> TaskResult<NewSuccess> {
    switch self {
    case let .success(value): transform(value)
    case let .failure(error): .failure(error)
    }
  }
}

extension TaskResult: CasePathable {
  /// The case paths of a task result: `\.response.success` matches a successful response in
  /// `receive`, whatever its value.
  public struct AllCasePaths: Sendable {
    /// The `success` case.
    public var success: AnyCasePath<TaskResult, Success> {
      AnyCasePath(
        embed: { .success($0) },
        extract: {
          guard case let .success(value) = $0 else { return nil }
          return value
        })
    }

    /// The `failure` case.
    public var failure: AnyCasePath<TaskResult, any Error> {
      AnyCasePath(
        embed: { .failure($0) },
        extract: {
          guard case let .failure(error) = $0 else { return nil }
          return error
        })
    }
  }

  /// The case paths of a task result.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension Result where Success: Sendable, Failure == any Error {
  /// The same result as a ``TaskResult``.
  public init(_ result: TaskResult<Success>) {
    switch result {
    case let .success(value): self = .success(value)
    case let .failure(error): self = .failure(error)
    }
  }
}

extension TaskResult: Equatable where Success: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case let (.success(lhs), .success(rhs)): lhs == rhs
    case let (.failure(lhs), .failure(rhs)): errorsAreEqual(lhs, rhs)
    default: false
    }
  }
}

extension TaskResult: Hashable where Success: Hashable {
  public func hash(into hasher: inout Hasher) {
    switch self {
    case let .success(value):
      hasher.combine(0)
      hasher.combine(value)
    case let .failure(error):
      hasher.combine(1)
      // Through `Any`: on Apple platforms every error bridges to `NSError`, which is hashable.
      if let error = (error as Any) as? any Hashable {
        hasher.combine(error)
      } else {
        hasher.combine(ObjectIdentifier(type(of: error)))
        hasher.combine(String(reflecting: error))
      }
    }
  }
}

/// Whether two errors are the same: by `==` when they are `Equatable` values of one type,
/// otherwise by type and description.
private func errorsAreEqual(_ lhs: any Error, _ rhs: any Error) -> Bool {
  guard type(of: lhs) == type(of: rhs) else { return false }
  // Through `Any`: on Apple platforms every error bridges to `NSError`, which is equatable.
  if let lhs = (lhs as Any) as? any Equatable {
    func isEqual<Value: Equatable>(_ lhs: Value) -> Bool {
      lhs == (rhs as? Value)
    }
    return isEqual(lhs)
  }
  return String(reflecting: lhs) == String(reflecting: rhs)
}
