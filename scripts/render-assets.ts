// Renders the PNG and ICO icons and the Open Graph image from public/favicon.svg with the
// machine's Chromium. Run by hand (npm run assets) after changing the mark; outputs are committed.
import { readFile, writeFile } from 'node:fs/promises';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.ts';

const mark = await readFile(new URL('../public/favicon.svg', import.meta.url), 'utf8');
const markUrl = `data:image/svg+xml;base64,${Buffer.from(mark).toString('base64')}`;
const browser = await chromium.launch(chromiumLaunchOptions());
const page = await browser.newPage();

async function render(html: string, width: number, height: number): Promise<Buffer> {
  await page.setViewportSize({ width, height });
  await page.setContent(`<html><body style="margin:0">${html}</body></html>`);
  return page.screenshot({ type: 'png', omitBackground: true });
}

const icon = (size: number, inset: number): string =>
  `<div style="width:${size}px;height:${size}px;display:grid;place-items:center;background:${inset ? '#6d28d9' : 'transparent'}">
     <img src="${markUrl}" style="width:${size - 2 * inset}px;height:${size - 2 * inset}px"></div>`;

const out = (name: string): URL => new URL(`../public/${name}`, import.meta.url);
await writeFile(out('icon-192.png'), await render(icon(192, 0), 192, 192));
await writeFile(out('icon-512.png'), await render(icon(512, 0), 512, 512));
// Maskable icons keep their mark inside the 80% safe zone on a full-bleed background.
await writeFile(out('icon-maskable-512.png'), await render(icon(512, 72), 512, 512));
await writeFile(out('apple-touch-icon.png'), await render(icon(180, 18), 180, 180));

// A 32x32 PNG wrapped in an ICO container (PNG-in-ICO is read by every current browser).
const png32 = await render(icon(32, 0), 32, 32);
const header = Buffer.alloc(22);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(1, 4);
header.writeUInt8(32, 6);
header.writeUInt8(32, 7);
header.writeUInt16LE(1, 10);
header.writeUInt16LE(32, 12);
header.writeUInt32LE(png32.length, 14);
header.writeUInt32LE(22, 18);
await writeFile(out('favicon.ico'), Buffer.concat([header, png32]));

const og = `
  <div style="width:1200px;height:630px;box-sizing:border-box;padding:88px;display:flex;flex-direction:column;justify-content:center;
    background:radial-gradient(circle at 85% 15%,#6d28d955,transparent 55%),#09090b;color:#fafafa;font-family:system-ui,sans-serif">
    <img src="${markUrl}" style="width:112px;height:112px">
    <div style="margin-top:40px;font-size:92px;font-weight:800;letter-spacing:-2px">Venture Studio</div>
    <div style="margin-top:20px;font-size:40px;color:#d4d4d8">Fast by design. Lean by principle. AI at the core.</div>
    <div style="margin-top:36px;font-size:28px;color:#c4b5fd">Curated AI tools · Copy-ready prompts · Videos · Repositories</div>
  </div>`;
await writeFile(out('og-image.png'), await render(og, 1200, 630));
await browser.close();
console.log('Rendered icons and og-image.png into public/.');
