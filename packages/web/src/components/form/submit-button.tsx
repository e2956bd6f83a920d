import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';

/** The primary action at the bottom of a form; shows progress and blocks double submits. */
export function SubmitButton({ loading, children }: { loading: boolean; children: ReactNode }) {
  return (
    <Button className="submit-button" type="submit" color="primary" block size="large" shape="rounded" loading={loading} disabled={loading}>
      {children}
    </Button>
  );
}
