public enum HushLintPlaceholder {}
