import { Component, type ComponentType, type ReactNode, Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DelayedLoading } from '../components/delayed-loading';
import { LoadError } from '../components/load-error';
import { loadAllTexts } from '../i18n/i18n';
import { LAZY_PAGE_DELAY_MS, LAZY_PAGE_TIMEOUT_MS } from '../lib/constants';
import { StaleBuildError, isReloadingForNewBuild, isStaleBuildError, reloadForNewBuild } from '../lib/stale-build';

export type PageLoader = () => Promise<ComponentType>;

export interface LazyPageOptions {
  delayMs?: number;
  timeoutMs?: number;
  /** Whether the page renders only with the English texts of Home's first paint (Home): it then does not wait for the rest. */
  firstPaintTextsSuffice?: boolean;
}

export class PageLoadTimeoutError extends Error {
  override readonly name = 'PageLoadTimeoutError';
}

function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new PageLoadTimeoutError(`page load exceeded ${timeoutMs} ms`)), timeoutMs);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

function PageLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return <LoadError onRetry={onRetry} message={t('common.pageLoadFailed')} />;
}

class PageLoadBoundary extends Component<{ children: ReactNode; onRetry: () => void }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <PageLoadError onRetry={this.props.onRetry} /> : this.props.children;
  }
}

/**
 * Loads a page's code. A chunk of an old build (gone since a deploy, or lacking the page's export)
 * reloads the app once for the new build, showing the loading indicator until the page goes; only a
 * second such failure (or any other) reaches the error and its retry.
 */
async function loadPage(load: PageLoader, timeoutMs: number, firstPaintTextsSuffice: boolean): Promise<{ default: ComponentType }> {
  try {
    // React asks for the page inside its render, and Vite's loader then adds a module preload per file
    // of the page (~30 for the order page) in that task: from a task of its own, the two are shorter.
    await new Promise((resolve) => setTimeout(resolve));
    // The rest of the English texts load beside the page's code, not after it: no key shows untranslated.
    const [Page] = await withTimeout(Promise.all([load(), firstPaintTextsSuffice ? undefined : loadAllTexts()]), timeoutMs);
    if (typeof Page !== 'function' && (typeof Page !== 'object' || Page === null)) {
      throw new StaleBuildError('the page module does not export its page');
    }
    return { default: Page };
  } catch (error) {
    if (isReloadingForNewBuild() || (isStaleBuildError(error) && reloadForNewBuild())) return new Promise<never>(() => {});
    throw error;
  }
}

/**
 * A page whose code is fetched on first visit (SPEC §2, §9): the indicator waits `delayMs`, a load
 * that takes longer than `timeoutMs` (or fails) shows an error with a retry.
 */
export function lazyPage(load: PageLoader, options: LazyPageOptions = {}): ComponentType {
  const delayMs = options.delayMs ?? LAZY_PAGE_DELAY_MS;
  const timeoutMs = options.timeoutMs ?? LAZY_PAGE_TIMEOUT_MS;
  const firstPaintTextsSuffice = options.firstPaintTextsSuffice ?? false;
  // React.lazy remembers a failed load for good, so a retry needs a fresh one; shared by every mount.
  const createLazy = () => lazy(() => loadPage(load, timeoutMs, firstPaintTextsSuffice));
  let current = createLazy();

  function LazyPage() {
    const [attempt, setAttempt] = useState({ count: 0, Page: current });
    const retry = () => {
      current = createLazy();
      setAttempt((previous) => ({ count: previous.count + 1, Page: current }));
    };
    const { Page } = attempt;
    return (
      <PageLoadBoundary key={attempt.count} onRetry={retry}>
        <Suspense fallback={<DelayedLoading delayMs={delayMs} />}>
          <Page />
        </Suspense>
      </PageLoadBoundary>
    );
  }
  return LazyPage;
}
