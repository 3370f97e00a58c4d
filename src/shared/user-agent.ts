/**
 * A readable name for the device behind a session ("Chrome on Windows"), from its User-Agent header, for the
 * session list on the profile page. Deliberately small: it names what people recognise, not every version.
 */

export type DeviceKind = 'desktop' | 'mobile' | 'tablet' | 'unknown';

export type UserAgentDescription = {
  /** 'Chrome', 'Safari', 'curl', ...; null when not recognised. */
  browser: string | null;
  /** 'Windows', 'macOS', 'iPhone', 'Android', ...; null when not recognised. */
  os: string | null;
  kind: DeviceKind;
  /** What to show: 'Chrome on Windows', 'Safari on iPhone', or 'Unknown device'. */
  label: string;
};

// Order matters: most browsers also claim to be Chrome and Safari, so the specific tokens come first.
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bVivaldi\//, 'Vivaldi'],
  [/\bYaBrowser\//, 'Yandex Browser'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\bHeadlessChrome\//, 'Headless Chrome'],
  [/\bCriOS\//, 'Chrome'],
  [/\bChromium\//, 'Chromium'],
  [/\bChrome\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  // Programs rather than browsers: API clients and scripts also hold sessions.
  [/^curl\//, 'curl'],
  [/^PostmanRuntime\//, 'Postman'],
  [/^python-requests\//, 'Python'],
  [/^(?:node|undici|node-fetch)\b/i, 'Node.js'],
  [/^Go-http-client\//, 'Go'],
];

function detectOs(ua: string): { os: string | null; kind: DeviceKind } {
  if (/\biPad\b/.test(ua)) return { os: 'iPad', kind: 'tablet' };
  if (/\biPhone\b|\biPod\b/.test(ua)) return { os: 'iPhone', kind: 'mobile' };
  if (/\bAndroid\b/.test(ua)) return { os: 'Android', kind: /\bMobile\b/.test(ua) ? 'mobile' : 'tablet' };
  if (/\bWindows Phone\b/.test(ua)) return { os: 'Windows Phone', kind: 'mobile' };
  if (/\bWindows\b/.test(ua)) return { os: 'Windows', kind: 'desktop' };
  if (/\bCrOS\b/.test(ua)) return { os: 'ChromeOS', kind: 'desktop' };
  if (/\bMac OS X\b|\bMacintosh\b/.test(ua)) return { os: 'macOS', kind: 'desktop' };
  if (/\bLinux\b|\bX11\b/.test(ua)) return { os: 'Linux', kind: 'desktop' };
  return { os: null, kind: 'unknown' };
}

export function describeUserAgent(userAgent: string | null | undefined): UserAgentDescription {
  const ua = userAgent?.trim() ?? '';
  if (!ua) return { browser: null, os: null, kind: 'unknown', label: 'Unknown device' };
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
  const { os, kind } = detectOs(ua);
  const label = browser && os ? `${browser} on ${os}` : (browser ?? os ?? 'Unknown device');
  return { browser, os, kind, label };
}
