// The signed-in person's sessions (devices): the settings page only.
export { SessionsPage } from './SessionsPage';
