// The settings section's layout and navigation; each page in it belongs to its own feature.
export { SettingsLayout } from './SettingsLayout';
