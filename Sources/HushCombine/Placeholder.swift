public enum HushCombinePlaceholder {}
