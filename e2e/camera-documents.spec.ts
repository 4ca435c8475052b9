import { PDFDocument, PDFName, StandardFonts } from '@pdfme/pdf-lib';
import type { Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { photo } from './fixtures/photos.js';
import { activeClaim, apiAs, expect, newProject, signInByApi, test } from './support.js';

// photos are drawn, decoded, redrawn and encoded in the browser: seconds of CPU each on 2 shared cores
test.describe.configure({ timeout: 60_000 });

/** A PDF of `pages` A4 pages, each saying "Attestation employeur, page n" (read back with pdftotext). */
async function textPdf(name: string, pages = 1) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n++) doc.addPage([595, 842]).drawText(`Attestation employeur, page ${n}`, { x: 72, y: 760, size: 18, font });
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(await doc.save()) };
}

/** A PDF carrying a signature dictionary (its /ByteRange), as a signed lease or attestation does. */
async function signedPdf(name: string) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595, 842]).drawText('Bail signé électroniquement', { x: 72, y: 760, size: 18, font });
  const sig = doc.context.obj({ Type: 'Sig', Filter: 'Adobe.PPKLite', SubFilter: 'adbe.pkcs7.detached', ByteRange: [0, 0, 0, 0] });
  doc.catalog.set(PDFName.of('SignatureExample'), doc.context.register(sig));
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(await doc.save({ useObjectStreams: false })) };
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

async function sentFile(page: Page, index = -1): Promise<Buffer> {
  const base64 = await page.evaluate(async (index) => {
    const kept = (window as unknown as { keptUploads: Blob[] }).keptUploads;
    const bytes = new Uint8Array(await (kept.at(index) ?? new Blob()).arrayBuffer());
    let text = '';
    for (const b of bytes) text += String.fromCharCode(b);
    return btoa(text);
  }, index);
  return Buffer.from(base64, 'base64');
}

/** Poppler on the PDF's bytes: `pdfimages -list` as "page width height" per image, and the text of each page. */
function readBack(pdf: Buffer): { pages: number; images: string[]; text: string } {
  const dir = mkdtempSync(join(tmpdir(), 'sent-'));
  try {
    const file = join(dir, 'sent.pdf');
    writeFileSync(file, pdf);
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
    const images = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })
      .split('\n')
      .slice(2)
      .filter(Boolean)
      .map((l) => l.trim().split(/\s+/))
      .map(([pg, , , w, h]) => `${pg} ${w}×${h}`);
    return { pages, images, text: execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

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

/** A tap on "Take a photo" (or "Take it again"): the phone's camera opens and gives this photo. */
async function takePhoto(page: Page, button: string, file: Awaited<ReturnType<typeof photo>>): Promise<void> {
  const camera = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button, exact: true }).click();
  await (await camera).setFiles(file);
}

/** A new project's page, staff signed in. */
async function newProjectPage(page: Page, lastName: string): Promise<void> {
  await signInByApi(page, 'staff');
  await page.goto('/projects');
  const created = await apiAs(page, 'POST', '/api/v3/projects', newProject(lastName));
  await page.goto(`/projects/${((await created.json()) as { id: string }).id}`);
}

test('five photos (a 12-megapixel one, a PNG, a HEIC, one turned by its EXIF) and a two-page PDF become one PDF, in the order chosen, upright', async ({
  page,
}) => {
  await keepSentFiles(page);
  await newProjectPage(page, 'Okonkwo');
  // a phone camera's photo: 4000 × 3000, photo-like, 3-6 MB as a JPEG
  const big = await photo(page, 'recto.jpg', 4000, 3000);
  expect(big.buffer.length).toBeGreaterThan(3e6);
  expect(big.buffer.length).toBeLessThan(6e6);
  // stored 2000 × 1500 (the sensor's way), to be shown 1500 × 2000 as its EXIF says
  const upright = await photo(page, 'portrait.jpg', 2000, 1500);
  await page
    .getByLabel("Pièce d'identité", { exact: true })
    .setInputFiles([
      big,
      await photo(page, 'verso.png', 1200, 1600, '', 'image/png'),
      heic((await photo(page, 'IMG_0042.jpg', 1500, 1125)).buffer, 'IMG_0042.HEIC'),
      { ...upright, buffer: withOrientation6(upright.buffer) },
      await photo(page, 'en-trop.jpg', 1600, 1200),
      await textPdf('attestation.pdf', 2),
    ]);
  const list = page.getByRole('list', { name: "Pages de « Pièce d'identité »" });
  const items = list.getByRole('listitem');
  await expect(items).toHaveCount(6);
  // the two-page PDF counts as its two pages, before anything is put together
  await expect(page.getByText("7 pages pour « Pièce d'identité »")).toBeVisible();
  await expect(items.nth(0)).toHaveAccessibleName('Page 1 sur 7 : recto.jpg');
  await expect(items.nth(5)).toHaveAccessibleName('Pages 6 à 7 sur 7 : attestation.pdf');
  await expect(page.getByText('Les pages restent dans cet onglet seulement')).toBeVisible();

  // the PDF moves to the top, by keyboard, and the focus follows it
  await page.getByRole('button', { name: 'Monter les pages 6 à 7' }).focus();
  for (let n = 5; n >= 1; n--) {
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('button', { name: n > 1 ? `Monter les pages ${n} à ${n + 1}` : 'Descendre les pages 1 à 2' }),
    ).toBeFocused();
  }
  await expect(items.nth(0)).toHaveAccessibleName('Pages 1 à 2 sur 7 : attestation.pdf');
  await expect(page.getByRole('status').filter({ hasText: 'attestation.pdf occupe maintenant les pages 1 à 2 sur 7.' })).toBeAttached();

  // one photo too many: removed; the PNG is turned a quarter
  await page.getByRole('button', { name: 'Retirer la page 7' }).click();
  await expect(items).toHaveCount(5);
  await expect(page.getByRole('status').filter({ hasText: 'en-trop.jpg est retirée ; il reste 6 pages.' })).toBeAttached();
  await page.getByRole('button', { name: 'Tourner la page 4 d’un quart' }).click();
  await expect(items.nth(2)).toContainText('Tournée de 90°');
  await expect(page.getByText("6 pages pour « Pièce d'identité »")).toBeVisible();

  await page.getByRole('button', { name: 'Préparer le PDF' }).click();
  // six pages: the attestation's two and the four photos
  await expect(page.getByText(/^PDF prêt : 6 pages, [\d,]+\s(ko|Mo)\.$/)).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Envoyer le document' }).click();
  await expect(page.getByRole('list', { name: 'Fichiers envoyés' })).toContainText(/piece-d-identite-\d{8}-\d{6}\.pdf/);

  // what the partner receives (poppler): the attestation's pages as they were, in their order,
  // then each photo drawn once, at most 1,700 px and never under 1,400 on its long side, the right
  // way up: the 12-megapixel one brought down, the PNG turned to landscape, the HEIC as it was,
  // the EXIF one upright (turned once by the browser's decoder, never twice)
  const sent = readBack(await sentFile(page));
  expect(sent.pages).toBe(6);
  expect(sent.text.indexOf('Attestation employeur, page 1')).toBeLessThan(sent.text.indexOf('Attestation employeur, page 2'));
  expect(sent.images).toEqual(['3 1700×1275', '4 1600×1200', '5 1500×1125', '6 1275×1700']);
  await expect(list).toHaveCount(0);
  await expect(
    page.getByRole('list', { name: 'Documents demandés' }).getByRole('listitem').filter({ hasText: "Pièce d'identité" }).first(),
  ).toContainText('Fourni');
});

test('a signed PDF given with photos goes on its own, as it is, and the page says why', async ({ page }) => {
  await keepSentFiles(page);
  await newProjectPage(page, 'Lindqvist');
  const signed = await signedPdf('bail-signe.pdf');
  await page
    .getByLabel('3 derniers bulletins de salaire', { exact: true })
    .setInputFiles([await photo(page, 'mars.jpg', 1600, 1200), signed, await photo(page, 'avril.jpg', 1600, 1200)]);
  await expect(page.getByText('bail-signe.pdf est signé : il sera envoyé seul, tel quel')).toBeVisible();
  await page.getByRole('button', { name: 'Préparer le PDF' }).click();
  await expect(page.getByText(/^PDF prêt : 2 pages, /)).toBeVisible();
  await expect(page.getByText('Envoyé aussi, à part : bail-signe.pdf.')).toBeVisible();
  await page.getByRole('button', { name: 'Envoyer le document' }).click();
  const files = page.getByRole('list', { name: 'Fichiers envoyés' });
  await expect(files).toContainText('bail-signe.pdf');
  await expect(files).toContainText(/3-derniers-bulletins-de-salaire-\d{8}-\d{6}\.pdf/);
  // the signed file reaches the partner byte for byte
  expect((await sentFile(page, -1)).equals(signed.buffer)).toBe(true);
  expect(readBack(await sentFile(page, 0)).images).toEqual(['1 1600×1200', '2 1600×1200']);
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

test.describe('on a phone, in English', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-GB' });

  test('two camera photos and a HEIC become one claim document; the bar moves, cancel stops it, retry sends it', async ({ page }) => {
    await signInByApi(page, 'staff');
    await page.goto('/projects');
    const id = await activeClaim(page, 0, 'Camera');
    await page.goto(`/claims/${id}`);
    // a phone offers the camera beside the files (a capture input shows no gallery)
    await expect(page.getByRole('button', { name: 'Choose a file' })).toBeVisible();
    // a HEIC chosen alone is not a type the partner takes: it becomes a page, not a refusal
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose a file' }).click();
    await (await chooser).setFiles(heic((await photo(page, 'IMG_0107.jpg', 1600, 1200)).buffer, 'IMG_0107.HEIC'));
    await takePhoto(page, 'Take a photo: Signed lease', await photo(page, 'lease-1.jpg', 1200, 1600));
    await takePhoto(page, 'Take a photo: Signed lease', await photo(page, 'lease-2.jpg', 1200, 1600));
    const items = page.getByRole('list', { name: 'Pages of “Signed lease”' }).getByRole('listitem');
    await expect(items).toHaveCount(3);
    await expect(items.nth(0)).toHaveAccessibleName('Page 1 of 3: IMG_0107.HEIC');
    // Chromium cannot show a HEIC file: its thumbnail is drawn from the decoded photo
    await expect
      .poll(() =>
        items
          .nth(0)
          .locator('img')
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);
    await expect(items.nth(0)).not.toContainText('No preview in this browser');
    await expect(items.nth(2)).toHaveAccessibleName('Page 3 of 3: lease-2.jpg');
    await expect(page.getByText('The pages stay in this tab only')).toBeVisible();
    await page.getByRole('button', { name: 'Prepare the PDF' }).click();
    await expect(page.getByText(/^PDF ready: 3 pages, [\d.]+\s(kB|MB)\.$/)).toBeVisible({ timeout: 30_000 });

    // a slow mobile network (32 kB/s up): the bar moves, and cancel stops the upload
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 100,
      downloadThroughput: -1,
      uploadThroughput: 32 * 1024,
    });
    await page.getByRole('button', { name: 'Send the document' }).click();
    const bar = page.getByRole('progressbar', { name: /^Sending signed-lease-\d{8}-\d{6}\.pdf…$/ });
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeLessThan(100);
    await page.getByRole('button', { name: 'Cancel sending' }).click();
    await expect(page.getByText(/^Sending signed-lease-\d{8}-\d{6}\.pdf was cancelled\./)).toBeVisible();
    await expect(bar).toHaveCount(0);
    await expect(items).toHaveCount(3);
    // nothing arrived: the claim lists no file
    await expect(page.getByRole('list', { name: 'Files sent' }).getByRole('listitem')).toHaveCount(0);

    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await page.getByRole('button', { name: 'Retry sending' }).click();
    await expect(
      page
        .getByRole('list', { name: 'Files sent' })
        .getByRole('listitem')
        .filter({ hasText: /signed-lease-\d{8}-\d{6}\.pdf/ }),
    ).toHaveCount(1);
    await expect(items).toHaveCount(0);
  });

  test('photos waiting to be sent are not dropped by the menu or the back button: leaving asks first, and says what is lost', async ({
    page,
  }) => {
    // the project reached from the list, so the back button has a page of the app to go back to
    await signInByApi(page, 'staff');
    await page.goto('/projects');
    await apiAs(page, 'POST', '/api/v3/projects', newProject('Haddad'));
    await page.goto('/projects');
    await page.getByRole('link', { name: 'Léa Haddad' }).click();
    const camera = 'Take a photo: Tax notice';
    await takePhoto(page, camera, await photo(page, 'tax-1.jpg', 800, 600));
    await takePhoto(page, camera, await photo(page, 'tax-2.jpg', 800, 600));
    const items = page.getByRole('list', { name: 'Pages of “Tax notice”' }).getByRole('listitem');
    await expect(items).toHaveCount(2);
    const toClaims = async () => {
      await page.getByRole('button', { name: 'Menu' }).click();
      await page
        .getByRole('dialog', { name: 'Menu' })
        .getByRole('link', { name: /^Claims/ })
        .click();
    };

    // Menu → Claims: asked; staying keeps both photos
    await toClaims();
    const asked = page.getByRole('dialog', { name: 'Leave without sending the pages?' });
    await expect(asked).toContainText('The 2 pages taken for “Tax notice” were not sent: leaving this page erases them.');
    await asked.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}$/);
    await expect(items).toHaveCount(2);

    // the PDF made of them, not yet sent, is asked for too; leaving goes
    await page.getByRole('button', { name: 'Prepare the PDF' }).click();
    await expect(page.getByText(/^PDF ready: 2 pages, /)).toBeVisible();
    await toClaims();
    await expect(asked).toContainText('The PDF prepared for “Tax notice” (2 pages) was not sent');
    await asked.getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL(/\/claims$/);

    // back on the project, a photo taken, then the browser's back button (to the list): asked as well
    await page.goBack();
    await takePhoto(page, camera, await photo(page, 'tax-3.jpg', 800, 600));
    await expect(items).toHaveCount(1);
    await page.goBack();
    await expect(asked).toContainText('The page taken for “Tax notice” was not sent');
    await asked.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}$/);
    await expect(items).toHaveCount(1);
  });

  test('a blurred or dark photo is flagged before sending; taken again in its place, or sent all the same', async ({ page }) => {
    await newProjectPage(page, 'Moreau');
    const camera = 'Take a photo: Proof of address';
    await takePhoto(page, camera, await photo(page, 'sharp.jpg', 1600, 1200));
    await takePhoto(page, camera, await photo(page, 'blurred.jpg', 1600, 1200, 'blur(8px)'));
    // darkened by 55 %: the mean brightness missed it; more than half of it is dark
    await takePhoto(page, camera, await photo(page, 'dark.jpg', 1600, 1200, 'brightness(0.45)'));
    const items = page.getByRole('list', { name: 'Pages of “Proof of address”' }).getByRole('listitem');
    await expect(items.nth(1)).toContainText('Blurred photo: it may not be readable.');
    await expect(items.nth(2)).toContainText('Dark photo: it may not be readable.');
    await expect(items.nth(0)).not.toContainText('may not be readable');

    // the blurred page is taken again: the camera opens, the new photo takes its place
    await takePhoto(page, 'Take page 2 again', await photo(page, 'steady.jpg', 1600, 1200));
    await expect(items).toHaveCount(3);
    await expect(items.nth(1)).toHaveAccessibleName('Page 2 of 3: steady.jpg');
    await expect(items.nth(1)).not.toContainText('may not be readable');

    // the dark one is sent as it is: the flag is advice
    await page.getByRole('button', { name: 'Prepare the PDF' }).click();
    await page.getByRole('button', { name: 'Send the document' }).click();
    await expect(page.getByRole('list', { name: 'Uploaded files' })).toContainText(/proof-of-address-\d{8}-\d{6}\.pdf/);
  });
});
