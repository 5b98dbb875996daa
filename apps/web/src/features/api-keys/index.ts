// API keys of the organization: the settings page only.
export { ApiKeysPage } from './ApiKeysPage';
