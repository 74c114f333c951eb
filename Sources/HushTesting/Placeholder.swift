public enum HushTestingPlaceholder {}
