import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/badges.css';
import './styles/feedback.css';
import './styles/auth.css';
import './styles/forms.css';
import './styles/tables.css';
import './styles/run.css';
import './styles/charts.css';
import './styles/settings.css';
import './styles/editor.css';
import './styles/plan-page.css';
import './styles/reports.css';
import './styles/print.css';

createRoot(document.getElementById('root')!).render(<App />);
