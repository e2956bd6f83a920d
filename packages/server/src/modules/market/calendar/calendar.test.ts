import { describe, expect, it } from 'vitest';
import { currentOrNextSession, isOpenAt, latestSession, sessionAt, sessionOf } from './calendar.js';
import { loadInstruments } from '../catalog/instruments.js';

const { calendars } = loadInstruments({ alwaysOpen: false });
const at = (iso: string) => Date.parse(iso);

describe('US equities calendar', () => {
  const us = calendars.us;

  it('opens 09:30 to 16:00 New York time, following daylight saving', () => {
    expect(sessionOf(us, '2026-01-05')).toMatchObject({ open: at('2026-01-05T14:30:00Z'), close: at('2026-01-05T21:00:00Z') });
    expect(sessionOf(us, '2026-07-06')).toMatchObject({ open: at('2026-07-06T13:30:00Z'), close: at('2026-07-06T20:00:00Z') });
    expect(isOpenAt(us, at('2026-01-05T14:29:59Z'))).toBe(false);
    expect(isOpenAt(us, at('2026-01-05T14:30:00Z'))).toBe(true);
    expect(isOpenAt(us, at('2026-01-05T21:00:00Z'))).toBe(false);
  });

  it('is closed on a holiday (Thanksgiving 2026) and reopens the next day', () => {
    expect(sessionOf(us, '2026-11-26')).toBeNull();
    expect(isOpenAt(us, at('2026-11-26T16:00:00Z'))).toBe(false);
    expect(currentOrNextSession(us, at('2026-11-26T16:00:00Z')).date).toBe('2026-11-27');
    expect(latestSession(us, at('2026-11-26T16:00:00Z')).date).toBe('2026-11-25');
  });

  it('is closed at the weekend; the latest session is Friday and the next is Monday', () => {
    const saturday = at('2026-11-21T17:00:00Z');
    expect(isOpenAt(us, saturday)).toBe(false);
    expect(latestSession(us, saturday).date).toBe('2026-11-20');
    expect(currentOrNextSession(us, saturday)).toMatchObject({ date: '2026-11-23', open: at('2026-11-23T14:30:00Z') });
  });
});

describe('Taiwan calendar', () => {
  it('trades 09:00 to 13:30 Taipei time (UTC+8, no daylight saving)', () => {
    expect(sessionOf(calendars.tw, '2026-11-23')).toMatchObject({ open: at('2026-11-23T01:00:00Z'), close: at('2026-11-23T05:30:00Z') });
    expect(isOpenAt(calendars.tw, at('2026-11-23T05:29:00Z'))).toBe(true);
    expect(isOpenAt(calendars.tw, at('2026-11-23T05:30:00Z'))).toBe(false);
    expect(sessionOf(calendars.tw, '2026-10-10')).toBeNull();
  });
});

describe('futures and forex calendars', () => {
  it('futures open Sunday 17:00 Chicago for Monday and pause 16:00–17:00 daily', () => {
    const monday = sessionOf(calendars.futures, '2026-11-23');
    expect(monday).toMatchObject({ open: at('2026-11-22T23:00:00Z'), close: at('2026-11-23T22:00:00Z') });
    expect(sessionAt(calendars.futures, at('2026-11-22T23:30:00Z'))?.date).toBe('2026-11-23');
    expect(isOpenAt(calendars.futures, at('2026-11-23T22:30:00Z'))).toBe(false);
  });

  it('forex runs from Sunday 17:00 to Friday 17:00 New York', () => {
    expect(isOpenAt(calendars.forex, at('2026-11-22T21:59:00Z'))).toBe(false);
    expect(isOpenAt(calendars.forex, at('2026-11-22T22:00:00Z'))).toBe(true);
    expect(isOpenAt(calendars.forex, at('2026-11-25T03:00:00Z'))).toBe(true);
    expect(isOpenAt(calendars.forex, at('2026-11-27T22:00:00Z'))).toBe(false);
  });
});

describe('always-open demo setting', () => {
  it('keeps every market in session, weekends and holidays included', () => {
    const demo = loadInstruments({ alwaysOpen: true }).calendars;
    expect(isOpenAt(demo.us, at('2026-11-26T16:00:00Z'))).toBe(true);
    expect(isOpenAt(demo.tw, at('2026-11-21T12:00:00Z'))).toBe(true);
  });
});
