import { describe, expect, it } from 'vitest';
import { describeUserAgent } from './user-agent.ts';

// Real User-Agent strings as the browsers send them.
const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51',
  operaMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Safari/537.36 OPR/109.0.0.0',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15',
  firefoxLinux: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Mobile/15E148 Safari/604.1',
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1',
  firefoxIpad:
    'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/125.0 Mobile/15E148 Safari/605.1.15',
  chromeAndroidPhone:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  samsungTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Safari/537.36',
  chromebook:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  headless:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0.6367.60 Safari/537.36',
};

describe('describeUserAgent', () => {
  it.each([
    [UA.chromeWindows, 'Chrome on Windows', 'desktop'],
    [UA.edgeWindows, 'Edge on Windows', 'desktop'],
    [UA.operaMac, 'Opera on macOS', 'desktop'],
    [UA.safariMac, 'Safari on macOS', 'desktop'],
    [UA.firefoxLinux, 'Firefox on Linux', 'desktop'],
    [UA.safariIphone, 'Safari on iPhone', 'mobile'],
    [UA.chromeIphone, 'Chrome on iPhone', 'mobile'],
    [UA.firefoxIpad, 'Firefox on iPad', 'tablet'],
    [UA.chromeAndroidPhone, 'Chrome on Android', 'mobile'],
    [UA.samsungTablet, 'Samsung Internet on Android', 'tablet'],
    [UA.chromebook, 'Chrome on ChromeOS', 'desktop'],
    [UA.headless, 'Headless Chrome on Linux', 'desktop'],
  ])('names %s', (ua, label, kind) => {
    expect(describeUserAgent(ua)).toMatchObject({ label, kind });
  });

  it('names API clients and scripts without an operating system', () => {
    expect(describeUserAgent('curl/8.5.0')).toEqual({
      browser: 'curl',
      os: null,
      kind: 'unknown',
      label: 'curl',
    });
    expect(describeUserAgent('PostmanRuntime/7.37.3').label).toBe('Postman');
    expect(describeUserAgent('node').label).toBe('Node.js');
  });

  it('says "Unknown device" when there is nothing to recognise', () => {
    for (const ua of [null, undefined, '', '   ', 'SomethingElse/1.0']) {
      expect(describeUserAgent(ua)).toEqual({
        browser: null,
        os: null,
        kind: 'unknown',
        label: 'Unknown device',
      });
    }
  });

  it('keeps the operating system when the browser is unknown', () => {
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) SomeApp/1.0').label).toBe('Windows');
  });
});
