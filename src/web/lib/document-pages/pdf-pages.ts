import { PDFDocument } from '@pdfme/pdf-lib';

/**
 * How many pages a PDF holds, read by the PDF library (this module holds it and is only loaded by a
 * dynamic import, when a PDF becomes a page of a document); null when the library cannot read it (a
 * damaged or cut file). An encrypted PDF's page tree is read without its password where it can be.
 */
export async function countPdfPages(file: Blob): Promise<number | null> {
  try {
    const doc = await PDFDocument.load(await file.arrayBuffer(), { ignoreEncryption: true, updateMetadata: false });
    return doc.getPageCount();
  } catch {
    return null;
  }
}
