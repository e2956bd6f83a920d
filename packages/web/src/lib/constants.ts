/** Business constants of SPEC §9 that the web app uses; one place so a change is one edit. */
export const RISE_COLOR = '#00AF46';
export const FALL_COLOR = '#DF1525';
export const TOAST_DURATION_MS = 2000;
export const REQUEST_TIMEOUT_MS = 120_000;
export const LAZY_PAGE_DELAY_MS = 200;
export const LAZY_PAGE_TIMEOUT_MS = 60_000;
export const TAB_BAR_HEIGHT_PX = 50;
export const EMAIL_CODE_COOLDOWN_SECONDS = 60;
export const DEFAULT_PRECISION = 4;
export const PERCENT_PRECISION = 2;
/** The document title stays this fixed short text on every page (SPEC §2). */
export const APP_TITLE = 'Tradewind';
