import Bowser from 'bowser';

/** "Firefox 133 · Windows" from a User-Agent (bowser); null when nothing is known. */
export function deviceOf(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const ua = Bowser.parse(userAgent);
  const browser = [ua.browser.name, ua.browser.version?.split('.')[0]].filter(Boolean).join(' ');
  const os = ua.os.name ?? '';
  const kind = ua.platform.type === 'mobile' || ua.platform.type === 'tablet' ? ua.platform.type : '';
  const text = [browser, [os, kind && `(${kind})`].filter(Boolean).join(' ')].filter(Boolean).join(' · ');
  return text || null;
}
