import { TOAST_DURATION_MS } from './constants';

// antd-mobile's Toast brings its animation library along; it is fetched on the first toast, not
// before Home's first paint (issue 10 budget).
const toastView = () => import('./toast-view');

/** Every toast of the app: one look, SPEC §9's 2000 ms. */
export function showToast(content: string): void {
  void toastView().then(({ Toast }) => Toast.show({ content, duration: TOAST_DURATION_MS }));
}

export function showSuccessToast(content: string): void {
  void toastView().then(({ Toast }) => Toast.show({ content, icon: 'success', duration: TOAST_DURATION_MS }));
}
