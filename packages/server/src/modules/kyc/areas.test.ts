import { describe, expect, it } from 'vitest';
import { areas, flagOf } from './areas.js';

describe('areas (/areaInfo/list)', () => {
  it('gives every country a unique code, a dialling code and its flag', () => {
    expect(new Set(areas.map((a) => a.code)).size).toBe(areas.length);
    for (const area of areas) {
      expect(area.code).toMatch(/^[A-Z]{2}$/);
      expect(area.dialCode).toMatch(/^\+\d{1,4}$/);
      expect([...area.flag]).toHaveLength(2);
      expect(area.flag).toBe(flagOf(area.code));
    }
    expect(areas.find((a) => a.code === 'TW')).toEqual({ code: 'TW', name: 'Taiwan', dialCode: '+886', flag: '🇹🇼' });
    expect(flagOf('de')).toBe('🇩🇪');
  });
});
