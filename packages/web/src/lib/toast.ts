import './antd-mobile-react19';
import { Toast } from 'antd-mobile';
import { TOAST_DURATION_MS } from './constants';

/** Every toast of the app: one look, SPEC §9's 2000 ms. */
export function showToast(content: string): void {
  Toast.show({ content, duration: TOAST_DURATION_MS });
}

export function showSuccessToast(content: string): void {
  Toast.show({ content, icon: 'success', duration: TOAST_DURATION_MS });
}
