import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useAdminTranslation } from '../i18n/use-admin-translation';

export interface ModalProps {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** `dialog`: centred box; `drawer`: a panel from the right (full screen on a phone); `viewer`: an image. */
  variant?: 'dialog' | 'drawer' | 'viewer';
  /** While an action runs, the dialog cannot be dismissed. */
  locked?: boolean;
}

/** Open modals, innermost last: only the top one answers Escape and keeps Tab inside. */
const openModals: symbol[] = [];

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal surface above the page: labelled by its title, Escape or the backdrop closes it, focus
 * moves in on open, stays inside on Tab and returns to where it was on close.
 */
export function Modal({ title, onClose, children, footer, variant = 'dialog', locked = false }: ModalProps) {
  const { t } = useAdminTranslation();
  const titleId = useId();
  const surface = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  const isLocked = useRef(locked);
  isLocked.current = locked;

  useEffect(() => {
    const self = Symbol('modal');
    openModals.push(self);
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const node = surface.current;
    // A field that wants the first keystroke gets focus; otherwise the dialog itself, so a stray
    // Enter confirms nothing and Escape still closes.
    (node?.querySelector<HTMLElement>('[data-autofocus]') ?? node)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (openModals.at(-1) !== self) return;
      if (event.key === 'Escape' && !isLocked.current) {
        close.current();
      }
      if (event.key === 'Tab' && node) {
        const items = [...node.querySelectorAll<HTMLElement>(FOCUSABLE)];
        const firstItem = items[0];
        const lastItem = items.at(-1);
        if (!firstItem || !lastItem) return;
        if (event.shiftKey && document.activeElement === firstItem) {
          event.preventDefault();
          lastItem.focus();
        } else if (!event.shiftKey && document.activeElement === lastItem) {
          event.preventDefault();
          firstItem.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      openModals.splice(openModals.indexOf(self), 1);
      opener?.focus();
    };
  }, []);

  return createPortal(
    <div className={`bo-overlay bo-overlay-${variant}`}>
      <div className="bo-backdrop" aria-hidden="true" onClick={() => !locked && onClose()} />
      <div ref={surface} className={`bo-modal bo-modal-${variant}`} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <header className="bo-modal-header">
          <h2 id={titleId} className="bo-modal-title">
            {title}
          </h2>
          <button type="button" className="bo-icon-button" onClick={onClose} disabled={locked} aria-label={t('common.close')}>
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </header>
        <div className="bo-modal-body">{children}</div>
        {footer ? <footer className="bo-modal-footer">{footer}</footer> : null}
      </div>
    </div>,
    document.body,
  );
}
