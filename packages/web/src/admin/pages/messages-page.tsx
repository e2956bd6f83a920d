import { type FormEvent, useId, useState } from 'react';
import { showSuccessToast } from '../../lib/toast';
import { useSendMessage } from '../api/send-message';
import { ConfirmDialog } from '../components/confirm-dialog';
import { PageHeader } from '../components/page-header';
import { useAdminTranslation } from '../i18n/use-admin-translation';
import { errorMessage } from '../lib/error-message';

type Audience = 'user' | 'all';

/** Back office: an inbox message to one user (by UID) or to every user; a broadcast asks first. */
export function MessagesPage() {
  const { t } = useAdminTranslation();
  const id = useId();
  const send = useSendMessage();
  const [audience, setAudience] = useState<Audience>('user');
  const [userId, setUserId] = useState('');
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const deliver = async () => {
    setConfirming(false);
    try {
      const body = { audience, title: title.trim(), content: content.trim(), ...(audience === 'user' ? { userId: Number(userId) } : {}) };
      const { delivered } = await send.mutateAsync(body);
      showSuccessToast(t('messages.sent', { count: delivered }));
      setTitle('');
      setContent('');
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (audience === 'user' && !/^\d{1,15}$/.test(userId.trim())) return setError(t('messages.userIdInvalid'));
    if (!title.trim() || !content.trim()) return setError(t('messages.required'));
    if (audience === 'all') return setConfirming(true);
    void deliver();
  };

  return (
    <section className="bo-page">
      <PageHeader title={t('messages.title')} subtitle={t('messages.subtitle')} />
      <form className="bo-card bo-form" onSubmit={submit} noValidate aria-label={t('messages.title')}>
        <fieldset className="bo-fieldset">
          <legend className="bo-label">{t('messages.audience')}</legend>
          <label className="bo-check">
            <input type="radio" name={`${id}-audience`} checked={audience === 'user'} onChange={() => setAudience('user')} />
            <span>{t('messages.oneUser')}</span>
          </label>
          <label className="bo-check">
            <input type="radio" name={`${id}-audience`} checked={audience === 'all'} onChange={() => setAudience('all')} />
            <span>{t('messages.allUsers')}</span>
          </label>
        </fieldset>
        <div className="bo-form-grid">
          {audience === 'user' ? (
            <div className="bo-field">
              <label className="bo-label" htmlFor={`${id}-user`}>
                {t('messages.userId')}
              </label>
              <input id={`${id}-user`} className="bo-input" inputMode="numeric" value={userId} onChange={(event) => setUserId(event.target.value)} />
            </div>
          ) : null}
          <div className="bo-field bo-field-span">
            <label className="bo-label" htmlFor={`${id}-title`}>
              {t('messages.messageTitle')}
            </label>
            <input id={`${id}-title`} className="bo-input" maxLength={100} value={title} onChange={(event) => setTitle(event.target.value)} />
          </div>
          <div className="bo-field bo-field-span">
            <label className="bo-label" htmlFor={`${id}-content`}>
              {t('messages.content')}
            </label>
            <textarea id={`${id}-content`} className="bo-input bo-textarea" maxLength={2000} value={content} onChange={(event) => setContent(event.target.value)} />
          </div>
        </div>
        {error ? (
          <p className="bo-form-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="bo-form-actions">
          <button type="submit" className="bo-button bo-button-primary" disabled={send.isPending}>
            {send.isPending ? t('common.working') : t('messages.send')}
          </button>
        </div>
      </form>
      {confirming ? (
        <ConfirmDialog
          title={t('messages.confirmTitle')}
          body={t('messages.confirmBody', { title: title.trim() })}
          confirmLabel={t('messages.send')}
          onConfirm={() => void deliver()}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </section>
  );
}
