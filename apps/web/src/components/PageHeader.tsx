import { useEffect, type ReactNode } from 'react';

interface PageHeaderProps {
  title: ReactNode;
  /** The browser tab's title; defaults to `title` when that is plain text. */
  documentTitle?: string;
  eyebrow?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}

export function PageHeader({ title, documentTitle, eyebrow, description, actions }: PageHeaderProps) {
  const tabTitle = documentTitle ?? (typeof title === 'string' ? title : undefined);
  useEffect(() => {
    if (tabTitle) document.title = `${tabTitle} · Loadline`;
  }, [tabTitle]);
  return (
    <header className="page-header">
      <div className="page-header__text">
        {eyebrow ? <div className="page-header__eyebrow">{eyebrow}</div> : null}
        <h1 className="page-header__title">{title}</h1>
        {description ? <p className="page-header__description">{description}</p> : null}
      </div>
      {actions ? <div className="page-header__actions">{actions}</div> : null}
    </header>
  );
}

interface CardProps {
  title?: ReactNode;
  actions?: ReactNode;
  /** A short paragraph above the body saying what the card is for. */
  intro?: ReactNode;
  children: ReactNode;
  className?: string;
}

export function Card({ title, actions, intro, children, className }: CardProps) {
  return (
    <section className={`card${className ? ` ${className}` : ''}`}>
      {title || actions ? (
        <div className="card__header">
          {title ? <h2 className="card__title">{title}</h2> : <span />}
          {actions ? <div className="card__actions">{actions}</div> : null}
        </div>
      ) : null}
      <div className="card__body">
        {intro ? <p className="muted small card__intro">{intro}</p> : null}
        {children}
      </div>
    </section>
  );
}
