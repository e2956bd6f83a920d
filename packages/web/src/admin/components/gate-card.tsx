import type { ReactNode } from 'react';
import { BrandMark } from '../../components/brand-mark';

/** The card the back office shows instead of itself when it cannot be used (not an admin, two-factor missing). */
export function GateCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="bo-gate">
      <div className="bo-gate-card" role="alert" aria-labelledby="bo-gate-title">
        <BrandMark size={48} />
        <h1 id="bo-gate-title" className="bo-gate-title">
          {title}
        </h1>
        {children}
      </div>
    </main>
  );
}
