#!/usr/bin/env node
// Writes public/intro.webm, the intro video: a 4-second animation drawn on a canvas in
// Debian's Chromium and recorded with MediaRecorder (VP8, about 30 KB). Run once; the file is
// committed.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const OUT = path.resolve(import.meta.dirname, '..', 'public', 'intro.webm');
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const page = await browser.newPage();
const base64 = await page.evaluate(async () => {
  const canvas = document.createElement('canvas');
  canvas.width = 640;
  canvas.height = 360;
  document.body.append(canvas);
  const ctx = canvas.getContext('2d');
  const stream = canvas.captureStream(25);
  const recorder = new MediaRecorder(stream, {
    mimeType: 'video/webm;codecs=vp8',
    videoBitsPerSecond: 250_000,
  });
  const chunks = [];
  recorder.ondataavailable = (e) => chunks.push(e.data);
  const done = new Promise((resolve) => (recorder.onstop = resolve));
  const start = performance.now();
  const DURATION = 4000;
  function frame(now) {
    const t = Math.min((now - start) / DURATION, 1);
    const g = ctx.createLinearGradient(0, 0, 640, 360);
    g.addColorStop(0, '#7c2d12');
    g.addColorStop(1, '#d97706');
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, 640, 360);
    // the lamp's flame grows and glows
    const r = 30 + 40 * Math.min(t * 2, 1);
    ctx.fillStyle = `rgba(251, 191, 36, ${0.4 + 0.6 * Math.min(t * 2, 1)})`;
    ctx.beginPath();
    ctx.arc(320, 150, r, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = '#fff7ed';
    ctx.beginPath();
    ctx.arc(320, 158, r * 0.45, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = '#fbbf24';
    ctx.fillRect(230, 240, 180, 12);
    ctx.globalAlpha = Math.max(0, Math.min((t - 0.35) * 3, 1));
    ctx.fillStyle = '#ffffff';
    ctx.font = 'bold 34px Georgia, serif';
    ctx.textAlign = 'center';
    ctx.fillText('Havyaka Community, Mumbai', 320, 300);
    ctx.globalAlpha = 1;
    if (t < 1) requestAnimationFrame(frame);
    else recorder.stop();
  }
  recorder.start();
  requestAnimationFrame(frame);
  await done;
  const blob = new Blob(chunks, { type: 'video/webm' });
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
});
await browser.close();
fs.writeFileSync(OUT, Buffer.from(base64, 'base64'));
console.log(`wrote ${OUT} (${fs.statSync(OUT).size} bytes)`);
