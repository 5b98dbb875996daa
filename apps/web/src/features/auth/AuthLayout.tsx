import { useEffect, type ReactNode } from 'react';
import { Logo } from '../../components/Logo';

interface AuthLayoutProps {
  title: string;
  subtitle: ReactNode;
  children: ReactNode;
  footer: ReactNode;
}

export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  useEffect(() => {
    document.title = `${title} · Loadline`;
  }, [title]);
  return (
    <div className="auth">
      <aside className="auth__aside" aria-hidden="true">
        <div className="auth__aside-inner">
          <Logo />
          <p className="auth__pitch">Load tests with SLA verdicts, not hand-copied tables.</p>
          <ul className="auth__points">
            <li>p50 / p95 / p99 per endpoint, merged from histograms</li>
            <li>PASS / FAIL against the thresholds you set</li>
            <li>Run on demand, from CI or on a schedule</li>
          </ul>
        </div>
      </aside>
      <main className="auth__main" id="main">
        <div className="auth__card">
          <div className="auth__logo-small">
            <Logo />
          </div>
          <h1 className="auth__title">{title}</h1>
          <p className="auth__subtitle">{subtitle}</p>
          {children}
          <p className="auth__footer">{footer}</p>
        </div>
      </main>
    </div>
  );
}
