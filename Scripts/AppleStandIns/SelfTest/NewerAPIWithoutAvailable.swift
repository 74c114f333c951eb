// apple-compile self-test: the Swift runtime ships with Apple's OSes, so an API it added after
// the deployment target (`Task.name`: macOS 26, the target is macOS 14) must be used under
// `if #available`; Linux has it always, so only the check of the Apple platforms can say so
// (Hush's tests read `Task.name` unguarded).
// platform: macOS
func taskName() -> String? {
  Task.name  // expected-error
}

func guardedTaskName() -> String? {
  if #available(macOS 26, iOS 26, *) {
    return Task.name
  }
  return nil
}
