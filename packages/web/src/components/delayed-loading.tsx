import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Quick loads flash nothing: the indicator appears only once the delay has passed (SPEC §9: 200 ms). */
export function DelayedLoading({ delayMs = 200 }: { delayMs?: number }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(delayMs <= 0);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  if (!visible) return null;
  return (
    <div className="page-status" role="status">
      {/* A CSS ring, not antd-mobile's SpinLoading: this shows before every lazy page, so it must not pull an animation library into the first paint. */}
      <span className="page-spinner" aria-hidden />
      <span className="page-status-text">{t('common.loading')}</span>
    </div>
  );
}
