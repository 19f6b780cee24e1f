import { afterEach, describe, expect, it, vi } from 'vitest';

const existing = new Set<string>();
vi.mock('node:fs', () => ({ existsSync: (path: string) => existing.has(path) }));
const { findBrowser } = await import('./find-browser.mjs');

describe('findBrowser', () => {
  afterEach(() => {
    existing.clear();
    vi.unstubAllEnvs();
  });

  it('prefers CHROME_PATH, then /usr/bin/chromium, then Chrome through the channel', () => {
    existing.add('/usr/bin/chromium').add('/opt/my/chrome').add('/opt/google/chrome/chrome');
    vi.stubEnv('CHROME_PATH', '/opt/my/chrome');
    expect(findBrowser()).toEqual({ executablePath: '/opt/my/chrome' });
    vi.stubEnv('CHROME_PATH', '');
    expect(findBrowser()).toEqual({ executablePath: '/usr/bin/chromium' });
    existing.delete('/usr/bin/chromium');
    if (process.platform === 'linux') expect(findBrowser()).toEqual({ channel: 'chrome' });
  });

  it('rejects a CHROME_PATH that points nowhere', () => {
    vi.stubEnv('CHROME_PATH', '/nowhere/chrome');
    expect(() => findBrowser()).toThrow('CHROME_PATH is set to /nowhere/chrome, but no file is there.');
  });

  it('names all three places and how to install one when nothing is found', () => {
    vi.stubEnv('CHROME_PATH', '');
    expect(() => findBrowser()).toThrow(
      /CHROME_PATH.*\/usr\/bin\/chromium.*channel "chrome".*apt-get install chromium/,
    );
  });
});
