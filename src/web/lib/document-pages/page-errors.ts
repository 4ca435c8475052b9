/** Why a page could not go into the document: each says to the user what to do. */
export type PageProblem = 'unreadable' | 'heic' | 'tooManyPixels' | 'encrypted';

export class PageError extends Error {
  constructor(
    readonly pageId: string,
    readonly problem: PageProblem,
    cause?: unknown,
  ) {
    super(`page ${pageId}: ${problem}`, { cause });
  }
}

/** Even at its smallest, the document is over the partner's limit: refused, never sent to fail. */
export class DocumentTooLarge extends Error {
  constructor(readonly size: number) {
    super(`document of ${size} bytes`);
  }
}
