import type { ReactNode } from 'react';

export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: string; actions?: ReactNode }) {
  return (
    <header className="bo-page-header">
      <div>
        <h1 className="bo-page-title">{title}</h1>
        {subtitle ? <p className="bo-page-subtitle">{subtitle}</p> : null}
      </div>
      {actions ? <div className="bo-page-actions">{actions}</div> : null}
    </header>
  );
}
