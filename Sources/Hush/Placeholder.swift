public enum HushPlaceholder {}
