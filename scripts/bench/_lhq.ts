import { writeFileSync } from 'node:fs';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS } from '../chromium-flags.ts';
const base = 'http://127.0.0.1:14273';
const paths = process.argv.slice(2);
for (const p of paths) {
  const [name, path] = p.split('=');
  const chrome = await launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS] });
  try {
    const res = await lighthouse(base + path, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableFullPageScreenshot: true });
    const lhr = res!.lhr;
    writeFileSync(`/work/tmpbench/${name}.json`, JSON.stringify(lhr));
    const a = lhr.audits; const m = (id: string) => Math.round(a[id]?.numericValue ?? NaN);
    const ph = (a['largest-contentful-paint-element']?.details as any)?.items?.[1]?.items?.map((x: any) => `${x.phase} ${Math.round(x.timing)}`).join(', ');
    const nr = (a['network-requests']?.details as any).items as any[];
    const js = nr.filter((i) => i.url.endsWith('.js'));
    console.log(`${name}: perf ${Math.round(lhr.categories.performance!.score! * 100)} FCP ${m('first-contentful-paint')} LCP ${m('largest-contentful-paint')} SI ${m('speed-index')} TBT ${m('total-blocking-time')} CLS ${a['cumulative-layout-shift']!.numericValue!.toFixed(3)} | js ${js.length} ${Math.round(js.reduce((s, i) => s + i.transferSize, 0) / 1024)}k | ${ph}`);
  } finally { chrome.kill(); }
}
