import '../settings.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadError } from '../../../components/load-error';
import { DateFormat, formatDate } from '../../../lib/format-date';
import { showSuccessToast, showToast } from '../../../lib/toast';
import { useMySessions, type DeviceSession } from '../api/get-my-sessions';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions';
import { useRevokeSession } from '../api/revoke-session';

const BROWSERS: Array<[RegExp, string]> = [
  [/Edg\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** "Chrome on Android" from a user agent; the raw string is kept for the title attribute. */
function deviceName(userAgent: string): string | null {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} · ${system}`;
  return browser ?? system ?? null;
}

function DeviceRow({ session, onSignOut }: { session: DeviceSession; onSignOut: (session: DeviceSession) => void }) {
  const { t } = useTranslation();
  const name = deviceName(session.userAgent) ?? t('settings.unknownDevice');
  return (
    <li className="menu-item device-row" data-session-id={session.id}>
      <div className="device-main">
        <p className="device-name" title={session.userAgent}>
          {name}
          {session.current ? <span className="device-current">{t('settings.thisDevice')}</span> : null}
        </p>
        <p className="device-meta">{session.ip || '—'}</p>
        <p className="device-meta">{t('settings.deviceSignedIn', { time: formatDate(session.createTimeTimestamp, DateFormat.dateTime) })}</p>
        <p className="device-meta">{t('settings.deviceLastActive', { time: formatDate(session.lastSeenTimestamp, DateFormat.dateTime) })}</p>
      </div>
      {session.current ? null : (
        <button type="button" className="text-button" aria-label={t('settings.signOutDeviceNamed', { device: name })} onClick={() => onSignOut(session)}>
          {t('settings.signOutDevice')}
        </button>
      )}
    </li>
  );
}

/** Settings › Security: where the account is signed in, and signing other devices out. */
export function DeviceSessions() {
  const { t } = useTranslation();
  const sessions = useMySessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const [target, setTarget] = useState<DeviceSession | null>(null);
  const [confirmOthers, setConfirmOthers] = useState(false);

  if (sessions.isError) return <LoadError message={sessions.error.message} onRetry={() => void sessions.refetch()} />;
  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current);

  const signOut = (session: DeviceSession) =>
    revoke.mutate(session.id, {
      onSuccess: () => showSuccessToast(t('settings.deviceSignedOut')),
      onError: (error) => showToast(error.message),
      onSettled: () => setTarget(null),
    });
  const signOutOthers = () =>
    revokeOthers.mutate(undefined, {
      onSuccess: ({ revoked }) => showSuccessToast(t('settings.othersSignedOut', { count: revoked })),
      onError: (error) => showToast(error.message),
      onSettled: () => setConfirmOthers(false),
    });

  return (
    <section aria-labelledby="devices-title">
      <h2 id="devices-title" className="section-title">
        {t('settings.devices')}
      </h2>
      <div className="section">
        <ul className="card menu-list" aria-busy={sessions.isPending}>
          {list.map((session) => (
            <DeviceRow key={session.id} session={session} onSignOut={setTarget} />
          ))}
        </ul>
        {sessions.data && others.length === 0 ? <p className="device-hint">{t('settings.noOtherDevices')}</p> : null}
        {others.length > 0 ? (
          <button type="button" className="text-button device-sign-out-all" onClick={() => setConfirmOthers(true)}>
            {t('settings.signOutOthers')}
          </button>
        ) : null}
      </div>
      <ConfirmDialog
        visible={target !== null}
        title={t('settings.signOutDeviceTitle')}
        confirmText={t('settings.signOutDevice')}
        danger
        busy={revoke.isPending}
        onConfirm={() => target && signOut(target)}
        onCancel={() => setTarget(null)}
      >
        {target ? t('settings.signOutDeviceBody', { device: deviceName(target.userAgent) ?? t('settings.unknownDevice'), ip: target.ip || '—' }) : null}
      </ConfirmDialog>
      <ConfirmDialog
        visible={confirmOthers}
        title={t('settings.signOutOthersTitle')}
        confirmText={t('settings.signOutOthers')}
        danger
        busy={revokeOthers.isPending}
        onConfirm={signOutOthers}
        onCancel={() => setConfirmOthers(false)}
      >
        {t('settings.signOutOthersBody')}
      </ConfirmDialog>
    </section>
  );
}
