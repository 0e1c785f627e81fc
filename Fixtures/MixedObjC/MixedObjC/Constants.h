// Shared reuse identifiers, the way element-ios and older apps spell them.
#define kSettingsCellID @"SettingsCell"
