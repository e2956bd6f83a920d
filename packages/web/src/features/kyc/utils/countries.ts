import type { Area } from '@tradewind/contract';

export interface CountryOption {
  code: string;
  name: string;
}

/**
 * The server names countries in English; the phone's `Intl.DisplayNames` names them in the
 * interface language where it can, sorted the way that language sorts.
 */
export function countryOptions(areas: readonly Area[], language: string): CountryOption[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language, 'en'], { type: 'region' });
  } catch {
    names = null;
  }
  const options = areas.map((area) => {
    let name = area.name;
    try {
      name = names?.of(area.code) ?? area.name;
    } catch {
      name = area.name;
    }
    return { code: area.code, name };
  });
  return options.sort((a, b) => a.name.localeCompare(b.name, language));
}
