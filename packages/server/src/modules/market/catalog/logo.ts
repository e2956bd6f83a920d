const palette = ['#1F6FEB', '#8250DF', '#BF3989', '#CF222E', '#BC4C00', '#4D2D00', '#1A7F37', '#0969DA', '#6E7781', '#116329'];

function initials(code: string, name: string): string {
  if (/^\d/.test(code)) {
    const words = name.split(/\s+/).filter((w) => /^[A-Za-z]/.test(w));
    return (words.length >= 2 ? `${words[0]?.[0]}${words[1]?.[0]}` : name.slice(0, 2)).toUpperCase();
  }
  return code.replace(/[^A-Z]/g, '').slice(0, 2) || code.slice(0, 2);
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A round badge with the instrument's initials, coloured by its code so it is stable. */
export function logoSvg(code: string, name: string): string {
  let hash = 0;
  for (const char of code) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const color = palette[hash % palette.length] ?? '#1F6FEB';
  const text = escapeXml(initials(code, name));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="${color}"/><text x="32" y="41" font-family="Helvetica, Arial, sans-serif" font-size="24" font-weight="700" fill="#fff" text-anchor="middle">${text}</text></svg>`;
}
