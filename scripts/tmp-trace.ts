import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:8191';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 });
const page = await ctx.newPage();
const target = process.argv[2] ?? '/dashboard';
if (target === '/dashboard') {
  await page.goto(`${base}/login`);
  await page.getByTestId('login-username').fill('custodian@demo.test');
  await page.locator('input[type=password]').fill('Signet-demo-1');
  await page.keyboard.press('Enter');
  await page.waitForURL(/dashboard/);
  await page.waitForTimeout(2000);
}
await page.goto('about:blank');
const cdp = await ctx.newCDPSession(page);
await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
const events: any[] = [];
cdp.on('Tracing.dataCollected', (e: any) => events.push(...e.value));
await cdp.send('Tracing.start', { categories: 'devtools.timeline,v8,v8.execute,blink,loading,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
await page.goto(`${base}${target}`);
await page.waitForTimeout(7000);
const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
await cdp.send('Tracing.end');
await done;
const main = events.filter((e) => e.name === 'RunTask' && e.dur > 40000);
const t0 = Math.min(...events.filter((e) => e.name === 'navigationStart' || e.name === 'TracingStartedInBrowser').map((e) => e.ts));
for (const task of main) {
  const kids = events.filter((e) => e.tid === task.tid && e.pid === task.pid && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur && e.dur > 3000 && e !== task);
  const summary = kids.slice(0, 12).map((k) => `${k.name}${k.args?.data?.url ? `(${String(k.args.data.url).split('/').pop()})` : ''}${k.args?.data?.functionName ? `[${k.args.data.functionName}]` : ''}:${Math.round(k.dur / 1000)}`).join(' ');
  console.log(`${Math.round((task.ts - t0) / 1000)}ms dur ${Math.round(task.dur / 1000)}: ${summary}`);
}
await browser.close();
