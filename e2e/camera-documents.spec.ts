import { PDFDocument, StandardFonts } from '@pdfme/pdf-lib';
import type { Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { activeClaim, apiAs, expect, newProject, signInByApi, test } from './support.js';

// photos are drawn, decoded, redrawn and encoded in the browser: seconds of CPU each on 2 shared cores
test.describe.configure({ timeout: 60_000 });

/**
 * A photo-like JPEG made by the browser itself (noise and shading under lines of text, so it
 * compresses like a photo, not a flat colour), `width` × `height` px, with its name written on it.
 */
async function photo(page: Page, name: string, width: number, height: number, look = '') {
  const base64 = await page.evaluate(
    async ({ name, width, height, look }) => {
      const canvas = new OffscreenCanvas(width, height);
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('no 2d context');
      const image = ctx.createImageData(width, height);
      for (let i = 0; i < image.data.length; i += 4) {
        const shade = 170 + ((i / 4) % width) / 40 + Math.random() * 50;
        image.data.set([shade, shade - 8, shade - 20, 255], i);
      }
      ctx.putImageData(image, 0, 0);
      ctx.fillStyle = '#222';
      ctx.font = `${Math.round(height / 30)}px sans-serif`;
      for (let y = height / 10; y < height; y += height / 15)
        ctx.fillText(`${name} — bulletin de salaire, ligne ${Math.round(y)}`, width / 20, y);
      // a blurred or dark photo: the same page through a canvas filter ('blur(8px)', 'brightness(0.2)')
      const shot = new OffscreenCanvas(width, height);
      const shotCtx = shot.getContext('2d');
      if (!shotCtx) throw new Error('no 2d context');
      shotCtx.filter = look || 'none';
      shotCtx.drawImage(canvas, 0, 0);
      const blob = await shot.convertToBlob({ type: 'image/jpeg', quality: 0.92 });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let text = '';
      for (const b of bytes) text += String.fromCharCode(b);
      return btoa(text);
    },
    { name, width, height, look },
  );
  return { name, mimeType: 'image/jpeg', buffer: Buffer.from(base64, 'base64') };
}

async function onePagePdf(name: string) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595, 842]).drawText('Attestation employeur', { x: 72, y: 760, size: 18, font });
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(await doc.save()) };
}

/**
 * The file the page sends is kept aside as it leaves (Playwright does not record a body made of a
 * Blob): what the partner receives, read back after the upload.
 */
async function keepSentFiles(page: Page) {
  await page.addInitScript(() => {
    const send = XMLHttpRequest.prototype.send;
    const kept: Blob[] = [];
    Object.assign(window, { keptUploads: kept });
    XMLHttpRequest.prototype.send = function (body?: Document | XMLHttpRequestBodyInit | null) {
      const file = body instanceof FormData ? body.get('file') : null;
      if (file instanceof Blob) kept.push(file);
      send.call(this, body);
    };
  });
}

async function sentFile(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const kept = (window as unknown as { keptUploads: Blob[] }).keptUploads;
    const bytes = new Uint8Array(await (kept.at(-1) ?? new Blob()).arrayBuffer());
    let text = '';
    for (const b of bytes) text += String.fromCharCode(b);
    return btoa(text);
  });
  return Buffer.from(base64, 'base64');
}

test('staff put two photos and a PDF together as one document: reordered, one removed, sent, listed', async ({ page }) => {
  await keepSentFiles(page);
  await signInByApi(page, 'staff');
  await page.goto('/projects');
  const created = await apiAs(page, 'POST', '/api/v3/projects', newProject('Okonkwo'));
  const id = ((await created.json()) as { id: string }).id;
  await page.goto(`/projects/${id}`);

  await page
    .getByLabel("Pièce d'identité", { exact: true })
    .setInputFiles([
      await photo(page, 'recto.jpg', 2000, 1500),
      await photo(page, 'verso.jpg', 1500, 2000),
      await onePagePdf('attestation.pdf'),
    ]);
  const list = page.getByRole('list', { name: "Pages de « Pièce d'identité »" });
  const items = list.getByRole('listitem');
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toHaveAccessibleName('Page 1 sur 3 : recto.jpg');
  await expect(items.nth(2)).toHaveAccessibleName('Page 3 sur 3 : attestation.pdf');
  await expect(page.getByText('Les pages restent dans cet onglet seulement')).toBeVisible();

  // the PDF moves to the top, by keyboard, and the focus follows it
  await page.getByRole('button', { name: 'Monter la page 3' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Monter la page 2' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(items.nth(0)).toHaveAccessibleName('Page 1 sur 3 : attestation.pdf');
  await expect(page.getByRole('status').filter({ hasText: 'attestation.pdf est maintenant la page 1 sur 3.' })).toBeAttached();

  // the back of the card is not needed: removed; the front is turned
  await page.getByRole('button', { name: 'Retirer la page 3' }).click();
  await expect(items).toHaveCount(2);
  await expect(items.nth(1)).toHaveAccessibleName('Page 2 sur 2 : recto.jpg');
  await page.getByRole('button', { name: 'Tourner la page 2 d’un quart' }).click();
  await expect(items.nth(1)).toContainText('Tournée de 90°');

  await page.getByRole('button', { name: 'Préparer le PDF' }).click();
  await expect(page.getByText(/^PDF prêt : 2 pages, [\d,]+\s(ko|Mo)\.$/)).toBeVisible();
  await page.getByRole('button', { name: 'Envoyer le document' }).click();

  const sent = page.getByRole('list', { name: 'Fichiers envoyés' });
  await expect(sent).toContainText(/piece-d-identite-\d{8}-\d{6}\.pdf/);

  // what the partner receives: the attestation's page as it was, then the photo turned upright,
  // its image 1,700 px on its long side (read back with poppler's pdfinfo and pdfimages)
  const pdf = await sentFile(page);
  const dir = mkdtempSync(join(tmpdir(), 'sent-'));
  try {
    writeFileSync(join(dir, 'sent.pdf'), pdf);
    const info = execFileSync('pdfinfo', ['-f', '1', '-l', '2', join(dir, 'sent.pdf')], { encoding: 'utf8' });
    expect(info).toMatch(/Pages:\s+2\b/);
    expect(info).toMatch(/Page\s+1 size:\s+595 x 842/);
    const images = execFileSync('pdfimages', ['-list', join(dir, 'sent.pdf')], { encoding: 'utf8' })
      .split('\n')
      .slice(2)
      .filter(Boolean);
    // page, number, type, width, height: one JPEG image on page 2, portrait after the turn
    expect(images.map((l) => l.trim().split(/\s+/).slice(0, 5).join(' '))).toEqual(['2 0 image 1275 1700']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  await expect(list).toHaveCount(0);
  await expect(
    page.getByRole('list', { name: 'Documents demandés' }).getByRole('listitem').filter({ hasText: "Pièce d'identité" }).first(),
  ).toContainText('Fourni');
});

test('an upload cut after it arrived is not sent twice by its retry', async ({ page }) => {
  await signInByApi(page, 'staff');
  await page.goto('/projects');
  const created = await apiAs(page, 'POST', '/api/v3/projects', newProject('Lindqvist'));
  const id = ((await created.json()) as { id: string }).id;
  await page.goto(`/projects/${id}`);
  // the first upload reaches the partner, but the answer is lost on the way back (a phone's network drops)
  let posts = 0;
  await page.route(`**/api/v3/projects/${id}/documents`, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    posts += 1;
    if (posts > 1) return route.fallback();
    await route.fetch();
    return route.abort('internetdisconnected');
  });

  await page
    .getByLabel("Avis d'imposition", { exact: true })
    .setInputFiles([await photo(page, 'page-1.jpg', 1600, 1200), await photo(page, 'page-2.jpg', 1600, 1200)]);
  await page.getByRole('button', { name: 'Préparer le PDF' }).click();
  await page.getByRole('button', { name: 'Envoyer le document' }).click();
  await expect(page.getByRole('alert')).toContainText('Connexion au serveur impossible');

  await page.getByRole('button', { name: 'Réessayer l’envoi' }).click();
  await expect(page.getByText(/avis-d-imposition-\d{8}-\d{6}\.pdf était déjà arrivé : il n’a pas été renvoyé\./)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Fichiers envoyés' }).getByRole('listitem')).toHaveCount(1);
  expect(posts).toBe(1);
});

/** A HEIC photo (what an iPhone saves), made from a JPEG with Debian's heif-enc (libheif-examples). */
function heic(jpeg: Buffer, name: string) {
  const dir = mkdtempSync(join(tmpdir(), 'heic-'));
  try {
    writeFileSync(join(dir, 'in.jpg'), jpeg);
    execFileSync('heif-enc', ['-q', '70', join(dir, 'in.jpg'), '-o', join(dir, 'out.heic')]);
    return { name, mimeType: 'image/heic', buffer: readFileSync(join(dir, 'out.heic')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('a HEIC photo that the browser cannot decode becomes a page all the same', async ({ page }) => {
  await signInByApi(page, 'staff');
  await page.goto('/projects');
  const created = await apiAs(page, 'POST', '/api/v3/projects', newProject('Tanaka'));
  const id = ((await created.json()) as { id: string }).id;
  await page.goto(`/projects/${id}`);
  // a HEIC chosen alone is not a type the partner takes: it becomes a page to put into a PDF
  const iphone = heic((await photo(page, 'IMG_0042.jpg', 1600, 1200)).buffer, 'IMG_0042.HEIC');
  await page.getByLabel('Contrat de travail', { exact: true }).setInputFiles(iphone);
  await expect(page.getByRole('list', { name: 'Pages de « Contrat de travail »' }).getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Préparer le PDF' }).click();
  await expect(page.getByText(/^PDF prêt : 1 page, [\d,]+\s(ko|Mo)\.$/)).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Envoyer le document' }).click();
  await expect(page.getByRole('list', { name: 'Fichiers envoyés' })).toContainText(/contrat-de-travail-\d{8}-\d{6}\.pdf/);
});

test('a blurred or dark photo is flagged before sending, and may still be sent', async ({ page }) => {
  await signInByApi(page, 'staff');
  await page.goto('/projects');
  const created = await apiAs(page, 'POST', '/api/v3/projects', newProject('Moreau'));
  const id = ((await created.json()) as { id: string }).id;
  await page.goto(`/projects/${id}`);
  await page
    .getByLabel('Justificatif de domicile', { exact: true })
    .setInputFiles([
      await photo(page, 'nette.jpg', 1600, 1200),
      await photo(page, 'floue.jpg', 1600, 1200, 'blur(8px)'),
      await photo(page, 'sombre.jpg', 1600, 1200, 'brightness(0.2)'),
    ]);
  const items = page.getByRole('list', { name: 'Pages de « Justificatif de domicile »' }).getByRole('listitem');
  await expect(items.nth(1)).toContainText('Photo floue : elle risque d’être illisible.');
  await expect(items.nth(2)).toContainText('Photo sombre : elle risque d’être illisible.');
  await expect(items.nth(0)).not.toContainText('illisible');
  await page.getByRole('button', { name: 'Préparer le PDF' }).click();
  await page.getByRole('button', { name: 'Envoyer le document' }).click();
  await expect(page.getByRole('list', { name: 'Fichiers envoyés' })).toContainText(/justificatif-de-domicile-\d{8}-\d{6}\.pdf/);
});

test.describe('on a phone, in English', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-GB' });

  test('two photos taken with the camera become one claim document', async ({ page }) => {
    await signInByApi(page, 'staff');
    await page.goto('/projects');
    const id = await activeClaim(page, 0, 'Camera');
    await page.goto(`/claims/${id}`);
    // a phone offers the camera beside the files (a capture input shows no gallery)
    await expect(page.getByRole('button', { name: 'Choose a file' })).toBeVisible();
    await page.getByLabel('Take a photo', { exact: true }).setInputFiles(await photo(page, 'lease-1.jpg', 1200, 1600));
    await page.getByLabel('Take a photo', { exact: true }).setInputFiles(await photo(page, 'lease-2.jpg', 1200, 1600));
    const items = page.getByRole('list', { name: 'Pages of “Signed lease”' }).getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(items.nth(1)).toHaveAccessibleName('Page 2 of 2: lease-2.jpg');
    await expect(page.getByText('The pages stay in this tab only')).toBeVisible();
    await page.getByRole('button', { name: 'Prepare the PDF' }).click();
    await expect(page.getByText(/^PDF ready: 2 pages, [\d.]+\s(kB|MB)\.$/)).toBeVisible();
    await page.getByRole('button', { name: 'Send the document' }).click();
    await expect(page.getByRole('list', { name: 'Files sent' })).toContainText(/signed-lease-\d{8}-\d{6}\.pdf/);
  });
});

/** The same JPEG saying, in its EXIF, that it must be shown turned a quarter clockwise (orientation 6, as a phone held upright saves it). */
function withOrientation6(jpeg: Buffer): Buffer {
  const exif = Buffer.concat([
    Buffer.from([0xff, 0xe1, 0x00, 0x22]),
    Buffer.from('Exif\0\0', 'latin1'),
    Buffer.from([0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8]), // big-endian TIFF header, IFD0 at 8
    Buffer.from([0x00, 0x01, 0x01, 0x12, 0x00, 0x03, 0, 0, 0, 1, 0x00, 0x06, 0, 0, 0, 0, 0, 0]), // one entry: Orientation = 6; no next IFD
  ]);
  return Buffer.concat([jpeg.subarray(0, 2), exif, jpeg.subarray(2)]);
}

test('a photo taken with the phone upright is sent upright, turned once by its EXIF orientation', async ({ page }) => {
  await keepSentFiles(page);
  await signInByApi(page, 'staff');
  await page.goto('/projects');
  const created = await apiAs(page, 'POST', '/api/v3/projects', newProject('Ferreira'));
  const id = ((await created.json()) as { id: string }).id;
  await page.goto(`/projects/${id}`);
  // stored 2000 × 1500 (the sensor's way), to be shown 1500 × 2000
  const upright = await photo(page, 'portrait.jpg', 2000, 1500);
  await page
    .getByLabel('3 derniers bulletins de salaire', { exact: true })
    .setInputFiles([{ ...upright, buffer: withOrientation6(upright.buffer) }, await photo(page, 'paysage.jpg', 2000, 1500)]);
  await page.getByRole('button', { name: 'Préparer le PDF' }).click();
  await page.getByRole('button', { name: 'Envoyer le document' }).click();
  await expect(page.getByRole('list', { name: 'Fichiers envoyés' })).toContainText(/3-derniers-bulletins-de-salaire-\d{8}-\d{6}\.pdf/);

  const dir = mkdtempSync(join(tmpdir(), 'sent-'));
  try {
    writeFileSync(join(dir, 'sent.pdf'), await sentFile(page));
    const images = execFileSync('pdfimages', ['-list', join(dir, 'sent.pdf')], { encoding: 'utf8' })
      .split('\n')
      .slice(2)
      .filter(Boolean);
    expect(images.map((l) => l.trim().split(/\s+/).slice(0, 5).join(' '))).toEqual(['1 0 image 1275 1700', '2 1 image 1700 1275']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
