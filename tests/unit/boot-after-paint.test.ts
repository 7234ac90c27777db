// The built page asks for its scripts once it has painted (scripts/vite/boot-after-paint.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bootAfterPaint, bootSource, deferScripts } from '../../scripts/vite/boot-after-paint';

const built = `<!doctype html>
<html><head>
    <link rel="stylesheet" crossorigin href="/assets/index.css">
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/a.js">
    <link rel="modulepreload" crossorigin href="/assets/b.js">
  <link rel="manifest" href="/manifest.webmanifest"></head>
  <body><div id="root"></div></body></html>`;

describe('deferScripts', () => {
  it('replaces the entry tag and the modulepreloads with one deferred boot script that names them', () => {
    const out = deferScripts(built, '/assets/boot-1.js');
    expect(out).not.toMatch(/type="module"|modulepreload/);
    expect(out).toContain(
      '<script defer src="/assets/boot-1.js" data-entry="/assets/index-abc.js" data-preload="/assets/a.js /assets/b.js"></script>',
    );
    // stylesheets stay first, the manifest stays
    expect(out.indexOf('index.css')).toBeLessThan(out.indexOf('boot-1.js'));
    expect(out).toContain('rel="manifest"');
  });

  it('leaves a page without an entry script as it was', () => {
    const none = built.replace(/<script[^>]*><\/script>/, '');
    expect(deferScripts(none, '/assets/boot-1.js')).toBe(none);
  });

  it('serializes into a script that runs on its own', () => {
    expect(bootSource()).toMatch(/^\(function bootAfterPaint\(/);
    expect(() => new Function(bootSource())).not.toThrow();
  });
});

describe('bootAfterPaint', () => {
  const started = () => [...document.head.querySelectorAll('script[type="module"]')].map((s) => s.getAttribute('src'));
  const preloaded = () =>
    [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'));

  function page(rootHtml: string, preloads = '/assets/a.js /assets/b.js') {
    document.head.innerHTML = '';
    document.body.innerHTML = `<div id="root">${rootHtml}</div>`;
    const me = document.createElement('script');
    me.setAttribute('data-entry', '/assets/index-abc.js');
    me.setAttribute('data-preload', preloads);
    Object.defineProperty(document, 'currentScript', { value: me, configurable: true });
  }

  afterEach(() => {
    vi.useRealTimers();
    Object.defineProperty(document, 'currentScript', { value: null, configurable: true });
  });

  it('starts the app at once on the bare shell', () => {
    page('');
    bootAfterPaint(document, window, 3000);
    expect(started()).toEqual(['/assets/index-abc.js']);
    expect(preloaded()).toEqual(['/assets/a.js', '/assets/b.js']);
  });

  it('on a rendered page waits for the hero image, then starts once', async () => {
    vi.useFakeTimers();
    page('<main><img fetchpriority="high" src="/hero.jpg"></main>');
    bootAfterPaint(document, window, 3000);
    await vi.advanceTimersByTimeAsync(100);
    expect(started()).toEqual([]);
    document.querySelector('img')?.dispatchEvent(new Event('load'));
    expect(started()).toEqual(['/assets/index-abc.js']);
    await vi.advanceTimersByTimeAsync(5000); // the cap fires later and changes nothing
    expect(started()).toHaveLength(1);
    expect(preloaded()).toHaveLength(2);
  });

  it('asks for the entry first, then its chunks six per task, so no one task sends them all', async () => {
    vi.useFakeTimers();
    const chunks = Array.from({ length: 14 }, (_, i) => `/assets/c${i}.js`);
    page('', chunks.join(' '));
    bootAfterPaint(document, window, 3000);
    expect(started()).toEqual(['/assets/index-abc.js']);
    expect(preloaded()).toEqual(chunks.slice(0, 6));
    await vi.advanceTimersToNextTimerAsync();
    expect(preloaded()).toEqual(chunks.slice(0, 12));
    await vi.advanceTimersToNextTimerAsync();
    expect(preloaded()).toEqual(chunks);
  });

  it('keeps a rendered form from submitting natively until the app has started', () => {
    vi.useFakeTimers(); // its start timers must not fire into the next test
    page('<main><form id="f"><button>Send</button></form><form id="g" action="/search"></form></main>');
    bootAfterPaint(document, window, 3000);
    const submit = (id: string) => {
      const event = new Event('submit', { bubbles: true, cancelable: true });
      document.getElementById(id)?.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(submit('f')).toBe(true);
    expect(submit('g')).toBe(false); // a form with its own action works without the app
    document.documentElement.setAttribute('data-app', 'started');
    expect(submit('f')).toBe(false);
    document.documentElement.removeAttribute('data-app');
  });

  it('starts after the cap when the hero never arrives (a hidden tab, a stalled image)', async () => {
    vi.useFakeTimers();
    page('<main><img fetchpriority="high" src="/hero.jpg"></main>');
    bootAfterPaint(document, window, 3000);
    await vi.advanceTimersByTimeAsync(2900);
    expect(started()).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    expect(started()).toEqual(['/assets/index-abc.js']);
  });

  it('a rendered page without a hero starts after its first frame', async () => {
    vi.useFakeTimers();
    page('<main><h1>News</h1></main>');
    bootAfterPaint(document, window, 3000);
    expect(started()).toEqual([]);
    await vi.advanceTimersByTimeAsync(50);
    expect(started()).toEqual(['/assets/index-abc.js']);
  });
});
